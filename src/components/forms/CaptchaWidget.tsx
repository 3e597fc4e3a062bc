import { useEffect, useRef } from "react";
import { renderCaptcha } from "../../client/captcha";
import { useSiteSettings } from "../site-settings";
import { FieldError } from "./Field";

/**
 * The captcha widget of a lead form, when a captcha is on (decisions 010 and 045): Turnstile's or
 * SmartCaptcha's, drawn by their script. React leaves the container's children alone (an empty
 * innerHTML it never compares), so the widget the provider's script puts there survives hydration.
 * The form never waits for it (client/captcha.ts).
 */
export function CaptchaWidget({ id, error }: { id: string; error?: string }) {
  const { captcha, captchaSiteKey } = useSiteSettings();
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (captcha && captchaSiteKey && container.current) void renderCaptcha(container.current);
  }, [captcha, captchaSiteKey]);
  if (!captcha || !captchaSiteKey) return null;
  return (
    <div className={`field turnstile${error ? " has-error" : ""}`}>
      <div ref={container} className="turnstile__widget" data-captcha-widget={captcha} data-sitekey={captchaSiteKey} dangerouslySetInnerHTML={{ __html: "" }} />
      <FieldError id={id} error={error} />
    </div>
  );
}

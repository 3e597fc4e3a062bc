import { useEffect, useRef } from "react";
import { renderCaptcha } from "../../client/captcha";
import { useSiteSettings } from "../site-settings";
import { FieldError } from "./Field";

/**
 * The captcha widget of a lead form, when a captcha is on (decisions 010, 045 and 092): Turnstile's
 * or SmartCaptcha's, drawn by their script, or ALTCHA's hidden field, which nothing draws. React leaves the container's children alone (an empty
 * innerHTML it never compares), so the widget the provider's script puts there survives hydration.
 * The form never waits for it (client/captcha.ts).
 */
export function CaptchaWidget({ id, error }: { id: string; error?: string }) {
  const { captcha, captchaSiteKey } = useSiteSettings();
  const container = useRef<HTMLDivElement>(null);
  const own = captcha === "altcha";
  useEffect(() => {
    if (captcha && (own || captchaSiteKey) && container.current) void renderCaptcha(container.current);
  }, [captcha, captchaSiteKey, own]);
  if (!captcha || (!own && !captchaSiteKey)) return null;
  // ALTCHA draws nothing: its container holds the hidden field, and the field's refusal shows under it
  if (own) {
    return (
      <div className={`field altcha${error ? " has-error" : ""}`}>
        <div ref={container} data-captcha-widget={captcha} dangerouslySetInnerHTML={{ __html: "" }} />
        <FieldError id={id} error={error} />
      </div>
    );
  }
  return (
    <div className={`field turnstile${error ? " has-error" : ""}`}>
      <div ref={container} className="turnstile__widget" data-captcha-widget={captcha} data-sitekey={captchaSiteKey} dangerouslySetInnerHTML={{ __html: "" }} />
      <FieldError id={id} error={error} />
    </div>
  );
}

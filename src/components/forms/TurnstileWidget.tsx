import { useEffect, useRef } from "react";
import { renderTurnstile } from "../../client/turnstile";
import { useSiteSettings } from "../site-settings";
import { FieldError } from "./Field";

/**
 * The Turnstile widget of a lead form, when Turnstile is on (decision 010). React leaves the
 * container's children alone (an empty innerHTML it never compares), so the widget that Cloudflare's
 * script puts there survives hydration.
 */
export function TurnstileWidget({ id, error }: { id: string; error?: string }) {
  const { turnstileSiteKey } = useSiteSettings();
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (turnstileSiteKey && container.current) void renderTurnstile(container.current);
  }, [turnstileSiteKey]);
  if (!turnstileSiteKey) return null;
  return (
    <div className={`field turnstile${error ? " has-error" : ""}`}>
      <div ref={container} className="turnstile__widget" data-turnstile-widget="" data-sitekey={turnstileSiteKey} dangerouslySetInnerHTML={{ __html: "" }} />
      <FieldError id={id} error={error} />
    </div>
  );
}

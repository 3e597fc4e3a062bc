import { useCallback, useEffect, useRef, useState } from "react";
import { forgetMetrikaCookies, loadMetrika, metrikaLoaded } from "../../client/metrika";
import { readCookie } from "../../client/visit";
import { ANALYTICS_POLICY_HREF, type AnalyticsConsent, CONSENT_COOKIE, CONSENT_SETTINGS_SELECTOR, consentCookie, parseConsent } from "../../services/consent";
import { defineIsland } from "../island";

interface CookieConsentProps {
  counterId: string;
}

function remember(consent: AnalyticsConsent): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari and Firefox
  document.cookie = consentCookie(consent, location.protocol === "https:");
}

/**
 * The analytics consent (152-FZ, decision 011): Metrika loads only after "Принять". The banner is
 * rendered in the browser only (the page is the same for everyone and may come from the cache),
 * fixed at the bottom, so it moves nothing on the page; the footer's button brings it back.
 */
function CookieConsent({ counterId }: CookieConsentProps) {
  const [open, setOpen] = useState(false);
  const [reopened, setReopened] = useState(false);
  const region = useRef<HTMLElement>(null);

  useEffect(() => {
    const consent = parseConsent(readCookie(CONSENT_COOKIE));
    if (consent === "granted") loadMetrika(Number(counterId));
    else if (consent === null) setOpen(true);
  }, [counterId]);

  useEffect(() => {
    const reopen = (event: MouseEvent) => {
      if (!(event.target as Element | null)?.closest?.(CONSENT_SETTINGS_SELECTOR)) return;
      event.preventDefault();
      setReopened(true);
      setOpen(true);
    };
    document.addEventListener("click", reopen);
    return () => document.removeEventListener("click", reopen);
  }, []);

  // asked for from the footer: the keyboard goes to the question, not back to the top of the page
  useEffect(() => {
    if (open && reopened) region.current?.focus();
  }, [open, reopened]);

  const choose = useCallback(
    (consent: AnalyticsConsent) => {
      remember(consent);
      setOpen(false);
      if (consent === "granted") {
        loadMetrika(Number(counterId));
        return;
      }
      forgetMetrikaCookies();
      // Metrika already running on this page cannot be stopped: the page comes back without it
      if (metrikaLoaded()) location.reload();
    },
    [counterId],
  );

  if (!open) return null;
  return (
    <section
      ref={region}
      className="cookie-consent"
      aria-labelledby="cookie-consent-title"
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === "Escape" && reopened) setOpen(false);
      }}
    >
      <h2 id="cookie-consent-title" className="cookie-consent__title">
        Файлы cookie и аналитика
      </h2>
      <p className="cookie-consent__text">
        Мы хотим включить Яндекс Метрику, чтобы понимать, какие страницы помогают выбрать программу. Она заработает, только если вы
        согласитесь: <a href={ANALYTICS_POLICY_HREF}>согласие на обработку данных для аналитики</a>.
      </p>
      <div className="cookie-consent__actions">
        <button type="button" className="btn btn--primary" onClick={() => choose("granted")}>
          <span className="btn__label">Принять</span>
        </button>
        <button type="button" className="btn btn--outline" onClick={() => choose("denied")}>
          <span className="btn__label">Отказаться</span>
        </button>
      </div>
    </section>
  );
}

export default defineIsland("layout/CookieConsent", CookieConsent, "consent");

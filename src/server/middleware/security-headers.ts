import { createMiddleware } from "hono/factory";
import { secureHeaders } from "hono/secure-headers";
import { CLIENT_LOADER_HASH } from "../../services/client-loader";
import { isolateSlot } from "../../services/isolate";
import { type PublicSettings, publicSettings } from "../config.server";
import type { AppEnv } from "../env";
import type { Template } from "../../services/templates";
import { criticalStyleSource } from "../page-style";

/** Cloudflare Turnstile: its script and the iframe of its widget (decision 010). */
const TURNSTILE_ORIGIN = "https://challenges.cloudflare.com";
/** Yandex SmartCaptcha: its script, the iframe of its widget and the requests its script makes (decision 045). */
const SMARTCAPTCHA_ORIGIN = "https://smartcaptcha.yandexcloud.net";

/** The hosts the chosen captcha needs, per directive; the other provider's none (decision 045). */
function captchaSources(captcha: PublicSettings["captcha"]): { script: string[]; frame: string[]; connect: string[] } {
  if (captcha === "turnstile") return { script: [TURNSTILE_ORIGIN], frame: [TURNSTILE_ORIGIN], connect: [] };
  if (captcha === "smartcaptcha") return { script: [SMARTCAPTCHA_ORIGIN], frame: [SMARTCAPTCHA_ORIGIN], connect: [SMARTCAPTCHA_ORIGIN] };
  return { script: [], frame: [], connect: [] };
}

/** Yandex Metrika: its tag, and the beacons and pixels it sends to the same host (decision 011). */
const METRIKA_ORIGIN = "https://mc.yandex.ru";

/**
 * The site's one inline script is the client's loader (decision 063; island props and JSON-LD are
 * data, not code), so the policy allows scripts from the site's own origin and that loader by its
 * hash, no inline style but the CSS the page inlines (its
 * template's, by its hash; none on an answer that is not such a page), and the explicit host of a
 * third party only when that third party is switched on.
 */
function contentSecurityPolicy(settings: Pick<PublicSettings, "captcha" | "ymCounterId">, style: Template | undefined): string {
  const captcha = captchaSources(settings.captcha);
  const metrika = settings.ymCounterId ? [METRIKA_ORIGIN] : [];
  const list = (...sources: string[]) => sources.join(" ");
  const inlined = style ? criticalStyleSource(style) : undefined;
  return [
    "default-src 'self'",
    // the client's loader, the one inline script, by its hash (decision 063)
    `script-src ${list("'self'", CLIENT_LOADER_HASH, ...captcha.script, ...metrika)}`,
    // the CSS the page's template inlines, by its hash (decisions 041, 062)
    `style-src ${list("'self'", ...(inlined ? [inlined] : []))}`,
    `img-src ${list("'self'", "data:", ...metrika)}`,
    "font-src 'self'",
    `connect-src ${list("'self'", ...captcha.connect, ...metrika)}`,
    `frame-src ${list("'self'", ...captcha.frame)}`,
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
  ].join("; ");
}

const state = isolateSlot("content-security-policies", () => new WeakMap<object, Map<Template | undefined, string>>());

/** One policy per environment object and inlined style: the settings do not change while a Worker lives. */
function policyOf(env: Env, style: Template | undefined): string {
  const policies = state();
  let ofEnv = policies.get(env);
  if (!ofEnv) {
    ofEnv = new Map();
    policies.set(env, ofEnv);
  }
  let policy = ofEnv.get(style);
  if (!policy) {
    policy = contentSecurityPolicy(publicSettings(env), style);
    ofEnv.set(style, policy);
  }
  return policy;
}

/**
 * Hono's secure headers, set as the site has always sent them: HSTS for a year with subdomains,
 * the referrer's origin only across sites, no camera, microphone, place, payment or USB, no
 * framing. Cross-Origin-Resource-Policy is left out: the mirror's pages show the site's pictures
 * (decision 042); X-DNS-Prefetch-Control too, so the browser may resolve Metrika's host early.
 */
const honoSecureHeaders = secureHeaders({
  strictTransportSecurity: "max-age=31536000; includeSubDomains",
  referrerPolicy: "strict-origin-when-cross-origin",
  permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [], usb: [] },
  crossOriginOpenerPolicy: "same-origin",
  crossOriginResourcePolicy: false,
  xFrameOptions: "DENY",
  xDnsPrefetchControl: false,
});

/**
 * Hono's secure headers, then what they cannot do: the Content-Security-Policy of the answer's
 * template (its inlined CSS by hash, the chosen third parties' hosts) and no-store on what a write
 * answers (a form back with its values, an order: never stored).
 */
export const securityHeaders = createMiddleware<AppEnv>((c, next) =>
  honoSecureHeaders(c, async () => {
    await next();
    c.res.headers.set("Content-Security-Policy", policyOf(c.env, c.get("inlinedStyle")));
    if (c.req.method !== "GET" && c.req.method !== "HEAD") c.res.headers.set("Cache-Control", "no-store");
  }),
);

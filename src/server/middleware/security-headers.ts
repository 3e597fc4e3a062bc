import { createMiddleware } from "hono/factory";
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

/** The headers every answer carries; a write's answer is never stored. */
function applySecurityHeaders(headers: Headers, env: Env, method: string, style: Template | undefined): void {
  headers.set("Content-Security-Policy", policyOf(env, style));
  headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("X-Frame-Options", "DENY");
  // what a write answers carries what the visitor sent (a form back with its values, an order): never stored
  if (method !== "GET" && method !== "HEAD") headers.set("Cache-Control", "no-store");
}

export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  applySecurityHeaders(c.res.headers, c.env, c.req.method, c.get("inlinedStyle"));
});

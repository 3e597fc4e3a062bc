import type { Context, Hono } from "hono";
import * as z from "zod/mini";
import { type PromoData, safeRedirect } from "../../services/promo";
import type { AppEnv } from "../../server/env";
import type { OpsApp } from "./ops";
import { opsJson } from "../../server/body";
import { promoRegistry } from "../../server/objects";

/** Promos are cached at the edge this long: a change reaches visitors within a minute. */
export const PROMO_CACHE_S = 60;

const campaignPattern = /^[\w.-]{1,100}$/;
const registry = (c: Context<AppEnv>) => promoRegistry(c.env);

const promoInput = z.object({
  promo_code: z.string().check(z.trim(), z.minLength(1), z.maxLength(32)),
  redirect_url: z.optional(z.nullable(z.string())),
  is_active: z.boolean(),
  show_sticky_bottom: z.boolean(),
});

async function findPromo(c: Context<AppEnv>) {
  const campaign = c.req.param("utm_campaign") ?? "";
  if (!campaignPattern.test(campaign)) return c.json({ ok: false, message: "Нет такой акции" }, 404);
  const cache = (globalThis.caches as CacheStorage & { default?: Cache } | undefined)?.default;
  const key = new Request(new URL(`/api/promo/findPromo/${encodeURIComponent(campaign)}`, c.req.url).href);
  const cached = await cache?.match(key);
  // a cached response has immutable headers: answer with a copy the middleware can add to
  if (cached) return new Response(cached.body, cached);
  const promo = await registry(c).find(campaign);
  const response = promo
    ? c.json(promo satisfies PromoData, 200, { "Cache-Control": `public, max-age=${PROMO_CACHE_S}` })
    : c.json({ ok: false, message: "Нет такой акции" }, 404, { "Cache-Control": `public, max-age=${PROMO_CACHE_S}` });
  if (cache) c.executionCtx.waitUntil(cache.put(key, response.clone()));
  return response;
}

async function putPromo(c: Context<AppEnv>) {
  const campaign = c.req.param("utm_campaign") ?? "";
  if (!campaignPattern.test(campaign)) return c.json({ ok: false, message: "utm_campaign: латиница, цифры, . _ -" }, 400);
  const parsed = await opsJson(c.req.raw, promoInput, "Нужны promo_code, is_active и show_sticky_bottom");
  if ("refusal" in parsed) return c.json(parsed.refusal, 400);
  const raw = parsed.data.redirect_url;
  const redirect = raw === undefined || raw === null || raw === "" ? null : safeRedirect(raw);
  if (raw && !redirect) {
    return c.json({ ok: false, message: "redirect_url: только https:// на разрешённом адресе, без логина и пароля" }, 400);
  }
  const promo: PromoData = { ...parsed.data, redirect_url: redirect };
  await registry(c).set(campaign, promo);
  return c.json({ ok: true, utm_campaign: campaign, ...promo });
}

export function registerPromoApi(app: Hono<AppEnv>): void {
  app.get("/api/promo/findPromo/:utm_campaign", findPromo);
}

/** Ops set promos (mounted at /ops, behind its token). */
export function registerPromoOps(ops: OpsApp): void {
  ops.put("/promos/:utm_campaign", putPromo);
}

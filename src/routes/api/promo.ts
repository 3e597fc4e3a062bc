/** `GET /api/promo/findPromo/:utm_campaign` (spec 7) and the ops' `PUT /ops/promos/:utm_campaign`. */
import { Hono } from "hono";
import * as z from "zod/mini";
import { type PromoData, safeRedirect } from "../../services/promo";
import { promoDataSchema } from "../../services/promo-schema";
import { jsonBody } from "../../server/body";
import { locationCache } from "../../server/cache/cache-api";
import type { AppEnv, OpsApp } from "../../server/env";
import { promoRegistry } from "../../server/objects";
import { validJson, validParam } from "../../server/validate";

/** Promos are cached at the edge this long: a change reaches visitors within a minute. */
const PROMO_CACHE_S = 60;

const NO_PROMO = "Нет такой акции";
const cached = { "Cache-Control": `public, max-age=${PROMO_CACHE_S}` };

const promoInput = z.object({
  promo_code: z.string().check(z.trim(), z.minLength(1), z.maxLength(32)),
  redirect_url: z.optional(z.nullable(z.string())),
  is_active: z.boolean(),
  show_sticky_bottom: z.boolean(),
});

/** A promo as the Cache API kept it (or null: none), read back through its schema. */
async function keptPromo(cache: Cache | undefined, key: Request): Promise<PromoData | null | undefined> {
  const hit = await cache?.match(key);
  if (!hit) return undefined;
  if (hit.status === 404) return null;
  const parsed = z.safeParse(promoDataSchema, await hit.json());
  return parsed.success ? parsed.data : undefined;
}

/** A campaign's name in the path: Latin letters, digits, `.`, `_`, `-`, at most 100. */
const campaignParam = z.object({ utm_campaign: z.string().check(z.regex(/^[\w.-]{1,100}$/)) });

export const promoApi = new Hono<AppEnv>().get("/api/promo/findPromo/:utm_campaign", validParam(campaignParam, (c) => c.json({ ok: false as const, message: NO_PROMO }, 404)), async (c) => {
  const campaign = c.req.valid("param").utm_campaign;
  const cache = locationCache();
  const key = new Request(new URL(`/api/promo/findPromo/${encodeURIComponent(campaign)}`, c.req.url).href);
  const kept = await keptPromo(cache, key);
  const promo = kept === undefined ? await promoRegistry(c.env).find(campaign) : kept;
  const response = promo ? c.json(promo, 200, cached) : c.json({ ok: false as const, message: NO_PROMO }, 404, cached);
  if (cache && kept === undefined) c.executionCtx.waitUntil(cache.put(key, response.clone()));
  return response;
});

export type PromoApi = typeof promoApi;

/** Ops set promos (mounted at /ops, behind its token). */
export function registerPromoOps(ops: OpsApp): void {
  ops.put(
    "/promos/:utm_campaign",
    jsonBody((c, status, message) => c.json({ ok: false, message }, status)),
    validJson(promoInput, (c, _body, parsed) => (parsed.success ? undefined : c.json({ ok: false, message: "Нужны promo_code, is_active и show_sticky_bottom" }, 400))),
    validParam(campaignParam, (c) => c.json({ ok: false, message: "utm_campaign: латиница, цифры, . _ -" }, 400)),
    async (c) => {
      const campaign = c.req.valid("param").utm_campaign;
      const input = c.req.valid("json");
      const raw = input.redirect_url;
      const redirect = raw === undefined || raw === null || raw === "" ? null : safeRedirect(raw);
      if (raw && !redirect) return c.json({ ok: false, message: "redirect_url: только https:// на разрешённом адресе, без логина и пароля" }, 400);
      const promo: PromoData = { ...input, redirect_url: redirect };
      await promoRegistry(c.env).set(campaign, promo);
      return c.json({ ok: true, utm_campaign: campaign, ...promo });
    },
  );
}

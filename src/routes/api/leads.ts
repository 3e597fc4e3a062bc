/**
 * `POST /api/leads` and `POST /api/subscribe` as JSON (DESIGN.md): validated with the forms' own
 * schemas by @hono/zod-validator, refused with the same Russian messages; the islands call them
 * through Hono's typed client (src/client/api.ts), so a changed contract fails to compile. A form
 * posted without JavaScript is answered before these, as a page (routes/pages/forms.tsx).
 */
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { phoneLibraryOrNone } from "../../services/leads/phone";
import { leadBodySchema, subscribeSchema } from "../../services/leads/schemas";
import { jsonBody } from "../../server/body";
import type { AppEnv } from "../../server/env";
import { refusalJson } from "../../server/intake/intake";
import { leadRefusal, subscriptionRefusal, takeLead, takeSubscription } from "../../server/intake/leads";
import { validJson } from "../../server/validate";

/** What the subscription API answers (spec 7: the browser reads `success`). */
const subscribeAnswer = (success: boolean, extra: { message?: string; errors?: Record<string, string> } = {}) => ({ success, ...extra });

/** The phone number library, before the schema reads a number with it (schemas.ts withKnownPhone); a lead is taken without it. */
const phoneLibraryLoaded = createMiddleware<AppEnv>(async (_c, next) => {
  await phoneLibraryOrNone();
  await next();
});

export const leadsApi = new Hono<AppEnv>()
  .post(
    "/api/leads",
    jsonBody((c, status, message) => c.json({ ok: false, message }, status)),
    phoneLibraryLoaded,
    validJson(leadBodySchema, async (c, body, parsed) => {
      const refusal = await leadRefusal(c, body, parsed);
      return refusal ? refusalJson(c, refusal) : undefined;
    }),
    async (c) => {
      const outcome = await takeLead(c, c.req.valid("json"), await c.req.json());
      return "id" in outcome ? c.json({ ok: true as const, id: outcome.id }, 200) : refusalJson(c, outcome);
    },
  )
  .post(
    "/api/subscribe",
    jsonBody((c, status, message) => c.json(subscribeAnswer(false, { message }), status)),
    validJson(subscribeSchema, (c, body, parsed) => {
      const refusal = subscriptionRefusal(c, body, parsed);
      return refusal ? c.json(subscribeAnswer(false, refusal.errors ? { errors: refusal.errors } : { message: refusal.message }), refusal.status) : undefined;
    }),
    async (c) => {
      const outcome = await takeSubscription(c, c.req.valid("json"));
      return "ok" in outcome ? c.json(subscribeAnswer(true), 200) : c.json(subscribeAnswer(false, { message: outcome.message }), outcome.status);
    },
  );

export type LeadsApi = typeof leadsApi;

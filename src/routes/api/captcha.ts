/**
 * `GET /api/captcha/challenge`: a new ALTCHA challenge for a form (decision 092), when ALTCHA is the
 * forms' check; 404 when it is not. Never cached: each form solves its own, and each is spent once.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../server/env";
import { config } from "../../server/config.server";
import { altchaChallenge } from "../../server/intake/altcha.server";
import { captchaOf } from "../../server/intake/captcha.settings";

export const captchaApi = new Hono<AppEnv>().get("/api/captcha/challenge", async (c) => {
  const challenge = captchaOf(config(c.env))?.provider === "altcha" ? await altchaChallenge(c.env) : null;
  if (!challenge) return c.json({ ok: false as const, message: "Проверка не используется." }, 404, { "Cache-Control": "no-store" });
  return c.json({ ok: true as const, challenge }, 200, { "Cache-Control": "no-store" });
});

export type CaptchaApi = typeof captchaApi;

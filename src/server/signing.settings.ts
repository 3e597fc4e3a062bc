/** The one signing secret (decision 054) and what a deployment without it goes without. */
import * as z from "zod/mini";
import { type Environment, settingsGroup } from "../services/settings-schema";

/**
 * The signing secret of the local runtime when `.dev.vars` gives none (`npm start` on a fresh
 * clone, the tests): known to everyone, so it is never used outside ENVIRONMENT "local".
 */
export const LOCAL_SIGNING_SECRET = "local-runtime-only-signing-secret-never-deployed";

/** What a deployment without SIGNING_SECRET goes without (decision 054). */
export const UNSIGNED_EFFECT =
  "the visit evidence (LEAD_MIN_FILL_MS), the fortune wheel and its gifts, the per-phone, per-e-mail and per-address seat limits, the forms' proof of work (ALTCHA) and a free seminar's confirmation by e-mail are off";

export const signingSettings = settingsGroup({
  shape: {
    /**
     * the one secret every signature of the site is made with (the visit evidence, the wheel's
     * draws, the keyed digests of phones and addresses); the local runtime has a default of its
     * own, a deployed one without it has those features off
     */
    SIGNING_SECRET: z.optional(z.string().check(z.minLength(32, "shorter than 32 characters"))),
  },
  secrets: ["SIGNING_SECRET"],
  check: (config) =>
    !config.SIGNING_SECRET && config.ENVIRONMENT !== "local"
      ? [{ setting: "SIGNING_SECRET", reason: `a deployed site signs with its own secret; it is not set in "${config.ENVIRONMENT}"`, effect: UNSIGNED_EFFECT, absent: true }]
      : [],
});

/** The secret the site signs with: SIGNING_SECRET, or in the local runtime alone its known default; null when a deployment has none. */
export function signingSecret(settings: { SIGNING_SECRET?: string; ENVIRONMENT: Environment }): string | null {
  return settings.SIGNING_SECRET ?? (settings.ENVIRONMENT === "local" ? LOCAL_SIGNING_SECRET : null);
}

/** The deployment itself: its address and environment, the local runtime's knobs, and what the pages carry. */
import * as z from "zod/mini";
import { int, settingsGroup } from "../services/settings-schema";

export const siteSettings = settingsGroup({
  shape: {
    SITE_URL: z.optional(z.url({ protocol: /^https?$/ })),
    ENVIRONMENT: z._default(z.enum(["local", "dev", "production"]), "local"),
    /** "1": forms skip sending and open the thank-you at once (spec 4: the global flag) */
    LEADS_DRY_RUN: z.optional(z.enum(["0", "1"])),
    /** the Yandex Metrika counter, loaded only after the visitor's consent; none means no analytics */
    YM_COUNTER_ID: z.optional(z.string().check(z.regex(/^\d{1,12}$/, "not a Metrika counter number"))),
    /**
     * The local runtime only: every read of the catalogue (and of the pages tier) from KV waits this long, as from an edge far
     * from KV (the first visit of a quiet edge, measured by `npm run bench`); ignored elsewhere
     */
    CATALOGUE_READ_DELAY_MS: int(0, 10_000),
    /**
     * "off" switches the pages tier off (decision 043): a fresh isolate renders its first page. `npm
     * run dev` sets it: its Worker reloads on every edit, under the same build id
     */
    PAGE_TIER: z._default(z.enum(["on", "off"]), "on"),
  },
  check: (config) => {
    if (config.CATALOGUE_READ_DELAY_MS === 0 || config.ENVIRONMENT === "local") return [];
    config.CATALOGUE_READ_DELAY_MS = 0;
    return [{ setting: "CATALOGUE_READ_DELAY_MS", reason: `honoured only in the local runtime, not in "${config.ENVIRONMENT}"`, effect: "no delay" }];
  },
});

/**
 * Where leads go (decisions 005, 053): the CRM's webhook, amoCRM, the partners, Roistat, and the
 * affiliate network's click. A sink without its endpoint is skipped; an endpoint without the other
 * settings it needs is switched off rather than sent a request with an empty key.
 */
import * as z from "zod/mini";
import { type Parsed, type SettingProblem, settingsGroup, url } from "../../settings-schema";
import { parseAreaPipelines } from "./amocrm.server";

const shape = {
  CRM_WEBHOOK_URL: url(),
  AMOCRM_BASE_URL: url(),
  /** the amoCRM pipeline of each visitor area's leads, "KZ=7012345,UZ=7012346" (decision 020); others go to the main one */
  AMOCRM_AREA_PIPELINES: z.optional(
    z.pipe(
      z.string().check(z.regex(/^\s*(RU|KZ|UZ|other)\s*=\s*\d{1,12}\s*(,\s*(RU|KZ|UZ|other)\s*=\s*\d{1,12}\s*)*$/, "not AREA=pipeline id pairs such as KZ=7012345,UZ=7012346")),
      z.transform(parseAreaPipelines),
    ),
  ),
  ADVCAKE_URL: url(),
  ADMITAD_URL: url(),
  ADMITAD_CAMPAIGN_CODE: z.optional(z.string()),
  ADMITAD_POSTBACK_KEY: z.optional(z.string()),
  EDPARTNERS_URL: url(),
  SRAVNI_URL: url(),
  HH_URL: url(),
  LEADMAGNET_URL: url(),
  ROISTAT_URL: url(),
  ROISTAT_KEY: z.optional(z.string()),
  /** the affiliate network's click (spec 7), asked by the first page of a visit that came with `a=` */
  AFFILIATE_CLICK_URL: url(),
  /** the mail API a paid order's e-ticket goes through (Unisender Go's, e.g. https://go1.unisender.ru/ru/transactional/api/v1) */
  MAIL_API_URL: url(),
  MAIL_API_KEY: z.optional(z.string().check(z.regex(/^[\w-]{16,200}$/, "not 16 to 200 letters, digits, _ or -"))),
  /** the sender of the e-tickets, an address of a domain the mail API has verified */
  MAIL_FROM_EMAIL: z.optional(z.email()),
  MAIL_FROM_NAME: z.optional(z.string()),
  AMOCRM_CLIENT_ID: z.optional(z.string()),
  AMOCRM_CLIENT_SECRET: z.optional(z.string()),
  AMOCRM_REDIRECT_URI: z.optional(z.string()),
  /**
   * the secret of the amoCRM webhook on a deal's status (`POST /api/amocrm/status?secret=…`,
   * docs/operations.md); without it the webhook is off
   */
  AMOCRM_WEBHOOK_SECRET: z.optional(z.string().check(z.regex(/^[\w-]{16,200}$/, "not 16 to 200 letters, digits, _ or -"))),
  /** the amoCRM statuses that mean an order is paid: its seats are kept past its hold (142, amoCRM's «Успешно реализовано», by default) */
  AMOCRM_PAID_STATUSES: z.prefault(
    z.pipe(
      z.string().check(z.regex(/^\s*\d{1,12}\s*(,\s*\d{1,12}\s*)*$/, "not status ids such as 142,7012345")),
      z.transform((value: string) => value.split(",").map((id) => Number(id.trim()))),
    ),
    "142",
  ),
};

type Name = keyof typeof shape;

/** Settings that are useless without others: the endpoint is switched off when a half is missing. */
const PAIRS: { endpoint: "ADMITAD_URL" | "ROISTAT_URL" | "AMOCRM_BASE_URL" | "MAIL_API_URL"; needs: Name[]; effect: string }[] = [
  { endpoint: "ADMITAD_URL", needs: ["ADMITAD_CAMPAIGN_CODE", "ADMITAD_POSTBACK_KEY"], effect: "the Admitad postback is off" },
  { endpoint: "ROISTAT_URL", needs: ["ROISTAT_KEY"], effect: "Roistat is off" },
  // the token's refresh sends both; without them the CRM's token dies within a day and every lead waits for ops
  { endpoint: "AMOCRM_BASE_URL", needs: ["AMOCRM_CLIENT_ID", "AMOCRM_CLIENT_SECRET"], effect: "amoCRM is off" },
  { endpoint: "MAIL_API_URL", needs: ["MAIL_API_KEY", "MAIL_FROM_EMAIL"], effect: "the e-ticket by mail is off (the order's page still shows it), and a free seminar's registration is not confirmed by e-mail: it holds its seats until the seminar (decision 093)" },
];

function pairProblems(config: Parsed<typeof shape>): SettingProblem[] {
  const problems: SettingProblem[] = [];
  for (const { endpoint, needs, effect } of PAIRS) {
    if (!config[endpoint]) continue;
    const missing = needs.filter((name) => !config[name]);
    if (missing.length === 0) continue;
    const needed = needs.join(" and ");
    for (const name of missing) {
      problems.push({ setting: name, reason: `${endpoint} needs ${needed}; ${needs.length > 1 ? "this one is" : "it is"} not set`, effect, absent: true });
    }
    config[endpoint] = undefined;
  }
  return problems;
}

export const sinkSettings = settingsGroup({
  shape,
  secrets: ["AMOCRM_CLIENT_ID", "AMOCRM_CLIENT_SECRET", "AMOCRM_REDIRECT_URI", "AMOCRM_WEBHOOK_SECRET", "ROISTAT_KEY", "ADMITAD_POSTBACK_KEY", "MAIL_API_KEY"],
  check: pairProblems,
});

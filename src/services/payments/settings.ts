/**
 * The settings of paying on the site with YooKassa (decision 085), read beside the tickets' code:
 * `YOOKASSA_SHOP_ID`, `YOOKASSA_SECRET_KEY` (a secret: never logged, never sent to the browser),
 * `YOOKASSA_API_URL` (YooKassa's own by default), `YOOKASSA_VAT_CODE` (1-6, 54-FZ) and
 * `PAYMENT_HOLD_MINUTES` (how long an order's seats wait for its payment; default 15, fractions
 * allowed). A blank or invalid value is refused: logged once as `config.invalid`, and the feature
 * is off (a hold keeps its default). Payments are on only when the shop id and the key are both given.
 */
import * as z from "zod/mini";
import { isolateSlot } from "../isolate";
import { log } from "../log";

export const YOOKASSA_DEFAULT_API_URL = "https://api.yookassa.ru/v3";
const DEFAULT_PAYMENT_HOLD_MINUTES = 15;

/** A plain decimal number of minutes, a fraction allowed ("0.02", "15"); never hex, binary or an exponent. */
const minutes = z
  .string()
  .check(
    z.regex(/^\d{1,6}(\.\d{1,4})?$/, "a plain decimal number of minutes"),
    z.refine((text) => Number(text) >= 0.01 && Number(text) <= 24 * 60, "from 0.01 to 1440 minutes"),
  );

const shape = {
  YOOKASSA_SHOP_ID: z.string().check(z.regex(/^\d{1,12}$/, "a shop id is digits")),
  YOOKASSA_SECRET_KEY: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,200}$/, "a secret key is letters, digits, _ and -")),
  YOOKASSA_API_URL: z.url({ protocol: /^https?$/, error: "an http(s) address" }),
  YOOKASSA_VAT_CODE: z.string().check(z.regex(/^[1-6]$/, "one of 1-6 (54-FZ)")),
  PAYMENT_HOLD_MINUTES: minutes,
};
type Name = keyof typeof shape;
const SECRET: ReadonlySet<Name> = new Set(["YOOKASSA_SECRET_KEY"]);

export interface YooKassaSettings {
  shopId: string;
  secretKey: string;
  apiUrl: string;
  vatCode: number;
}

export interface PaymentSettings {
  /** null: payments are off (not configured, or a setting refused); orders are confirmed by ops or the CRM */
  yookassa: YooKassaSettings | null;
  holdMinutes: number;
}

export interface PaymentProblem {
  setting: Name;
  reason: string;
  effect: string;
}

/** Reads the settings; every refused one is named with its effect (never the secret's value). */
export function readPaymentSettings(env: Record<string, unknown>): { settings: PaymentSettings; problems: PaymentProblem[] } {
  const problems: PaymentProblem[] = [];
  const read = (name: Name): string | undefined => {
    const raw = env[name];
    if (raw === undefined || raw === null) return undefined;
    const parsed = z.safeParse(shape[name], typeof raw === "string" ? raw : String(raw));
    if (parsed.success) return parsed.data;
    const reason = parsed.error.issues[0]?.message ?? "invalid";
    const shown = SECRET.has(name) || typeof raw !== "string" ? "" : ` (${JSON.stringify(raw.slice(0, 40))})`;
    problems.push({ setting: name, reason: `${reason}${shown}`, effect: name === "PAYMENT_HOLD_MINUTES" ? `the default ${DEFAULT_PAYMENT_HOLD_MINUTES} is used` : "paying on the site is off" });
    return undefined;
  };
  const shopId = read("YOOKASSA_SHOP_ID");
  const secretKey = read("YOOKASSA_SECRET_KEY");
  const apiUrlGiven = env.YOOKASSA_API_URL !== undefined;
  const apiUrl = read("YOOKASSA_API_URL");
  const vatGiven = env.YOOKASSA_VAT_CODE !== undefined;
  const vat = read("YOOKASSA_VAT_CODE");
  const hold = read("PAYMENT_HOLD_MINUTES");
  const refused = (apiUrlGiven && !apiUrl) || (vatGiven && !vat);
  const halfGiven = (env.YOOKASSA_SHOP_ID !== undefined) !== (env.YOOKASSA_SECRET_KEY !== undefined);
  if (halfGiven && problems.length === 0) {
    const missing: Name = env.YOOKASSA_SHOP_ID === undefined ? "YOOKASSA_SHOP_ID" : "YOOKASSA_SECRET_KEY";
    problems.push({ setting: missing, reason: "YooKassa needs both the shop id and the secret key; this one is not set", effect: "paying on the site is off" });
  }
  const yookassa =
    shopId && secretKey && !refused ? { shopId, secretKey, apiUrl: (apiUrl ?? YOOKASSA_DEFAULT_API_URL).replace(/\/+$/, ""), vatCode: Number(vat ?? "1") } : null;
  return { settings: { yookassa, holdMinutes: hold ? Number(hold) : DEFAULT_PAYMENT_HOLD_MINUTES }, problems };
}

const state = isolateSlot("payment-settings", () => ({ parsed: new WeakMap<object, PaymentSettings>(), logged: new Set<string>() }));

/** The payment settings of this environment, parsed once per environment object; each problem logged once per isolate. */
export function paymentSettings(env: Env): PaymentSettings {
  const { parsed, logged } = state();
  const known = parsed.get(env);
  if (known) return known;
  const { settings, problems } = readPaymentSettings(env as unknown as Record<string, unknown>);
  for (const problem of problems) {
    const key = `${problem.setting}:${problem.reason}`;
    if (logged.has(key)) continue;
    logged.add(key);
    log.error("config.invalid", { ...problem });
  }
  parsed.set(env, settings);
  return settings;
}

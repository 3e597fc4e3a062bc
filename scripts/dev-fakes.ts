/**
 * `npm run dev:fakes`: the site as `npm start` runs it, with every third party faked on this
 * machine (tests/support/fake-third-parties.ts): the CRM webhook (genezis), amoCRM, AdvCake, the
 * partners, Roistat, the affiliate click, Turnstile's siteverify, SmartCaptcha's validate and the
 * mail API of the e-tickets (whose letters it prints whole). It
 * seeds the amoCRM token and prints each request a fake receives, so a lead sent in the browser can
 * be watched reaching every sink; `GET /ops/leads` shows it delivered. FAKES_PORT (9180) and PORT
 * (8787) move them; WITH_TURNSTILE=1 puts Turnstile on the forms, with its test keys that always
 * pass; WITH_SMARTCAPTCHA=1 puts Yandex SmartCaptcha on them (CAPTCHA_PROVIDER=smartcaptcha) with
 * the fake's keys: Yandex's real widget does not know that client key and gives no token, so each
 * lead arrives as one without a token would, marked unverified (decision 045). A fake YooKassa
 * (tests/support/fake-yookassa.ts, YOOKASSA_FAKE_PORT, 9182) takes the tickets' payments: its page
 * pays or cancels one, or leave it to hang; its notifications reach the site (decision 085).
 * WITHOUT_YOOKASSA=1 runs the site as without it (orders confirmed by hand).
 */
import { execFileSync } from "node:child_process";
import { fakeSinkEnv, type Receipt, SMARTCAPTCHA_TEST_KEYS, startFakeThirdParties, TURNSTILE_TEST_KEYS } from "../tests/support/fake-third-parties";
import { FAKE_YOOKASSA_SHOP, startFakeYooKassa } from "../tests/support/fake-yookassa";
import { buildAll } from "./build";
import { root, startDevServer } from "./lib/wrangler";

/** The ops token of this local run: printed, so the reader can call the ops endpoints. */
export const DEV_OPS_TOKEN = "dev-ops-token-0123456789";

/** Where the fakes listen unless FAKES_PORT says otherwise: .dev.vars.example's addresses name it. */
export const DEFAULT_FAKES_PORT = 9180;

/**
 * The settings the site runs with: every sink and both captchas' checks at the fakes; the captcha
 * itself on with WITH_TURNSTILE (Turnstile's test keys) or WITH_SMARTCAPTCHA (the fake's keys).
 */
export function devFakesVars(fakesUrl: string, captcha?: "turnstile" | "smartcaptcha", yookassaApiUrl?: string): Record<string, string> {
  return {
    ...fakeSinkEnv(fakesUrl),
    ...(yookassaApiUrl ? { YOOKASSA_SHOP_ID: FAKE_YOOKASSA_SHOP.shopId, YOOKASSA_SECRET_KEY: FAKE_YOOKASSA_SHOP.secretKey, YOOKASSA_API_URL: yookassaApiUrl, YOOKASSA_VAT_CODE: "1" } : {}),
    OPS_TOKEN: DEV_OPS_TOKEN,
    TURNSTILE_VERIFY_URL: `${fakesUrl}/turnstile/v0/siteverify`,
    SMARTCAPTCHA_VERIFY_URL: `${fakesUrl}/smartcaptcha/validate`,
    ...(captcha === "turnstile" ? { TURNSTILE_SITE_KEY: TURNSTILE_TEST_KEYS.siteKeyPasses, TURNSTILE_SECRET_KEY: TURNSTILE_TEST_KEYS.secretPasses } : {}),
    ...(captcha === "smartcaptcha"
      ? { CAPTCHA_PROVIDER: "smartcaptcha", SMARTCAPTCHA_CLIENT_KEY: SMARTCAPTCHA_TEST_KEYS.clientKey, SMARTCAPTCHA_SERVER_KEY: SMARTCAPTCHA_TEST_KEYS.serverKeyPasses }
      : {}),
  };
}

/** Which captcha `npm run dev:fakes` puts on the forms: WITH_SMARTCAPTCHA=1 or WITH_TURNSTILE=1, else none. */
export const devFakesCaptcha = (environment: Record<string, string | undefined>) =>
  environment.WITH_SMARTCAPTCHA ? "smartcaptcha" : environment.WITH_TURNSTILE ? "turnstile" : undefined;

/** One line per request a fake received: which sink, which lead. */
export function describeReceipt(receipt: Receipt): string {
  const body = receipt.body as Record<string, unknown> | Record<string, unknown>[] | undefined;
  const first = Array.isArray(body) ? body[0] : body;
  const lead = receipt.query.order_id ?? receipt.query["fields[lead_id]"] ?? first?.id ?? first?.request_id ?? "";
  if (receipt.sink === "mail") {
    const message = (first as { message: { recipients: { email: string }[]; subject: string; body: { plaintext: string } } }).message;
    return `fake mail       to ${message.recipients[0]?.email}: ${message.subject}\n${message.body.plaintext.replace(/^/gm, "    ")}`;
  }
  return `fake ${receipt.sink.padEnd(10)} ${receipt.method.padEnd(4)} ${receipt.path}${lead ? `  lead ${lead}` : ""}`;
}

async function main() {
  const fakesPort = Number(process.env.FAKES_PORT ?? DEFAULT_FAKES_PORT);
  const port = Number(process.env.PORT ?? 8787);
  const fakes = await startFakeThirdParties(fakesPort, (receipt) => console.log(describeReceipt(receipt)));
  const yookassa = process.env.WITHOUT_YOOKASSA
    ? null
    : await startFakeYooKassa(Number(process.env.YOOKASSA_FAKE_PORT ?? 9182), {
        onRequest: (request) => console.log(`fake yookassa   ${request.method.padEnd(4)} ${request.path}${request.idempotenceKey ? `  key ${request.idempotenceKey}` : ""}`),
      });
  await buildAll();
  execFileSync(process.execPath, [`${root}node_modules/tsx/dist/cli.mjs`, "scripts/content.ts", "push"], { cwd: root, stdio: "inherit" });
  const server = await startDevServer({ port, vars: devFakesVars(fakes.url, devFakesCaptcha(process.env), yookassa?.apiUrl) });
  if (yookassa) yookassa.notifyUrl = `${server.url}/api/payments/yookassa`;
  // the CRM token the fake amoCRM expects (ops seed it by hand in production: docs/operations.md)
  const seeded = await fetch(`${server.url}/ops/crm/token`, {
    method: "PUT",
    headers: { Authorization: `Bearer ${DEV_OPS_TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify({ access: "access-0", refresh: "refresh-0", expired_in: Math.floor(Date.now() / 1000) + 86_400 }),
  });
  if (!seeded.ok) {
    // without the token every amoCRM delivery would fail: say so now rather than in each lead's retries
    console.error(`Seeding the CRM token answered ${seeded.status}: ${(await seeded.text()).slice(0, 200)}`);
    await server.stop();
    await fakes.close();
    await yookassa?.close();
    process.exit(1);
  }
  console.log(`
The site is running at ${server.url}, every third party faked at ${fakes.url}.
Send a lead (${server.url}/apply) and watch it reach each sink below; then
  curl -H "Authorization: Bearer ${DEV_OPS_TOKEN}" ${server.url}/ops/leads
shows its deliveries.${yookassa ? ` Buy a ticket of a paid seminar: the fake YooKassa (${yookassa.url}) shows
«Оплатить» and «Отменить», or leave the payment hanging; either way you come back to /orders/<id>.` : ""}
Ctrl+C stops everything.
`);
  const stop = async () => {
    await server.stop();
    await fakes.close();
    await yookassa?.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

if (process.argv[1]?.endsWith("dev-fakes.ts")) await main();

/**
 * Local fake servers for every third party (DESIGN.md): the CRM webhook (genezis), AdvCake, the
 * partners, Roistat, amoCRM (OAuth with single-use refresh tokens, leads/complex), the
 * affiliate click tracker, Cloudflare Turnstile's siteverify and Yandex SmartCaptcha's validate.
 * Tests steer them through /__ control endpoints.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

export interface Receipt {
  sink: string;
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
  at: number;
}

/** A sink's next requests for one lead that fail: test files share this fake and run side by side, so one's failures must never meet another's leads. */
type Failure = { remaining: number; mode: FailureMode; id: string };
/** 500: answers an error; hang: never answers; slow: answers as usual, 0.7 s late (a request still out while the site moves on). */
type FailureMode = "500" | "hang" | "slow";

const sinks = ["genezis", "advcake", "admitad", "edpartners", "sravni", "hh", "leadmagnet", "roistat", "amocrm", "oauth", "click", "siteverify", "smartcaptcha", "mail"] as const;

/** The fake mail API's key: another is refused, as Unisender Go does. */
const FAKE_MAIL_KEY = "mail-key-for-tests";

/**
 * Cloudflare's documented Turnstile test keys. Secrets decide siteverify's answer; the site keys
 * are what a widget would be given (the always-blocking one never yields a token).
 */
export const TURNSTILE_TEST_KEYS = {
  secretPasses: "1x0000000000000000000000000000000AA",
  secretFails: "2x0000000000000000000000000000000AA",
  secretSpent: "3x0000000000000000000000000000000AA",
  siteKeyPasses: "1x00000000000000000000AA",
  siteKeyBlocks: "2x00000000000000000000AB",
  /** the token a widget with a test site key produces */
  dummyToken: "XXXX.DUMMY.TOKEN.XXXX",
} as const;

/** siteverify as Cloudflare documents it: form fields secret, response, remoteip; JSON {success, error-codes}. */
function siteverify(form: URLSearchParams): { success: boolean; "error-codes": string[] } {
  const secret = form.get("secret") ?? "";
  const token = form.get("response") ?? "";
  if (!secret) return { success: false, "error-codes": ["missing-input-secret"] };
  if (!token) return { success: false, "error-codes": ["missing-input-response"] };
  if (secret === TURNSTILE_TEST_KEYS.secretPasses) return { success: true, "error-codes": [] };
  if (secret === TURNSTILE_TEST_KEYS.secretFails) return { success: false, "error-codes": ["invalid-input-response"] };
  if (secret === TURNSTILE_TEST_KEYS.secretSpent) return { success: false, "error-codes": ["timeout-or-duplicate"] };
  return { success: false, "error-codes": ["invalid-input-secret"] };
}

/**
 * Keys of the fake SmartCaptcha (Yandex publishes no test keys): the server key decides validate's
 * answer, as Turnstile's test secrets decide siteverify's.
 */
export const SMARTCAPTCHA_TEST_KEYS = {
  serverKeyPasses: "ysc2_fake-server-key-passes",
  serverKeyFails: "ysc2_fake-server-key-fails",
  serverKeySpent: "ysc2_fake-server-key-spent",
  clientKey: "ysc1_fake-client-key",
  /** the token the stand-in widget produces */
  dummyToken: "dD0xNjYy.FAKE.SMART.TOKEN",
} as const;

/** SmartCaptcha's validate as Yandex Cloud documents it: secret, token, ip (GET query or POST form); JSON {status, message, host?}. */
function smartCaptchaValidate(params: URLSearchParams): { status: "ok" | "failed"; message: string; host?: string } {
  const secret = params.get("secret") ?? "";
  if (!secret) return { status: "failed", message: "Authentication failed. Secret has not provided." };
  if (!params.get("token")) return { status: "failed", message: "Invalid or expired Token." };
  if (secret === SMARTCAPTCHA_TEST_KEYS.serverKeyPasses) return { status: "ok", message: "", host: "127.0.0.1" };
  if (secret === SMARTCAPTCHA_TEST_KEYS.serverKeyFails) return { status: "failed", message: "" };
  if (secret === SMARTCAPTCHA_TEST_KEYS.serverKeySpent) return { status: "failed", message: "Invalid or expired Token." };
  return { status: "failed", message: "Authentication failed. Invalid secret." };
}

export interface FakeThirdParties {
  url: string;
  port: number;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    request.setEncoding("utf8");
    request.on("data", (chunk) => {
      data += chunk;
    });
    request.on("end", () => resolve(data));
    request.on("error", reject);
  });
}

export async function startFakeThirdParties(port = 0, onReceipt?: (receipt: Receipt) => void): Promise<FakeThirdParties> {
  let receipts: Receipt[] = [];
  const keep = (receipt: Receipt) => {
    receipts.push(receipt);
    onReceipt?.(receipt);
  };
  const attempts = new Map<string, number>();
  const failures = new Map<string, Failure>();
  const amo = { access: "access-0", refresh: "refresh-0", generation: 0, nextLeadId: 1000 };
  /** the leads amoCRM holds, for its search, with what an update set (PATCH /api/v4/leads/:id) */
  const amoLeads: { id: number; name: string; status_id?: number; tags?: string[] }[] = [];
  /**
   * Access tokens amoCRM accepts: as the real one, a refresh issues a new token without revoking
   * the previous (each lives its 24 hours); only refresh tokens are single-use. Test files share
   * this fake, and each seeds its own CRM token object with the first token.
   */
  const accepted = new Set([amo.access]);
  const hanging = new Set<ServerResponse>();
  /** how long a sink takes to answer, on average (the crash drill wants requests in flight) */
  let latencyMs = 0;

  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { "Content-Type": "application/json" });
    response.end(JSON.stringify(body));
  };

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const text = await readBody(request);
    const body = (() => {
      try {
        return text ? JSON.parse(text) : undefined;
      } catch {
        return text;
      }
    })();

    if (url.pathname === "/__received") {
      const sink = url.searchParams.get("sink");
      const id = url.searchParams.get("id");
      const matches = receipts.filter((r) => (!sink || r.sink === sink) && (!id || JSON.stringify(r).includes(id)));
      return json(response, 200, matches);
    }
    if (url.pathname === "/__attempts") return json(response, 200, Object.fromEntries(attempts));
    if (url.pathname === "/__reset") {
      receipts = [];
      attempts.clear();
      failures.clear();
      return json(response, 200, { ok: true });
    }
    if (url.pathname === "/__fail" && request.method === "GET") {
      // how many of a lead's failures are still to come: 0 once the last one's request arrived
      const failure = failures.get(`${url.searchParams.get("sink")}:${url.searchParams.get("id")}`);
      return json(response, 200, { remaining: failure?.remaining ?? 0 });
    }
    if (url.pathname === "/__fail") {
      const { sink, times, mode, id } = body as { sink: string; times: number; mode: FailureMode; id?: string };
      if (!id) return json(response, 400, { error: "a failure names the lead it is for" });
      failures.set(`${sink}:${id}`, { remaining: times, mode, id });
      return json(response, 200, { ok: true });
    }
    // a third party that is down, for as long as a test points a sink here: /__outage/503/genezis
    // answers 503, /__outage/hang/... never answers; no state, so other test files are not touched
    const outage = /^\/__outage\/(5\d\d|hang)\//.exec(url.pathname);
    if (outage) {
      if (outage[1] !== "hang") return json(response, Number(outage[1]), { error: "fake outage" });
      hanging.add(response);
      response.on("close", () => hanging.delete(response));
      return;
    }
    if (url.pathname === "/__latency") {
      latencyMs = Number((body as { ms?: number }).ms) || 0;
      return json(response, 200, { ok: true });
    }
    if (url.pathname === "/__amo") {
      const { access, refresh } = body as { access: string; refresh: string };
      Object.assign(amo, { access, refresh });
      accepted.add(access);
      return json(response, 200, { ok: true });
    }

    const sink =
      url.pathname === "/amocrm/oauth2/access_token"
        ? "oauth"
        : url.pathname.startsWith("/amocrm/")
          ? "amocrm"
          : url.pathname === "/turnstile/v0/siteverify"
            ? "siteverify"
            : url.pathname === "/smartcaptcha/validate"
              ? "smartcaptcha"
              : url.pathname === "/mail/email/send.json"
                ? "mail"
                : url.pathname.slice(1);
    if (!(sinks as readonly string[]).includes(sink)) return json(response, 404, { error: "unknown fake" });
    attempts.set(sink, (attempts.get(sink) ?? 0) + 1);
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs * (0.5 + Math.random())));

    const failure = [...failures.entries()].find(([key, f]) => key.startsWith(`${sink}:`) && f.remaining > 0 && (text.includes(f.id) || url.search.includes(f.id)))?.[1];
    if (failure) {
      failure.remaining -= 1;
      if (failure.mode === "hang") {
        hanging.add(response);
        response.on("close", () => hanging.delete(response));
        return;
      }
      if (failure.mode === "slow") await new Promise((resolve) => setTimeout(resolve, 700));
      else return json(response, 500, { error: "fake failure" });
    }

    const receipt: Receipt = {
      sink,
      method: request.method ?? "GET",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)])),
      body,
      at: Date.now(),
    };

    if (sink === "oauth") {
      const given = body as { refresh_token?: string; grant_type?: string };
      if (given?.grant_type !== "refresh_token" || given.refresh_token !== amo.refresh) return json(response, 400, { error: "invalid_grant" });
      amo.generation += 1;
      amo.access = `access-${amo.generation}`;
      amo.refresh = `refresh-${amo.generation}`;
      accepted.add(amo.access);
      keep(receipt);
      return json(response, 200, { token_type: "Bearer", expires_in: 86400, access_token: amo.access, refresh_token: amo.refresh });
    }
    if (sink === "amocrm") {
      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
      if (!bearer || !accepted.has(bearer)) return json(response, 401, { error: "unauthorized" });
      if (request.method === "GET" && url.pathname === "/amocrm/api/v4/leads") {
        // the search of amoCRM: leads whose fields hold the query; 204 without a body when none do
        const query = url.searchParams.get("query") ?? "";
        const found = amoLeads.filter((lead) => query && lead.name.includes(query));
        if (found.length === 0) {
          response.writeHead(204);
          return response.end();
        }
        return json(response, 200, { _embedded: { leads: found } });
      }
      const one = /^\/amocrm\/api\/v4\/leads\/(\d+)$/.exec(url.pathname);
      if (one) {
        // one deal: read (GET) or updated (PATCH), as amoCRM's API
        const deal = amoLeads.find((lead) => lead.id === Number(one[1]));
        if (!deal) return json(response, 404, { title: "Not Found" });
        if (request.method === "PATCH") {
          keep(receipt);
          const update = body as { status_id?: number; tags_to_add?: { name: string }[] };
          if (update.status_id !== undefined) deal.status_id = update.status_id;
          if (update.tags_to_add) deal.tags = [...(deal.tags ?? []), ...update.tags_to_add.map((tag) => tag.name)];
        }
        return json(response, 200, deal);
      }
      keep(receipt);
      const leads = Array.isArray(body) ? (body as { name?: string; pipeline_id?: unknown }[]) : [];
      // as amoCRM's validation: a pipeline is named by its numeric id
      if (leads.some((lead) => lead.pipeline_id !== undefined && !(Number.isInteger(lead.pipeline_id) && (lead.pipeline_id as number) > 0))) {
        return json(response, 400, { title: "Bad Request", "validation-errors": [{ code: "InvalidType", path: "pipeline_id" }] });
      }
      const created = leads.map((lead) => ({ id: amo.nextLeadId++, contact_id: amo.nextLeadId++, name: String(lead.name ?? "") }));
      amoLeads.push(...created.map(({ id, name }) => ({ id, name })));
      return json(response, 200, created.map(({ id, contact_id }) => ({ id, contact_id })));
    }
    if (sink === "siteverify") {
      const form = new URLSearchParams(text);
      keep({ ...receipt, body: Object.fromEntries(form) });
      return json(response, 200, siteverify(form));
    }
    if (sink === "smartcaptcha") {
      const params = new URLSearchParams(request.method === "GET" ? url.search : text);
      keep({ ...receipt, body: Object.fromEntries(params) });
      return json(response, 200, smartCaptchaValidate(params));
    }
    if (sink === "mail") {
      // as Unisender Go: the key in X-API-KEY; a message whose idempotence_key was sent before is not sent again
      if (request.headers["x-api-key"] !== FAKE_MAIL_KEY) return json(response, 401, { status: "error", message: "Invalid API key", code: 102 });
      const key = (body as { message?: { idempotence_key?: string } })?.message?.idempotence_key;
      if (!key || !receipts.some((r) => r.sink === "mail" && (r.body as { message?: { idempotence_key?: string } }).message?.idempotence_key === key)) keep(receipt);
      return json(response, 200, { status: "success", job_id: `job-${key ?? "x"}`, emails: [(body as { message: { recipients: { email: string }[] } }).message.recipients[0]?.email] });
    }
    if (sink === "click") {
      keep(receipt);
      return json(response, 200, { click_id: `click-${url.searchParams.get("a") ?? "x"}` });
    }
    keep(receipt);
    return json(response, 200, { ok: true });
  });

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${actualPort}`,
    port: actualPort,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The Worker's environment pointing every sink at the fakes. */
export function fakeSinkEnv(base: string): Record<string, string> {
  return {
    CRM_WEBHOOK_URL: `${base}/genezis`,
    ADVCAKE_URL: `${base}/advcake`,
    ADMITAD_URL: `${base}/admitad`,
    ADMITAD_CAMPAIGN_CODE: "campaign-1",
    ADMITAD_POSTBACK_KEY: "postback-key",
    EDPARTNERS_URL: `${base}/edpartners`,
    SRAVNI_URL: `${base}/sravni`,
    HH_URL: `${base}/hh`,
    LEADMAGNET_URL: `${base}/leadmagnet`,
    ROISTAT_URL: `${base}/roistat`,
    ROISTAT_KEY: "roistat-key",
    AMOCRM_BASE_URL: `${base}/amocrm`,
    AMOCRM_CLIENT_ID: "client-id",
    AMOCRM_CLIENT_SECRET: "client-secret",
    AMOCRM_REDIRECT_URI: "https://mip.institute/amo",
    AFFILIATE_CLICK_URL: `${base}/click`,
    MAIL_API_URL: `${base}/mail`,
    MAIL_API_KEY: FAKE_MAIL_KEY,
    MAIL_FROM_EMAIL: "tickets@mip.institute",
  };
}

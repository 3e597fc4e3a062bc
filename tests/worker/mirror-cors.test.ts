/**
 * The Worker as the API of the mirror for Russian hosting (decision 042): CORS with credentials for
 * the origins of MIRROR_ORIGINS and nothing for any other, their form posts taken and another
 * origin's refused as before, the visit's evidence and cookies from `GET /api/visit` on the domain
 * the mirror and the API share, and a bad MIRROR_ORIGINS closed and logged.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import worker from "../../src/worker/index";
import { refusals } from "../../src/services/leads/messages";
import { log } from "../../src/services/log";
import { defaultCatalogue } from "../support/content";
import { seedCrmToken, uniqueId, validLead, visitEvidence } from "./leads-helpers";
import { seedCatalogue } from "./seed";
import { settingsWith } from "./with-settings";

const mirror = "https://ru.mip.institute";
const api = "https://api.mip.institute";
const stranger = "https://evil.example";
const settings = settingsWith({ MIRROR_ORIGINS: `${mirror}, http://127.0.0.1:8801` });

beforeAll(async () => {
  await seedCatalogue(defaultCatalogue("mirror-v1"));
  await seedCrmToken();
});

afterEach(() => vi.restoreAllMocks());

/** One request to the Worker at the API's address. */
async function request(env: Env, path: string, init: RequestInit = {}): Promise<Response> {
  const context = createExecutionContext();
  const response = await worker.fetch(new Request(`${api}${path}`, { redirect: "manual", ...init }), env, context);
  await waitOnExecutionContext(context);
  return response;
}

const preflight = (env: Env, origin: string) =>
  request(env, "/api/leads", {
    method: "OPTIONS",
    headers: { Origin: origin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type" },
  });

async function postLead(env: Env, origin: string, cookie?: string) {
  const lead = validLead();
  const response = await request(env, "/api/leads", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: origin,
      "Sec-Fetch-Site": "same-site",
      "CF-Connecting-IP": uniqueId("ip"),
      Cookie: cookie ?? (await visitEvidence()),
    },
    body: JSON.stringify(lead),
  });
  return { lead, response };
}

const corsHeaders = (response: Response) =>
  [...response.headers.keys()].filter((name) => name.startsWith("access-control-"));

describe("CORS for the mirror's origins", () => {
  it("a listed origin's preflight is answered with its origin, credentials, POST and Content-Type", async () => {
    const response = await preflight(settings, mirror);
    expect(response.status).toBe(204);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe(mirror);
    expect(response.headers.get("Access-Control-Allow-Credentials")).toBe("true");
    expect(response.headers.get("Access-Control-Allow-Methods")).toContain("POST");
    expect(response.headers.get("Access-Control-Allow-Headers")?.toLowerCase()).toContain("content-type");
    expect(response.headers.get("Vary")).toContain("Origin");
  });

  it("a listed origin's GET and JSON lead carry its origin and credentials; the lead is taken", async () => {
    const seats = await request(settings, "/api/search?q=психолог", { headers: { Origin: "http://127.0.0.1:8801" } });
    expect(seats.status).toBe(200);
    expect(seats.headers.get("Access-Control-Allow-Origin")).toBe("http://127.0.0.1:8801");
    expect(seats.headers.get("Access-Control-Allow-Credentials")).toBe("true");
    const { response } = await postLead(settings, mirror);
    expect(response.status).toBe(200);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe(mirror);
    expect(response.headers.get("Access-Control-Allow-Credentials")).toBe("true");
  });

  it("every address the mirror's pages call answers its origin: seats, promos (the second from the cache), search, the wheel, refusals", async () => {
    const seminar = defaultCatalogue("mirror-v1").seminars[0]!;
    const from = { Origin: mirror, "Sec-Fetch-Site": "same-site", "CF-Connecting-IP": uniqueId("ip") };
    const answers = [
      await request(settings, `/api/seminars/${seminar.id}/tickets`, { headers: from }),
      await request(settings, "/api/promo/findPromo/spring-mirror", { headers: from }),
      await request(settings, "/api/promo/findPromo/spring-mirror", { headers: from }),
      await request(settings, "/api/search?q=%D0%BF%D1%81%D0%B8%D1%85%D0%BE%D0%BB%D0%BE%D0%B3", { headers: from }),
      await request(settings, "/api/wheel/spin", { method: "POST", headers: { ...from, Cookie: await visitEvidence() } }),
      await request(settings, "/api/leads", { method: "POST", headers: { ...from, "Content-Type": "application/json" }, body: "{" }),
    ];
    for (const answer of answers) {
      expect(answer.headers.get("Access-Control-Allow-Origin"), answer.url).toBe(mirror);
      expect(answer.headers.get("Access-Control-Allow-Credentials"), answer.url).toBe("true");
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 404, 404, 200, expect.any(Number), 400]);
  });

  it("an origin not listed gets no CORS header, and its posts are refused as before", async () => {
    expect(corsHeaders(await preflight(settings, stranger))).toEqual([]);
    expect(corsHeaders(await request(settings, "/api/search?q=психолог", { headers: { Origin: stranger } }))).toEqual([]);
    const { response } = await postLead(settings, stranger);
    expect(response.status).toBe(403);
    expect(corsHeaders(response)).toEqual([]);
  });

  it("none by default: the mirror's own origin gets nothing without MIRROR_ORIGINS", async () => {
    expect(corsHeaders(await preflight(settingsWith({}), mirror))).toEqual([]);
    expect((await postLead(settingsWith({}), mirror)).response.status).toBe(403);
  });

  it("a form posted without JavaScript from a listed origin is taken and ends on the Worker's thank-you; from another, 403", async () => {
    const form = async (origin: string) =>
      request(settings, "/api/leads", {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: origin,
          "Sec-Fetch-Site": origin === mirror ? "same-site" : "cross-site",
          "CF-Connecting-IP": uniqueId("ip"),
          Cookie: await visitEvidence(),
        },
        body: new URLSearchParams({ form: "popup", cta: "askQuestion", name: "Анна", phone: "+7 (912) 345-67-89" }).toString(),
      });
    const taken = await form(mirror);
    expect(taken.status).toBe(303);
    expect(taken.headers.get("Location")).toMatch(/^\/gratefull\?lead=/);
    const refused = await form(stranger);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(refusals.crossSite);
  });

  it.each([
    ["a path", `${mirror}/ru`],
    ["a wildcard", "*"],
    ["a word", "ru.mip.institute"],
    ["another scheme", "ftp://ru.mip.institute"],
    ["an empty item", `${mirror},,https://b.example`],
  ])("MIRROR_ORIGINS with %s is refused: logged as config.invalid, CORS closed, the mirror's posts refused", async (_, value) => {
    const errors = vi.spyOn(log, "error").mockImplementation(() => undefined);
    const bad = settingsWith({ MIRROR_ORIGINS: value });
    expect(corsHeaders(await preflight(bad, mirror))).toEqual([]);
    expect((await postLead(bad, mirror)).response.status).toBe(403);
    expect((await request(bad, "/")).status).toBe(200);
    expect(errors).toHaveBeenCalledWith("config.invalid", expect.objectContaining({ setting: "MIRROR_ORIGINS", effect: "the feature is off" }));
  });
});

describe("GET /api/visit: the visit's evidence for a page of the mirror", () => {
  const cookiesOf = (response: Response) => response.headers.getSetCookie();

  it("hands out the evidence and the visit's cookies on the domain the mirror and the API share", async () => {
    const response = await request(settings, `/api/visit?page=${encodeURIComponent("/programs?utm_source=yandex&utm_campaign=spring&admitad_uid=abc123")}`, {
      headers: { Origin: mirror },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe(mirror);
    const cookies = cookiesOf(response);
    const named = (name: string) => cookies.find((cookie) => cookie.startsWith(`${name}=`));
    for (const name of ["first_visit", "utm", "roistat_ab", "admitad_uid"]) {
      expect(named(name), name).toMatch(/; Domain=mip\.institute;/);
      expect(named(name), name).toContain("SameSite=Lax");
      expect(named(name), name).toContain("Secure");
    }
    expect(decodeURIComponent(named("utm")!)).toContain('"utm_campaign":"spring"');
    expect(named("first_visit")).toContain("HttpOnly");

    // the evidence it gave is the server's own: a lead sent at once is too fast, not a lead without a visit
    const evidence = named("first_visit")!.split(";")[0]!;
    const { response: tooFast } = await postLead(settings, mirror, evidence);
    expect(tooFast.status).toBe(400);
    expect(await tooFast.json()).toMatchObject({ message: refusals.tooFast });
  });

  it("an image of a page without JavaScript (no Origin, the mirror in Referer) gets the same; a visitor with evidence keeps it", async () => {
    const response = await request(settings, "/api/visit", { headers: { Referer: `${mirror}/` } });
    expect(response.status).toBe(204);
    expect(cookiesOf(response).find((cookie) => cookie.startsWith("first_visit="))).toMatch(/; Domain=mip\.institute;/);
    const again = await request(settings, "/api/visit", { headers: { Origin: mirror, Cookie: await visitEvidence() } });
    expect(again.status).toBe(204);
    expect(cookiesOf(again).filter((cookie) => cookie.startsWith("first_visit="))).toEqual([]);
  });

  it("for a request not from a mirror the cookies stay the API's own host's", async () => {
    const response = await request(settings, "/api/visit", { headers: { Origin: stranger } });
    expect(response.status).toBe(204);
    const evidence = cookiesOf(response).find((cookie) => cookie.startsWith("first_visit="));
    expect(evidence).toBeDefined();
    expect(evidence).not.toContain("Domain=");
    expect(corsHeaders(response)).toEqual([]);
  });

  it("a page that is not a path of the site is refused", async () => {
    expect((await request(settings, `/api/visit?page=${encodeURIComponent("https://evil.example/")}`, { headers: { Origin: mirror } })).status).toBe(400);
  });
});

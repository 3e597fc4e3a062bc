/**
 * Decision 092: the forms' own human check, an ALTCHA proof of work made and checked by the Worker
 * with no third party. A challenge from `GET /api/captcha/challenge`, solved here as the browser's
 * script solves it (altcha-lib with WebCrypto's PBKDF2), passes once; a replayed, tampered, expired
 * or foreign proof is refused with a Russian message under the form; no proof at all is the visit's
 * evidence and the tighter budget, as for any captcha (decision 045).
 */
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/web/pbkdf2";
import type { Challenge } from "altcha-lib/types";
import { beforeAll, describe, expect, it } from "vitest";
import { ALTCHA_LIFETIME_S, ALTCHA_WORK, altchaChallenge } from "../../src/server/intake/altcha.server";
import { encodeProof } from "../../src/services/leads/altcha-proof";
import { refusals } from "../../src/services/leads/messages";
import { defaultCatalogue } from "../support/content";
import { kept, origin, outboxOf, received, seedCrmToken, settled, validLead, visitEvidence } from "./leads-helpers";
import { seedCatalogue } from "./seed";
import { fetchWith as call, settingsWith } from "./with-settings";

const catalogue = defaultCatalogue("altcha-v1");

beforeAll(async () => {
  await seedCatalogue(catalogue);
  await seedCrmToken();
});

/** The Worker as deployed by default: no CAPTCHA_PROVIDER, no Turnstile keys, a signing secret (the local one). */
const altchaOn = (more: Record<string, string> = {}) => settingsWith({ CAPTCHA_PROVIDER: undefined as unknown as string, LEAD_MIN_FILL_MS: "0", ...more });

let hosts = 0;
const newAddress = () => `203.0.${Math.floor(Math.random() * 250)}.${(hosts++ % 250) + 1}`;

async function postLead(settings: Env, body: Record<string, unknown>, { address = newAddress(), visited = true } = {}) {
  return call(settings, "/api/leads", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin, "CF-Connecting-IP": address, ...(visited ? { Cookie: await visitEvidence() } : {}) },
    body: JSON.stringify(body),
  });
}

async function challengeOf(settings: Env): Promise<Challenge> {
  const response = await call(settings, "/api/captcha/challenge");
  expect(response.status).toBe(200);
  const answer = (await response.json()) as { ok: true; challenge: Challenge };
  return answer.challenge;
}

async function solved(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 20_000 });
  if (!solution) throw new Error("the challenge was not solved");
  return encodeProof({ challenge, solution });
}

describe("the challenge", () => {
  it("is on by default, signed, costs the work decision 092 sets, lasts half an hour and is never cached", async () => {
    const settings = altchaOn();
    const page = await call(settings, "/contacts");
    expect(await page.text()).toContain('data-captcha="altcha"');
    const response = await call(settings, "/api/captcha/challenge");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const { challenge } = (await response.json()) as { challenge: Challenge };
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters).toMatchObject({ algorithm: ALTCHA_WORK.algorithm, cost: ALTCHA_WORK.cost });
    expect(challenge.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    const lasts = (challenge.parameters.expiresAt ?? 0) - Date.now() / 1000;
    expect(lasts).toBeGreaterThan(ALTCHA_LIFETIME_S - 60);
    expect(lasts).toBeLessThanOrEqual(ALTCHA_LIFETIME_S);
    // two challenges are two pieces of work
    expect((await challengeOf(settings)).parameters.nonce).not.toBe(challenge.parameters.nonce);
  });

  it("is not given when another captcha or none is on: 404, and the pages say nothing of ALTCHA", async () => {
    const off = settingsWith({ CAPTCHA_PROVIDER: "off" });
    expect((await call(off, "/api/captcha/challenge")).status).toBe(404);
    expect(await (await call(off, "/contacts")).text()).not.toContain("data-captcha=");
  });
});

describe("a lead with a proof", () => {
  it("solved as the browser solves it: taken, marked passed for the CRM", async () => {
    const settings = altchaOn();
    const lead = { ...validLead(), altcha: await solved(await challengeOf(settings)) };
    const response = await postLead(settings, lead);
    expect(response.status).toBe(200);
    expect(await outboxOf(lead.id).get(lead.id)).toMatchObject({ captcha: { provider: "altcha", verdict: "passed" } });
    await settled(lead.id);
    const [webhook] = await received("genezis", lead.id);
    expect(webhook?.body).toMatchObject({ id: lead.id, captcha: { provider: "altcha", verdict: "passed" } });
    expect(JSON.stringify(webhook?.body)).not.toContain(lead.altcha.slice(0, 40));
  });

  it("sent again, from another address: refused once spent, nothing stored", async () => {
    const settings = altchaOn();
    const proof = await solved(await challengeOf(settings));
    expect((await postLead(settings, { ...validLead(), altcha: proof })).status).toBe(200);
    const again = { ...validLead(), altcha: proof };
    const response = await postLead(settings, again);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ ok: false, message: refusals.altchaExpired, errors: { turnstile: refusals.altchaExpired } });
    expect(await outboxOf(again.id).get(again.id)).toBeNull();
  });

  it("is spent once whatever comes with it: a new lead id twice, no id twice, the same lead again", async () => {
    const settings = altchaOn();
    const proof = await solved(await challengeOf(settings));
    const lead = { ...validLead(), altcha: proof };
    const address = newAddress();
    expect((await postLead(settings, lead, { address })).status).toBe(200);
    const { id: _, ...withoutId } = validLead();
    const replays: Record<string, unknown>[] = [{ ...validLead(), altcha: proof }, { ...validLead(), altcha: proof }, { ...withoutId, altcha: proof }, { ...withoutId, altcha: proof }];
    for (const body of replays) {
      const response = await postLead(settings, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message: refusals.altchaExpired });
    }
    // the same lead again after a lost answer: refused with the proof; sent again without it, the same one lead (decision 016)
    expect((await postLead(settings, lead, { address })).status).toBe(400);
    const { altcha: __, ...plain } = lead;
    expect((await postLead(settings, plain, { address })).status).toBe(200);
    await settled(lead.id);
    expect(await kept("genezis", lead.id)).toHaveLength(1);
  });

  it("tampered (an easier cost, a key not derived, junk): refused with the message to send again", async () => {
    const settings = altchaOn();
    const challenge = await challengeOf(settings);
    const good = JSON.parse(atob(await solved(challenge))) as { challenge: Challenge; solution: { counter: number; derivedKey: string } };
    const easier = { ...good, challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, cost: 1 } } };
    // the key is what proves the work (the counter alone is not checked against the key's signature)
    const wrongKey = { ...good, solution: { ...good.solution, derivedKey: `${good.solution.derivedKey.startsWith("0") ? "1" : "0"}${good.solution.derivedKey.slice(1)}` } };
    for (const altcha of [btoa(JSON.stringify(easier)), btoa(JSON.stringify(wrongKey)), "bm90IGEgcHJvb2Y=", "%%%"]) {
      const lead = { ...validLead(), altcha };
      const response = await postLead(settings, lead);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message: refusals.altchaFailed });
      expect(await outboxOf(lead.id).get(lead.id)).toBeNull();
    }
  });

  it("expired, or signed by another deployment's secret: refused", async () => {
    const settings = altchaOn();
    const old = await altchaChallenge(settings, Date.now() - (ALTCHA_LIFETIME_S + 60) * 1000);
    const stale = await postLead(settings, { ...validLead(), altcha: await solved(old as Challenge) });
    expect(stale.status).toBe(400);
    expect(await stale.json()).toMatchObject({ message: refusals.altchaExpired });
    const foreign = await altchaChallenge(settingsWith({ SIGNING_SECRET: "another-deployments-signing-secret-0123456789" }));
    const response = await postLead(settings, { ...validLead(), altcha: await solved(foreign as Challenge) });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: refusals.altchaFailed });
  });
});

describe("a lead without a proof (no JavaScript, or sent before the browser finished)", () => {
  it("is taken on the visit's evidence, marked unverified; without a visit it is refused", async () => {
    const settings = altchaOn();
    const lead = validLead();
    expect((await postLead(settings, lead)).status).toBe(200);
    expect(await outboxOf(lead.id).get(lead.id)).toMatchObject({ captcha: { provider: "altcha", verdict: "unverified", reason: "no_token" } });
    const stranger = validLead();
    const refused = await postLead(settings, stranger, { visited: false });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ message: refusals.noVisit });
  });

  it("is refused with ALTCHA's own words when the deployment requires the check (UNVERIFIED_LEAD_RATE_LIMIT=0)", async () => {
    const response = await postLead(altchaOn({ UNVERIFIED_LEAD_RATE_LIMIT: "0" }), validLead());
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: refusals.altchaMissing });
  });
});

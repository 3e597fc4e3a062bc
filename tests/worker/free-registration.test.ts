/**
 * A free seminar's registration (decision 093, issue 40 point 5): its seat is held PAYMENT_HOLD_MINUTES
 * until its holder opens the link in the letter sent to the e-mail they gave and presses the button;
 * then the e-ticket comes, and the CRM hears of a confirmed registration, never of a payment. Unconfirmed,
 * the seat comes back. A site that sends no letters holds the seat until the seminar, as before.
 */
import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { confirmKey } from "../../src/server/keys.server";
import type { BuiltCatalogue } from "../../src/services/catalogue/build";
import { defaultCatalogue } from "../support/content";
import { fakes, newPhone, opsToken, origin, received, seedCrmToken, settled, uniqueId, visitEvidence, webhookEvents } from "./leads-helpers";
import { seedCatalogue } from "./seed";
import { fetchWith, settingsWith } from "./with-settings";

let catalogue: BuiltCatalogue;

beforeAll(async () => {
  const base = defaultCatalogue("free-registration-v1");
  const template = base.seminars[0]!;
  const own = (id: string, tickets: number) => ({ ...template, id, slug: id, tickets_quantity: tickets, price: 0 });
  catalogue = { ...base, seminars: [...base.seminars, own("reg-a", 10), own("reg-b", 10), own("reg-c", 10), own("reg-d", 10), own("reg-e", 10), own("reg-f", 10)] };
  await seedCatalogue(catalogue);
  await seedCrmToken();
});

const stub = (id: string) => env.SEMINAR_TICKETS.get(env.SEMINAR_TICKETS.idFromName(id));
/** Holds of 1.2 s, to watch one end. */
const shortHold = settingsWith({ PAYMENT_HOLD_MINUTES: "0.02" });
/** The test settings without the mail API: no letter can go. */
const noMail = (() => {
  const { MAIL_API_URL: _url, ...rest } = env as unknown as Record<string, unknown>;
  return rest as unknown as Env;
})();

interface Letter {
  subject: string;
  idempotence_key: string;
  recipients: { email: string }[];
  body: { plaintext: string; html: string };
}

async function register(seminarId: string, settings: Env = env) {
  const sent = { id: uniqueId("reg"), name: "Ольга", phone: newPhone(), email: `${uniqueId("olga")}@example.ru`, seminar_id: seminarId, tickets: 1, cta: "buyTicket" };
  const response = await fetchWith(settings, "/api/tickets", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin, "CF-Connecting-IP": uniqueId("ip"), Cookie: await visitEvidence() },
    body: JSON.stringify(sent),
  });
  expect(response.status).toBe(200);
  return { sent, answer: (await response.json()) as { order: { held_until?: string; order_url?: string; payment_url?: string } } };
}

/** The letters the mail API took for an order, by their idempotence key's kind (`confirm-…`, `ticket-…`). */
async function letters(id: string, kind: "confirm" | "ticket"): Promise<Letter[]> {
  return (await received("mail", id)).map((r) => (r.body as { message: Letter }).message).filter((m) => m.idempotence_key === `${kind}-${id}`);
}

/** The confirmation link of the letter the registrant got. */
async function linkOf(id: string): Promise<string> {
  await vi.waitFor(async () => expect(await letters(id, "confirm")).toHaveLength(1), { timeout: 15_000, interval: 100 });
  const [letter] = await letters(id, "confirm");
  const link = /https:\/\/mip\.institute(\/orders\/[^\s]+\/confirm\?key=[0-9a-f]{32})/.exec(letter!.body.plaintext)?.[1];
  expect(link, letter!.body.plaintext).toBeDefined();
  return link!;
}

const press = (link: string, settings: Env = env) =>
  fetchWith(settings, link, { method: "POST", headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin" }, body: "" });
const state = async (id: string) => (await (await fetchWith(env, `/api/orders/${id}`)).json()) as Record<string, unknown>;

describe("a free seminar's registration, when the site sends letters", () => {
  it("holds the seat for PAYMENT_HOLD_MINUTES and sends the e-mail given a letter with a signed link, with no word of payment", async () => {
    const { sent, answer } = await register("reg-a");
    const held = Date.parse(answer.order.held_until!);
    expect(held).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(held).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
    expect(answer.order.order_url).toBe(`/orders/${sent.id}`);
    expect(answer.order.payment_url).toBeUndefined();
    expect(await stub("reg-a").orderOf(sent.id)).toMatchObject({ status: "held" });
    expect(await state(sent.id)).toMatchObject({ status: "awaiting_confirmation", held_until: answer.order.held_until });
    await linkOf(sent.id);
    const [letter] = await letters(sent.id, "confirm");
    expect(letter!.recipients).toEqual([{ email: sent.email }]);
    expect(letter!.subject).toMatch(/^Подтвердите регистрацию: /);
    expect(letter!.body.plaintext).toContain("Подтвердить регистрацию");
    expect(`${letter!.body.plaintext} ${letter!.subject}`).not.toMatch(/оплат/i);
    // its page says what to do, and confirms nothing by being read
    const page = await (await fetchWith(env, `/orders/${sent.id}`)).text();
    expect(page).toContain("Подтвердите регистрацию");
    expect(page).not.toMatch(/Оплатить|оплачен/);
  });

  it("is confirmed by one press on the link's page: the seat is kept, the e-ticket comes once, and the CRM hears of a registration, not a payment", async () => {
    const { sent } = await register("reg-b");
    const link = await linkOf(sent.id);
    // opening the link (a mail scanner does) confirms nothing: the page asks for the press
    const opened = await fetchWith(env, link);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("Cache-Control")).toBe("no-store");
    expect(opened.headers.get("X-Robots-Tag")).toBe("noindex");
    // its address holds the key: another site it links to is told the origin alone
    expect(opened.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    const html = await opened.text();
    expect(html).toMatch(/<form[^>]*method="post"/);
    expect(html).toContain("Подтвердить регистрацию");
    expect((await stub("reg-b").orderOf(sent.id))?.status).toBe("held");

    const pressed = await press(link);
    expect(pressed.status).toBe(303);
    expect(pressed.headers.get("Location")).toBe(`/orders/${sent.id}`);
    expect(await stub("reg-b").orderOf(sent.id)).toMatchObject({ status: "confirmed", holdUntil: null });
    // no hold ends it now
    await runDurableObjectAlarm(stub("reg-b"));
    expect((await stub("reg-b").orderOf(sent.id))?.status).toBe("confirmed");
    const view = await state(sent.id);
    expect(view).toMatchObject({ status: "registered", sum: 0, ticket_code: expect.stringMatching(new RegExp(`^${sent.id}\\.[0-9a-f]{16}$`)) });
    const page = await (await fetchWith(env, `/orders/${sent.id}`)).text();
    expect(page).toContain("Вы зарегистрированы: ваш электронный билет");
    expect(page).toContain(view.ticket_code as string);
    expect((await fetchWith(env, `/orders/${sent.id}/ticket.ics`)).status).toBe(200);

    // pressed again (a second tab, the back button): one confirmation, one letter
    expect((await press(link)).status).toBe(303);
    await vi.waitFor(async () => expect(await letters(sent.id, "ticket")).toHaveLength(1), { timeout: 15_000, interval: 100 });
    const [ticket] = await letters(sent.id, "ticket");
    expect(ticket!.recipients).toEqual([{ email: sent.email }]);
    expect(ticket!.body.plaintext).toContain("Регистрация подтверждена");
    expect(ticket!.body.plaintext).toContain(view.ticket_code as string);
    expect(ticket!.body.plaintext).not.toMatch(/Оплата/);
    // the CRM: the webhook's event and amoCRM's tag, and the deal is not moved to «won» as a sale would be
    await vi.waitFor(
      async () => expect((await webhookEvents(sent.id)).map((e) => e.event ?? "lead")).toEqual(["lead", "order.confirmed"]),
      { timeout: 15_000, interval: 100 },
    );
    const outbox = await settled(sent.id);
    const dealId = /amo lead (\d+)/.exec(outbox.deliveries.find((d) => d.sink === "amocrm")?.detail ?? "")?.[1];
    await vi.waitFor(
      async () => {
        const deal = (await (await fetch(`${fakes}/amocrm/api/v4/leads/${dealId}`, { headers: { Authorization: "Bearer access-0" } })).json()) as { status_id?: number; tags?: string[] };
        expect(deal.tags).toContain("регистрация подтверждена");
        expect(deal.status_id).toBeUndefined();
      },
      { timeout: 15_000, interval: 100 },
    );
  });

  it("is confirmed by no other key: a wrong, another order's or no key is the page of no such order, and the seat stays held", async () => {
    const { sent } = await register("reg-c");
    const other = await register("reg-c");
    const otherLink = await linkOf(other.sent.id);
    const otherKey = new URL(otherLink, origin).searchParams.get("key")!;
    for (const link of [`/orders/${sent.id}/confirm?key=${otherKey}`, `/orders/${sent.id}/confirm?key=${"0".repeat(32)}`, `/orders/${sent.id}/confirm`, `/orders/${sent.id}/confirm?key=x&key=y`]) {
      expect((await fetchWith(env, link)).status, link).toBe(404);
      expect((await press(link)).status, link).toBe(404);
    }
    expect((await stub("reg-c").orderOf(sent.id))?.status).toBe("held");
    expect(await state(sent.id)).toMatchObject({ status: "awaiting_confirmation" });
  });

  it("unconfirmed, gives the seat back when the hold ends; the late press confirms nothing and says so", async () => {
    const before = await stub("reg-d").ticketsLeft(10);
    const { sent, answer } = await register("reg-d", shortHold);
    expect(await stub("reg-d").ticketsLeft(10)).toBe(before - 1);
    // the link as the letter has it (a letter that could not go within a hold this short is not sent at all)
    const link = `/orders/${sent.id}/confirm?key=${await confirmKey(env, sent.id)}`;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(answer.order.held_until!) - Date.now()) + 50));
    await vi.waitFor(async () => expect((await stub("reg-d").orderOf(sent.id))?.status).toBe("expired"), { timeout: 15_000, interval: 50 });
    expect(await stub("reg-d").ticketsLeft(10)).toBe(before);
    const pressed = await press(link);
    expect(pressed.status).toBe(303);
    expect((await stub("reg-d").orderOf(sent.id))?.status).toBe("expired");
    const page = await (await fetchWith(env, `/orders/${sent.id}`)).text();
    expect(page).toContain("Регистрацию не подтвердили вовремя");
    expect(await letters(sent.id, "ticket")).toHaveLength(0);
  });

  it("pressed in the moment between the hold's end and the alarm that gives the seat back, ends the hold instead", async () => {
    const { sent } = await register("reg-f");
    const before = await stub("reg-f").ticketsLeft(10);
    // the hold ends now; the object's alarm (set for its hand-over, seconds away) has not run
    await runInDurableObject(stub("reg-f"), (_object, state) => {
      state.storage.sql.exec("UPDATE orders SET hold_until = ? WHERE order_id = ?", Date.now() - 1, sent.id);
    });
    expect(await stub("reg-f").confirm(sent.id, "email")).toMatchObject({ outcome: "expired" });
    expect((await stub("reg-f").orderOf(sent.id))?.status).toBe("expired");
    expect(await stub("reg-f").ticketsLeft(10)).toBe(before + 1);
  });

  it("confirmed, has nothing to refund: ops' refund is refused and the seat stays", async () => {
    const { sent } = await register("reg-f");
    expect((await press(await linkOf(sent.id))).status).toBe(303);
    const refund = await fetchWith(env, `/ops/orders/${sent.id}/refund`, { method: "POST", headers: { Authorization: `Bearer ${opsToken}`, "Content-Type": "application/json" }, body: "{}" });
    expect(refund.status).toBe(409);
    expect((await stub("reg-f").orderOf(sent.id))?.status).toBe("confirmed");
  });

  it("confirmed by ops by hand (the holder called: no letter came) is the same confirmation: the seat kept, the e-ticket sent", async () => {
    const { sent } = await register("reg-e");
    const confirmed = await fetchWith(env, `/ops/orders/${sent.id}/confirm`, { method: "POST", headers: { Authorization: `Bearer ${opsToken}` } });
    expect(confirmed.status).toBe(200);
    expect(await stub("reg-e").orderOf(sent.id)).toMatchObject({ status: "confirmed", holdUntil: null });
    expect(await state(sent.id)).toMatchObject({ status: "registered" });
    await vi.waitFor(async () => expect(await letters(sent.id, "ticket")).toHaveLength(1), { timeout: 15_000, interval: 100 });
  });

  it("without JavaScript lands on the order's page, which says to confirm by the letter", async () => {
    const form = new URLSearchParams({ form: "popup", cta: "buyTicket", seminar_id: "reg-a", tickets: "1", name: "Ольга", phone: newPhone(), email: `${uniqueId("olga")}@example.ru` });
    const response = await fetchWith(env, "/api/tickets", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, "Sec-Fetch-Site": "same-origin", "CF-Connecting-IP": uniqueId("ip"), Cookie: await visitEvidence() },
      body: form.toString(),
    });
    expect(response.status).toBe(303);
    const location = response.headers.get("Location")!;
    expect(location).toMatch(/^\/orders\/[\w-]+$/);
    expect(await (await fetchWith(env, location)).text()).toContain("Откройте в нём ссылку «Подтвердить регистрацию»");
  });
});

describe("a free seminar's registration, when the site sends no letters", () => {
  it("holds its seat until the seminar starts, as before: no hold ends it, and the page shows the e-ticket", async () => {
    const { sent, answer } = await register("reg-a", noMail);
    expect(answer.order.held_until).toBeUndefined();
    expect(await stub("reg-a").orderOf(sent.id)).toMatchObject({ status: "registered", holdUntil: null });
    await runDurableObjectAlarm(stub("reg-a"));
    expect((await stub("reg-a").orderOf(sent.id))?.status).toBe("registered");
    expect(await state(sent.id)).toMatchObject({ status: "registered" });
  });
});

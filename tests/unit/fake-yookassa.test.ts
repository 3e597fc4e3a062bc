/** The fake YooKassa answers as YooKassa documents it: the tests and dev:fakes rely on it. */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_YOOKASSA_SHOP, type FakeYooKassa, startFakeYooKassa } from "../support/fake-yookassa";

let fake: FakeYooKassa;
const notified: unknown[] = [];
const site = createServer((req, res) => {
  let text = "";
  req.on("data", (chunk) => (text += chunk));
  req.on("end", () => {
    notified.push(JSON.parse(text));
    res.end("{}");
  });
});
const auth = `Basic ${Buffer.from(`${FAKE_YOOKASSA_SHOP.shopId}:${FAKE_YOOKASSA_SHOP.secretKey}`).toString("base64")}`;
const body = {
  amount: { value: "5000.00", currency: "RUB" },
  capture: true,
  confirmation: { type: "redirect", return_url: "https://mip.institute/orders/order-12345678" },
  metadata: { order_id: "order-12345678" },
  receipt: { customer: { email: "olga@example.ru" }, items: [{ description: "Билет", quantity: "1.00", amount: { value: "2500.00", currency: "RUB" }, vat_code: 1 }] },
};
const create = (key?: string, authorization = auth) =>
  fetch(`${fake.apiUrl}/payments`, { method: "POST", headers: { Authorization: authorization, "Content-Type": "application/json", ...(key ? { "Idempotence-Key": key } : {}) }, body: JSON.stringify(body) });

beforeAll(async () => {
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  fake = await startFakeYooKassa(0, { notifyUrl: `http://127.0.0.1:${(site.address() as AddressInfo).port}/api/payments/yookassa` });
});
afterAll(async () => {
  await fake.close();
  site.close();
});

describe("the fake YooKassa", () => {
  it("refuses a wrong key (401) and a payment without an Idempotence-Key (400); the same key is the same payment", async () => {
    expect((await create("k1", "Basic bm9wZTpub3Bl")).status).toBe(401);
    expect((await create()).status).toBe(400);
    const first = (await (await create("k1")).json()) as { id: string; status: string; confirmation: { confirmation_url: string } };
    const again = (await (await create("k1")).json()) as { id: string };
    expect(again.id).toBe(first.id);
    expect(first.status).toBe("pending");
    expect(first.confirmation.confirmation_url).toBe(`${fake.url}/checkout/${first.id}`);
  });

  it("pays on its checkout page: the payment succeeds, the site is notified, the buyer goes back to return_url", async () => {
    const payment = (await (await create("k2")).json()) as { id: string };
    const page = await fetch(`${fake.url}/checkout/${payment.id}`);
    expect(await page.text()).toContain("Оплатить");
    const paid = await fetch(`${fake.url}/checkout/${payment.id}/pay`, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("Location")).toBe(body.confirmation.return_url);
    const read = (await (await fetch(`${fake.apiUrl}/payments/${payment.id}`, { headers: { Authorization: auth } })).json()) as { status: string };
    expect(read.status).toBe("succeeded");
    expect(notified).toContainEqual(expect.objectContaining({ type: "notification", event: "payment.succeeded", object: expect.objectContaining({ id: payment.id }) }));
    const refund = await fetch(`${fake.apiUrl}/refunds`, {
      method: "POST",
      headers: { Authorization: auth, "Content-Type": "application/json", "Idempotence-Key": "r1" },
      body: JSON.stringify({ payment_id: payment.id, amount: { value: "6000.00", currency: "RUB" } }),
    });
    expect(refund.status).toBe(400);
  });
});

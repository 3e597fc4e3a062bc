/**
 * A fake YooKassa (API v3) for the tests and `npm run dev:fakes` (decision 085), following its
 * documented shapes: `POST /v3/payments` (Basic auth, `Idempotence-Key`: the same key answers the
 * same payment), `GET /v3/payments/{id}`, `POST /v3/refunds`, `GET /v3/refunds/{id}`, and the
 * notifications `{type: "notification", event, object}` it sends to the site. A payment waits
 * (pending) until someone pays or cancels it: on its checkout page (`/checkout/{id}`, the
 * `confirmation_url`, with «Оплатить» and «Отменить») or by `POST /fake/payments/{id}/succeed` and
 * `/cancel`; left alone, it hangs. `POST /fake/payments/{id}/patch` changes what it answers. `POST /fake/payments` makes a payment of any shape (a forger's,
 * another order's), and `GET /fake/requests` lists what the site sent.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** The shop the fake knows: the site's settings in tests and dev:fakes name it. */
export const FAKE_YOOKASSA_SHOP = { shopId: "100500", secretKey: "test_fake_secret_key_0123456789" } as const;

interface Amount {
  value: string;
  currency: string;
}

export interface FakePayment {
  id: string;
  status: "pending" | "waiting_for_capture" | "succeeded" | "canceled";
  paid: boolean;
  amount: Amount;
  description?: string;
  metadata: Record<string, string>;
  confirmation: { type: "redirect"; confirmation_url: string; return_url: string };
  created_at: string;
  test: true;
  refundable: boolean;
  refunded_amount?: Amount;
  receipt?: unknown;
}

interface FakeRefund {
  id: string;
  payment_id: string;
  status: "succeeded";
  amount: Amount;
  created_at: string;
}

export interface FakeRequest {
  method: string;
  path: string;
  idempotenceKey?: string;
  authorized: boolean;
  body?: unknown;
}

export interface FakeYooKassa {
  /** the fake's own address; the API is at `${url}/v3` */
  url: string;
  apiUrl: string;
  payments: Map<string, FakePayment>;
  refunds: Map<string, FakeRefund>;
  requests: FakeRequest[];
  /** where notifications go (the site's `/api/payments/yookassa`); none: they are only returned */
  notifyUrl?: string;
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
};
const error = (res: ServerResponse, status: number, code: string, description: string) => json(res, status, { type: "error", id: randomUUID(), code, description });

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const cents = (value: string) => Math.round(Number(value) * 100);

/** Starts the fake on `port` (0: any free one). */
export async function startFakeYooKassa(port = 0, options: { notifyUrl?: string; onRequest?: (request: FakeRequest) => void } = {}): Promise<FakeYooKassa> {
  const payments = new Map<string, FakePayment>();
  const refunds = new Map<string, FakeRefund>();
  const requests: FakeRequest[] = [];
  const byKey = new Map<string, { status: number; body: unknown }>();
  const fake = { payments, refunds, requests, notifyUrl: options.notifyUrl } as FakeYooKassa;

  const notification = (event: string, object: unknown) => ({ type: "notification", event, object });
  const notify = async (event: string, object: unknown) => {
    const body = notification(event, object);
    if (fake.notifyUrl) {
      await fetch(fake.notifyUrl, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }).catch((e: unknown) => console.error(`fake yookassa: notify ${String(e)}`));
    }
    return body;
  };
  const settle = (payment: FakePayment, outcome: "succeed" | "cancel") => {
    if (payment.status !== "pending") return null;
    payment.status = outcome === "succeed" ? "succeeded" : "canceled";
    payment.paid = outcome === "succeed";
    payment.refundable = outcome === "succeed";
    return notify(outcome === "succeed" ? "payment.succeeded" : "payment.canceled", payment);
  };
  const newPayment = (base: string, body: Partial<FakePayment> & { confirmation?: { return_url?: string } }): FakePayment => {
    const id = `${Date.now().toString(16)}-${randomUUID()}`;
    return {
      id,
      status: body.status ?? "pending",
      paid: body.status === "succeeded",
      amount: body.amount ?? { value: "0.00", currency: "RUB" },
      description: body.description,
      metadata: body.metadata ?? {},
      confirmation: { type: "redirect", confirmation_url: `${base}/checkout/${id}`, return_url: body.confirmation?.return_url ?? "" },
      created_at: new Date().toISOString(),
      test: true,
      refundable: body.status === "succeeded",
      receipt: body.receipt,
    };
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const base = `http://${req.headers.host}`;
    const text = req.method === "POST" ? await readBody(req) : "";
    let body: unknown;
    try {
      body = text && req.headers["content-type"]?.includes("json") ? JSON.parse(text) : Object.fromEntries(new URLSearchParams(text));
    } catch {
      return error(res, 400, "invalid_request", "Body is not JSON");
    }
    const expected = `Basic ${Buffer.from(`${FAKE_YOOKASSA_SHOP.shopId}:${FAKE_YOOKASSA_SHOP.secretKey}`).toString("base64")}`;
    const authorized = req.headers.authorization === expected;
    const idempotenceKey = req.headers["idempotence-key"] as string | undefined;
    const request: FakeRequest = { method: req.method ?? "GET", path: url.pathname, idempotenceKey, authorized, body };
    requests.push(request);
    options.onRequest?.(request);
    const [, top, kind, id, action] = url.pathname.split("/");

    if (top === "v3") {
      if (!authorized) return error(res, 401, "invalid_credentials", "Login or password is incorrect");
      if (req.method === "POST") {
        if (!idempotenceKey) return error(res, 400, "invalid_request", "Idempotence key is missing");
        const key = `${kind}:${idempotenceKey}`;
        const again = byKey.get(key);
        if (again) return json(res, again.status, again.body);
        const answer = (status: number, answerBody: unknown) => {
          byKey.set(key, { status, body: answerBody });
          json(res, status, answerBody);
        };
        if (kind === "payments" && !id) {
          const b = body as Partial<FakePayment> & { capture?: boolean; confirmation?: { type?: string; return_url?: string }; receipt?: { items?: unknown[] } };
          if (!b.amount?.value || b.amount.currency !== "RUB") return answer(400, { type: "error", code: "invalid_request", parameter: "amount" });
          if (b.confirmation?.type !== "redirect" || !b.confirmation.return_url) return answer(400, { type: "error", code: "invalid_request", parameter: "confirmation" });
          if (!Array.isArray(b.receipt?.items) || b.receipt.items.length === 0) return answer(400, { type: "error", code: "invalid_request", parameter: "receipt" });
          const payment = newPayment(base, b);
          payments.set(payment.id, payment);
          return answer(200, payment);
        }
        if (kind === "refunds" && !id) {
          const b = body as { payment_id?: string; amount?: Amount };
          const payment = payments.get(b.payment_id ?? "");
          if (!payment) return answer(404, { type: "error", code: "not_found", parameter: "payment_id" });
          if (payment.status !== "succeeded") return answer(400, { type: "error", code: "invalid_request", description: "Payment is not succeeded" });
          const already = cents(payment.refunded_amount?.value ?? "0");
          const asked = cents(b.amount?.value ?? "0");
          if (asked <= 0 || already + asked > cents(payment.amount.value)) return answer(400, { type: "error", code: "invalid_request", parameter: "amount" });
          payment.refunded_amount = { value: ((already + asked) / 100).toFixed(2), currency: "RUB" };
          const refund: FakeRefund = { id: `${Date.now().toString(16)}-${randomUUID()}`, payment_id: payment.id, status: "succeeded", amount: b.amount!, created_at: new Date().toISOString() };
          refunds.set(refund.id, refund);
          answer(200, refund);
          void notify("refund.succeeded", refund);
          return;
        }
        return error(res, 404, "not_found", "No such method");
      }
      if (kind === "payments" && id) return payments.has(id) ? json(res, 200, payments.get(id)) : error(res, 404, "not_found", "Payment not found");
      if (kind === "refunds" && id) return refunds.has(id) ? json(res, 200, refunds.get(id)) : error(res, 404, "not_found", "Refund not found");
      return error(res, 404, "not_found", "No such method");
    }

    // the tests' and dev's own hands on the fake
    if (top === "fake" && kind === "payments" && req.method === "POST") {
      if (!id) {
        const payment = newPayment(base, body as Partial<FakePayment>);
        payments.set(payment.id, payment);
        return json(res, 200, payment);
      }
      const payment = payments.get(id);
      if (!payment) return error(res, 404, "not_found", "Payment not found");
      if (action === "succeed" || action === "cancel") return json(res, 200, (await settle(payment, action)) ?? notification(action === "succeed" ? "payment.succeeded" : "payment.canceled", payment));
      // a payment whose answer says something else than when it was made (its amount, its order): what a forger would need
      if (action === "patch") {
        Object.assign(payment, body as Partial<FakePayment>);
        return json(res, 200, payment);
      }
      return error(res, 404, "not_found", "No such action");
    }
    if (top === "fake" && kind === "requests") return json(res, 200, requests);
    if (top === "fake" && kind === "refunds") return json(res, 200, [...refunds.values()]);

    // the buyer's page: pay, cancel, or leave it hanging
    if (top === "checkout" && kind) {
      const payment = payments.get(kind);
      if (!payment) return error(res, 404, "not_found", "Payment not found");
      if (req.method === "POST" && (id === "pay" || id === "cancel")) {
        await settle(payment, id === "pay" ? "succeed" : "cancel");
        res.writeHead(303, { Location: payment.confirmation.return_url });
        return res.end();
      }
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      return res.end(`<!doctype html><html lang="ru"><meta charset="utf-8"><title>ЮKassa (тест)</title>
<main><h1>Оплата заказа (тестовая ЮKassa)</h1><p>${payment.description ?? ""}</p><p>К оплате: ${payment.amount.value} ₽</p>
<form method="post" action="/checkout/${payment.id}/pay"><button>Оплатить</button></form>
<form method="post" action="/checkout/${payment.id}/cancel"><button>Отменить</button></form></main></html>`);
    }
    error(res, 404, "not_found", "Not found");
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${bound}`;
  fake.apiUrl = `${fake.url}/v3`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}

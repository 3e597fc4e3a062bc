/**
 * YooKassa's API v3 as the site uses it (decision 085): a payment created with a redirect
 * confirmation and a 54-FZ receipt, read back by its id, and refunded. HTTP Basic auth with the
 * shop id and the secret key; every POST carries an `Idempotence-Key`, so a retry is the same
 * payment or the same refund. Answers are read through schemas: an answer of another shape is a
 * failure, never a payment.
 */
import * as z from "zod/mini";
import type { YooKassaSettings } from "./settings";

/** How long one call to YooKassa may take before the site gives up on it. */
const TIMEOUT_MS = 8000;

const amountSchema = z.object({ value: z.string().check(z.regex(/^\d+(\.\d{1,2})?$/)), currency: z.string() });

const paymentSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  status: z.enum(["pending", "waiting_for_capture", "succeeded", "canceled"]),
  paid: z.optional(z.boolean()),
  amount: amountSchema,
  confirmation: z.optional(z.object({ type: z.string(), confirmation_url: z.optional(z.string()) })),
  metadata: z.optional(z.record(z.string(), z.string())),
});
export type YooKassaPayment = z.infer<typeof paymentSchema>;

const refundSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  payment_id: z.string(),
  status: z.enum(["pending", "succeeded", "canceled"]),
  amount: amountSchema,
});
export type YooKassaRefund = z.infer<typeof refundSchema>;

/** Roubles as YooKassa writes them: "2500.00". */
const rubles = (amount: number) => amount.toFixed(2);

export class YooKassaError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

async function call<T>(settings: YooKassaSettings, method: "GET" | "POST", path: string, schema: z.ZodMiniType<T>, body?: unknown, idempotenceKey?: string): Promise<T> {
  const headers: Record<string, string> = { Authorization: `Basic ${btoa(`${settings.shopId}:${settings.secretKey}`)}` };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (idempotenceKey) headers["Idempotence-Key"] = idempotenceKey;
  let response: Response;
  try {
    response = await fetch(`${settings.apiUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new YooKassaError(`yookassa ${method} ${path.split("/")[1]}: ${String(error)}`);
  }
  // the answer's text is never logged whole: it may name the buyer
  if (!response.ok) throw new YooKassaError(`yookassa ${method} ${path.split("/")[1]}: HTTP ${response.status}`, response.status);
  const parsed = z.safeParse(schema, await response.json().catch(() => null));
  if (!parsed.success) throw new YooKassaError(`yookassa ${method} ${path.split("/")[1]}: an answer of another shape`);
  return parsed.data;
}

export interface NewPayment {
  orderId: string;
  seminarId: string;
  /** what the buyer reads in YooKassa's form and on the receipt (at most 128 characters) */
  description: string;
  ticketPrice: number;
  tickets: number;
  returnUrl: string;
  email: string;
  phone?: string;
}

/** The body of `POST /payments`: captured at once, a redirect back to the order's page, one receipt line per ticket. */
function paymentRequest(payment: NewPayment, vatCode: number) {
  const description = payment.description.slice(0, 128);
  return {
    amount: { value: rubles(payment.ticketPrice * payment.tickets), currency: "RUB" },
    capture: true,
    confirmation: { type: "redirect", return_url: payment.returnUrl },
    description,
    metadata: { order_id: payment.orderId, seminar_id: payment.seminarId },
    receipt: {
      customer: payment.email ? { email: payment.email } : { phone: (payment.phone ?? "").replace(/\D/g, "") },
      items: Array.from({ length: payment.tickets }, () => ({
        description,
        quantity: "1.00",
        amount: { value: rubles(payment.ticketPrice), currency: "RUB" },
        vat_code: vatCode,
        payment_mode: "full_payment",
        payment_subject: "service",
      })),
    },
  };
}

/** Creates the order's payment; the order's id is the idempotence key, so asking again gives the same payment. */
export function createPayment(settings: YooKassaSettings, payment: NewPayment): Promise<YooKassaPayment> {
  return call(settings, "POST", "/payments", paymentSchema, paymentRequest(payment, settings.vatCode), payment.orderId);
}

/** Reads a payment back: the only word of YooKassa the site trusts. */
export function getPayment(settings: YooKassaSettings, id: string): Promise<YooKassaPayment> {
  return call(settings, "GET", `/payments/${encodeURIComponent(id)}`, paymentSchema);
}

export function getRefund(settings: YooKassaSettings, id: string): Promise<YooKassaRefund> {
  return call(settings, "GET", `/refunds/${encodeURIComponent(id)}`, refundSchema);
}

export interface NewRefund {
  paymentId: string;
  amount: number;
  idempotenceKey: string;
  description: string;
  ticketPrice: number;
  tickets: number;
  email: string;
  vatCode: number;
}

/** Refunds (part of) a payment, with its own idempotence key; the receipt of the refund names the tickets returned. */
export function createRefund(settings: YooKassaSettings, refund: NewRefund): Promise<YooKassaRefund> {
  const description = refund.description.slice(0, 128);
  return call(
    settings,
    "POST",
    "/refunds",
    refundSchema,
    {
      payment_id: refund.paymentId,
      amount: { value: rubles(refund.amount), currency: "RUB" },
      description,
      ...(refund.email
        ? {
            receipt: {
              customer: { email: refund.email },
              items: Array.from({ length: refund.tickets }, () => ({
                description,
                quantity: "1.00",
                amount: { value: rubles(refund.ticketPrice), currency: "RUB" },
                vat_code: refund.vatCode,
                payment_mode: "full_payment",
                payment_subject: "service",
              })),
            },
          }
        : {}),
    },
    refund.idempotenceKey,
  );
}

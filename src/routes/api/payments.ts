/**
 * `POST /api/payments/yookassa`: YooKassa's notifications (decision 085). A notification is never
 * trusted by itself: it only names a payment or a refund, which the Worker reads back from YooKassa
 * and puts to its order (server/payments.ts). Anything else is answered 200 and changes nothing, so a
 * forger learns nothing; a failure to read back is a 503, and YooKassa sends the notification again.
 */
import { Hono } from "hono";
import * as z from "zod/mini";
import { jsonBody } from "../../server/body";
import type { AppEnv } from "../../server/env";
import { settlePayment, settleRefund, yookassaOf } from "../../server/payments";
import { log } from "../../services/log";

const notification = z.object({
  type: z.literal("notification"),
  event: z.enum(["payment.succeeded", "payment.canceled", "payment.waiting_for_capture", "refund.succeeded"]),
  object: z.object({ id: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/)) }),
});

export const paymentsApi = new Hono<AppEnv>().post(
  "/api/payments/yookassa",
  jsonBody((c, status, message) => c.json({ ok: false, message }, status)),
  async (c) => {
    const yookassa = yookassaOf(c.env);
    if (!yookassa) return c.json({ ok: false, message: "Оплата на сайте не подключена" }, 404);
    const parsed = z.safeParse(notification, await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ ok: false, message: "Не уведомление ЮKassa" }, 400);
    const { event, object } = parsed.data;
    try {
      if (event === "refund.succeeded") {
        const settled = await settleRefund(c.env, yookassa, object.id);
        return c.json({ ok: true, outcome: settled ? "refunded" : "ignored" });
      }
      const settled = await settlePayment(c.env, yookassa, object.id);
      // what the payment read back came to; the notification's own words are never used
      return c.json({ ok: true, outcome: settled.outcome });
    } catch (error) {
      log.error("payments.notification", { requestId: c.get("requestId"), event, error: String(error) });
      return c.json({ ok: false, message: "ЮKassa не ответила: пришлите уведомление ещё раз" }, 503);
    }
  },
);

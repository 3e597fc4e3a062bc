/**
 * A ticket order from the moment its fields are read to the moment its seats and its lead are
 * one fact (decision 016): the same steps for the JSON API and a form posted without JavaScript.
 */
import type { Context } from "hono";
import type { Seminar } from "../../services/catalogue/build";
import { indexes } from "../../services/catalogue/queries";
import { refusals } from "../../services/leads/messages";
import { toE164 } from "../../services/leads/phone-number";
import { formulaSafeRecord, type LeadRecord, type Visitor } from "../../services/leads/record";
import { type FieldErrors, fieldErrors, type Parsed } from "../../services/leads/schemas";
import { log } from "../../services/log";
import {
  CLAIMED_BY_CLIENT, NO_SUCH_SEMINAR, type OrderResult, type OrderSummary, perEmailLimit, perGroupLimit, perOrderLimit, perPhoneLimit, SEMINAR_PAST, type TicketOrderInput, tooFewTickets,
} from "../../services/tickets";
import { config } from "../config.server";
import type { AppEnv } from "../env";
import { holderDigest } from "../keys.server";
import { seminarTickets } from "../objects";
import { confirmsByMail } from "../order-holds";
import { paymentsOf, startPayment } from "../payments";
import { visitorOf } from "../visitor";
import { giftError, honouredGift } from "./gift";
import { type CaptchaVerdict, captchaRefusal, humanCheck } from "./human-check";
import { fieldsOf, filledHoneypot, fingerprintOf, leadRecord, newId, type Refusal, storeLead, visitRefusal, withinRateLimit } from "./intake";

/** YooKassa did not answer: the seats stay held for the payment's hold, and the same order sent again pays. */
const PAYMENT_UNAVAILABLE = "Не удалось открыть оплату. Места за вами: попробуйте ещё раз через минуту.";

/** An order taken: the seats left and what the buyer's confirmation names. */
export interface Placed {
  tickets_quantity: number;
  order: OrderSummary;
}

/** The honeypot, the fields' messages, the deployment's limit of one order, the gift code's signature. */
export async function orderRefusal(c: Context<AppEnv>, body: unknown, parsed: Parsed<TicketOrderInput>): Promise<Refusal | null> {
  const fields = fieldsOf(body);
  if (filledHoneypot(fields)) return { status: 400, message: refusals.honeypot };
  const most = config(c.env).TICKETS_PER_ORDER;
  const errors: FieldErrors = parsed.success ? {} : fieldErrors(parsed.error);
  if (parsed.success && parsed.data.tickets > most) errors.tickets = perOrderLimit(most);
  const gift = await giftError(c.env, fields.gift, fields.giftToken);
  if (gift) errors.gift = gift;
  return Object.keys(errors).length > 0 ? { status: 400, message: errors.tickets ?? refusals.badValue, errors, values: fields } : null;
}

/** What the buyer sent, less what the server reads from its own content instead (CLAIMED_BY_CLIENT). */
const withoutClaims = (data: TicketOrderInput) =>
  Object.fromEntries(Object.entries(data).filter(([key]) => !(CLAIMED_BY_CLIENT as readonly string[]).includes(key))) as TicketOrderInput;

/**
 * An order's lead: the buyer's fields (less the claimed ones) priced and labelled by the seminar,
 * the human check's verdict, and the seminar's seats.
 */
export function orderRecord(c: Context<AppEnv>, data: TicketOrderInput & { id: string }, seminar: Seminar, human: CaptchaVerdict, visitor: Visitor = visitorOf(c)) {
  const record = formulaSafeRecord({
    ...leadRecord(c, "ticket", { ...withoutClaims(data), id: data.id, price: seminar.price * data.tickets, blockForAmo: `Билеты: ${seminar.title}` }, visitor),
    ...human,
    ticket: { seminar_id: seminar.id, seminar_title: seminar.title, tickets: data.tickets, date: Date.parse(seminar.targetDate), seminar_tickets_quantity: 0 },
  });
  return record as LeadRecord & { ticket: NonNullable<LeadRecord["ticket"]> };
}

/**
 * Takes an order whose fields are valid: seats and the lead as one fact (SeminarTickets), then the
 * lead handed to the outbox before the answer, so a placed order is durably on its way to the CRM.
 * An id used before for another request is refused (409) and any seats it took go back.
 */
export async function placeOrder(c: Context<AppEnv>, input: TicketOrderInput, values: Record<string, unknown>): Promise<Placed | Refusal> {
  const settings = config(c.env);
  const phone = await toE164(input.phone, input.country);
  if ("error" in phone) return { status: 400, message: refusals.badValue, errors: { phone: phone.error }, values };
  const seminar = indexes(c.get("catalogue")).seminarById.get(input.seminar_id);
  if (!seminar) return { status: 400, message: NO_SUCH_SEMINAR, errors: { seminar_id: NO_SUCH_SEMINAR }, values };
  if (Date.parse(seminar.targetDate) <= Date.now()) return { status: 409, message: SEMINAR_PAST, values };
  const tooFast = visitRefusal(c);
  if (tooFast) return { status: 400, message: tooFast, values };
  const data = { ...input, phone: phone.e164 };
  if (!(await withinRateLimit(c, data.tickets))) return { status: 429, message: refusals.rateLimited, values };
  // before the tickets are taken: a bot must not hold seats
  const human = await humanCheck(c, values, "ticket");
  if ("refused" in human) return captchaRefusal(human.refused, values);

  const id = data.id ?? newId();
  const gift = await honouredGift(c, data.gift, data.giftToken, data.phone, id);
  const lead = orderRecord(c, { ...data, id, gift }, seminar, human);
  const fingerprint = await fingerprintOf("ticket", withoutClaims(data));
  const stub = seminarTickets(c.env, seminar.id);
  const again = { ...values, id: undefined };
  const free = seminar.price === 0;
  const start = Date.parse(seminar.targetDate);
  // a paid seminar's order holds its seats for the hold, never past the seminar's start (decision 050); paid on the site,
  // only while the buyer pays (decision 085); a free one's for as long, until its holder confirms the e-mail they gave,
  // or until the start when the site sends no letters (decision 093)
  const payments = paymentsOf(c.env);
  const yookassa = free ? null : payments.yookassa;
  const confirming = free && confirmsByMail(c.env);
  const holdMinutes = yookassa || confirming ? payments.holdMinutes : settings.TICKET_HOLD_MINUTES;
  const holdUntil = free && !confirming ? null : Math.min(Date.now() + holdMinutes * 60_000, start);
  const { key, wide } = c.get("client");
  let order: OrderResult;
  try {
    const [phoneKey, emailKey, groupKey, wideKey] = await Promise.all([
      holderDigest(c.env, `phone:${seminar.id}:${data.phone}`),
      free ? holderDigest(c.env, `email:${seminar.id}:${data.email.toLowerCase()}`) : null,
      holderDigest(c.env, `address:${seminar.id}:${key}`),
      wide ? holderDigest(c.env, `address:${seminar.id}:${wide}`) : null,
    ]);
    order = await stub.order({
      orderId: id,
      fingerprint,
      tickets: data.tickets,
      initial: seminar.tickets_quantity,
      phoneKey,
      perPhone: settings.TICKETS_PER_PHONE,
      emailKey,
      groupKey,
      wideKey,
      perGroup: settings.TICKETS_PER_GROUP,
      holdUntil,
      lead,
      price: seminar.price,
      receiptEmail: data.email,
    });
  } catch (error) {
    log.error("tickets.order", { requestId: c.get("requestId"), seminar: seminar.id, error: String(error) });
    return { status: 503, message: refusals.storeFailed, values: { ...values, id } };
  }
  if (!order.ok) {
    if (order.reason === "conflict") return { status: 409, message: refusals.idConflict, code: "id_conflict", tickets_quantity: order.tickets_quantity, values: again };
    const message =
      order.reason === "perPhone"
        ? perPhoneLimit(settings.TICKETS_PER_PHONE, order.held)
        : order.reason === "perEmail"
          ? perEmailLimit(settings.TICKETS_PER_PHONE, order.held)
          : order.reason === "perGroup"
            ? perGroupLimit(settings.TICKETS_PER_GROUP)
            : tooFewTickets(order.tickets_quantity);
    return { status: 409, message, tickets_quantity: order.tickets_quantity, values: again };
  }

  try {
    const waiting = order.duplicate ? await stub.waitingLead(id) : { lead: { ...lead, ticket: { ...lead.ticket, seminar_tickets_quantity: order.tickets_quantity, ...(order.holdUntil ? { heldUntil: order.holdUntil } : {}) } }, fingerprint };
    if (waiting) {
      const outcome = await storeLead(c, waiting.lead, waiting.fingerprint);
      if (outcome === "conflict") {
        const left = await stub.release(id);
        return { status: 409, message: refusals.idConflict, code: "id_conflict", tickets_quantity: left, values: again };
      }
      // if this call is lost, the object's alarm finds the outbox has the lead and forgets it then
      await stub.handedOver(id).catch((error: unknown) => log.warn("tickets.handover.mark", { id, error: String(error) }));
    }
  } catch (error) {
    // the seats and the lead are kept together: the object's alarm hands the lead over, and a retry with this id completes
    // it, so the visitor is told the order is kept (not to send it again as another one)
    log.error("tickets.lead", { requestId: c.get("requestId"), id, error: String(error) });
    return { status: 503, message: refusals.orderKept, values: { ...values, id } };
  }
  let paymentUrl: string | null = null;
  if (yookassa) {
    const site = settings.SITE_URL ?? new URL(c.req.url).origin;
    try {
      // the order's id is the idempotence key: the same order sent again finds the same payment
      paymentUrl = await startPayment(c.env, yookassa, {
        orderId: id,
        seminarId: seminar.id,
        description: `Билеты: ${seminar.title}`,
        ticketPrice: seminar.price,
        tickets: data.tickets,
        returnUrl: `${site.replace(/\/$/, "")}/orders/${id}`,
        email: data.email,
        phone: data.phone,
      });
    } catch (error) {
      log.error("payments.create", { requestId: c.get("requestId"), id, error: String(error) });
    }
    if (!paymentUrl) return { status: 503, message: PAYMENT_UNAVAILABLE, values: { ...values, id } };
  }
  return {
    tickets_quantity: order.tickets_quantity,
    order: {
      id,
      seminar_id: seminar.id,
      seminar_title: seminar.title,
      date: seminar.targetDate,
      tickets: data.tickets,
      sum: seminar.price * data.tickets,
      ...(order.holdUntil ? { held_until: new Date(order.holdUntil).toISOString() } : {}),
      ...(paymentUrl || confirming ? { order_url: `/orders/${id}` } : {}),
      ...(paymentUrl ? { payment_url: paymentUrl } : {}),
    },
  };
}

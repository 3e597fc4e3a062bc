import * as z from "zod/mini";
import type { LeadRecord } from "./leads/record";
import { ticketBuyerSchema } from "./leads/schemas";
import { perOrderLimit } from "./ticket-limits";

export { DEFAULT_TICKETS_PER_ORDER, perEmailLimit, perGroupLimit, perOrderLimit, perPhoneLimit } from "./ticket-limits";

/** The most a schema lets through; the deployment's own limit (TICKETS_PER_ORDER) is checked after it. */
const MOST_TICKETS = 100;

/** A ticket order (spec 3): the lead payload, its e-mail required, plus the ticket fields. */
export const ticketOrderSchema = z.extend(ticketBuyerSchema, {
  seminar_id: z.string().check(z.minLength(1), z.maxLength(64)),
  tickets: z.number().check(z.int(), z.minimum(1, "Выберите хотя бы один билет"), z.maximum(MOST_TICKETS, perOrderLimit(MOST_TICKETS))),
  date: z.optional(z.number()),
  seminar_tickets_quantity: z.optional(z.number()),
  seminar_title: z.optional(z.string().check(z.maxLength(300))),
});

export type TicketOrderInput = z.infer<typeof ticketOrderSchema>;

/** What the client sends about the seminar that the server reads from its own content instead. */
export const CLAIMED_BY_CLIENT = ["date", "seminar_tickets_quantity", "seminar_title", "price", "blockForAmo"] as const;

/** The words of a purchase on a seminar's buy button and its form's submit (a free seminar's ticket is taken, not bought). */
export function buyLabel(price: number, tickets = 1): string {
  const noun = tickets > 1 ? "билеты" : "билет";
  return price > 0 ? `Купить ${noun}` : `Получить ${noun}`;
}

/**
 * How a paid seminar's ticket is paid, as the ticket form says it (decision 085): on the site with
 * YooKassa, the seats held while the buyer pays; or by the link the institute sends.
 */
export function paymentNote(onSite: boolean, holdMinutes: number): string {
  if (!onSite) return "Оплата по ссылке: после заказа пришлём её на почту, места держим за вами сутки.";
  const minutes = Math.round(holdMinutes);
  return `Оплата картой или через СБП сразу после заказа, на защищённой странице ЮKassa. Места держим за вами ${minutes >= 1 ? `${minutes} мин.` : "несколько минут"}, пока вы платите; билет придёт сразу после оплаты.`;
}

/** What a buyer reads when fewer tickets are left than they asked for. */
export function tooFewTickets(left: number): string {
  if (left === 0) return "Билеты закончились. Запишитесь в лист ожидания — мы сообщим, если места освободятся.";
  return `Осталось только ${left} ${left % 10 === 1 && left % 100 !== 11 ? "билет" : left % 10 >= 2 && left % 10 <= 4 && (left % 100 < 12 || left % 100 > 14) ? "билета" : "билетов"}. Уменьшите количество и попробуйте снова.`;
}

/**
 * Where an order is (decision 050): `held` until it is paid or its hold ends (a paid seminar), or
 * until its holder confirms the e-mail they gave (a free one, decision 093); `registered` until the
 * seminar (a free one, when the site sends no letters); `confirmed` (paid, said by ops or the CRM; a
 * free registration confirmed; and every order taken before holds existed); `expired` (its hold
 * ended unpaid or unconfirmed: its seats went back).
 */
export type OrderState = "held" | "registered" | "confirmed" | "expired" | PaidOrderState;

/** Paying on the site (decision 085): paid, its payment canceled, refunded, or paid too late with no seats left (refunded whole). */
type PaidOrderState = "paid" | "canceled" | "refunded" | "refund_due";

/** An order as the buyer's confirmation names it (no personal data). */
export interface OrderSummary {
  id: string;
  seminar_id: string;
  seminar_title: string;
  /** when the seminar begins (ISO) */
  date: string;
  tickets: number;
  sum: number;
  /** until when the seats are held unless the order is paid (ISO); only while it is held */
  held_until?: string;
  /** where the order is, when the confirmation page reads it back */
  status?: OrderState;
  /** YooKassa's page to pay the order on (decision 085): only when paying on the site is on */
  payment_url?: string;
  /** the buyer's page of the order: its state, the payment, the e-ticket */
  order_url?: string;
}

/** A seminar's seats as visitors see them: left to order, and held by orders not yet paid (they may come back). */
export interface SeatCounts {
  left: number;
  held: number;
}

/** What confirming an order came to: confirmed (now or before), its hold ended first, or no such order. */
export type ConfirmOutcome = { outcome: "confirmed"; already: boolean } | { outcome: "expired"; at: number | null } | { outcome: "unknown" };

/** The seminar has taken place: no tickets are sold. */
export const SEMINAR_PAST = "Семинар уже прошёл: билеты не продаются.";
export const NO_SUCH_SEMINAR = "Такого семинара нет";

/** What an order asks for: its id and fingerprint, the seats, and the lead that goes to the CRM. */
export interface OrderRequest {
  orderId: string;
  fingerprint: string;
  tickets: number;
  /** the content's count, the start before ops or an order set one */
  initial: number;
  /**
   * the keyed digest of the buyer's phone number: seats per phone are counted without keeping the
   * number; null when the deployment has no signing secret (the limit is off)
   */
  phoneKey: string | null;
  /** seats one phone number (and, for a free seminar, one e-mail) may hold for this seminar */
  perPhone: number;
  /** a free seminar's: the keyed digest of the buyer's e-mail, held to `perPhone` too; null otherwise */
  emailKey: string | null;
  /** the keyed digests of the client's address group and, for IPv6, its /48 (decision 051) */
  groupKey: string | null;
  wideKey: string | null;
  /** seats one address group may hold for this seminar (a /48 twice that); 0: no limit */
  perGroup: number;
  /** until when a paid seminar's order holds its seats unconfirmed; null: a free seminar's, held until it starts */
  holdUntil: number | null;
  lead: LeadRecord;
  /** the price of one ticket, checked against the payment (decision 085) */
  price?: number;
  /** where the payment's and a refund's receipt (54-FZ) go */
  receiptEmail?: string;
}

export type OrderResult =
  | { ok: true; tickets_quantity: number; duplicate: boolean; holdUntil: number | null }
  | { ok: false; reason: "tooFew"; tickets_quantity: number }
  | { ok: false; reason: "perPhone" | "perEmail"; held: number; tickets_quantity: number }
  | { ok: false; reason: "perGroup"; tickets_quantity: number }
  | { ok: false; reason: "conflict"; tickets_quantity: number };

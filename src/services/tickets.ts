import * as z from "zod/mini";
import { popupLeadSchema } from "./leads/schemas";

/** A ticket order (spec 3): the lead payload plus the ticket fields. */
export const ticketOrderSchema = z.extend(popupLeadSchema, {
  seminar_id: z.string().check(z.minLength(1), z.maxLength(64)),
  tickets: z.number().check(z.int(), z.minimum(1, "Выберите хотя бы один билет"), z.maximum(100, "Не больше 100 билетов в одном заказе")),
  date: z.optional(z.number()),
  seminar_tickets_quantity: z.optional(z.number()),
  seminar_title: z.optional(z.string().check(z.maxLength(300))),
});

export type TicketOrderInput = z.infer<typeof ticketOrderSchema>;

/** What a buyer reads when fewer tickets are left than they asked for. */
export function tooFewTickets(left: number): string {
  if (left === 0) return "Билеты закончились. Запишитесь в лист ожидания — мы сообщим, если места освободятся.";
  return `Осталось только ${left} ${left % 10 === 1 && left % 100 !== 11 ? "билет" : left % 10 >= 2 && left % 10 <= 4 && (left % 100 < 12 || left % 100 > 14) ? "билета" : "билетов"}. Уменьшите количество и попробуйте снова.`;
}

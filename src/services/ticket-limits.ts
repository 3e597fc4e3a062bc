/** The limits of a ticket order and how a buyer reads them (no imports: the page's first script may use it). */

/** Tickets one order may hold unless the deployment says otherwise (TICKETS_PER_ORDER). */
export const DEFAULT_TICKETS_PER_ORDER = 5;

/** "билет" after "не больше N" or "уже N": genitive singular after 1 (but 11), plural otherwise. */
function ticketsAfterNumber(n: number): string {
  return n % 10 === 1 && n % 100 !== 11 ? "билета" : "билетов";
}

/** The limit of one order, as the counter shows it before sending and the server says it on refusal. */
export function perOrderLimit(most: number): string {
  return `Не больше ${most} ${ticketsAfterNumber(most)} в одном заказе`;
}

/** What a buyer reads when one phone number already holds the most tickets of a seminar. */
export function perPhoneLimit(most: number, held: number): string {
  return `На один номер телефона можно купить не больше ${most} ${ticketsAfterNumber(most)} на этот семинар${held > 0 ? ` (уже куплено: ${held})` : ""}. Уменьшите количество или позвоните нам.`;
}

/** What a buyer reads when one e-mail already holds the most seats of a free seminar. */
export function perEmailLimit(most: number, held: number): string {
  return `На один адрес электронной почты можно получить не больше ${most} ${ticketsAfterNumber(most)} на этот семинар${held > 0 ? ` (уже получено: ${held})` : ""}. Уменьшите количество или позвоните нам.`;
}

/** What a buyer reads when their address already holds the most seats of a seminar one address may hold (decision 051). */
export function perGroupLimit(most: number): string {
  return `С одного адреса в интернете можно заказать не больше ${most} ${ticketsAfterNumber(most)} на этот семинар. Если вы заказываете для группы, позвоните нам.`;
}

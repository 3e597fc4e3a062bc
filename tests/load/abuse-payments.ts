/**
 * The abuse drill's payments (issue 40, point 11; decision 085): what a forger, a replayer and a
 * late payer get from `POST /api/payments/yookassa` on a running site with YooKassa at the local
 * fake (tests/support/fake-yookassa.ts). A notification is never trusted by itself, so:
 *  - a forged `payment.succeeded` (a payment YooKassa does not know; the order's own payment while
 *    it is still pending) sells nothing;
 *  - a payment made for another order, or a stranger's payment naming this order, sells nothing;
 *  - the same notification three times at once sells once;
 *  - a success after the hold ended is sold when the seats are still free, and refunded at once
 *    through YooKassa when someone else took them.
 * Each case adds to `violations` when the site does otherwise.
 */
import type { FakeYooKassa } from "../support/fake-yookassa";

export interface PaymentDrillReport {
  forged: { sent: number; sold: number; outcomes: string[] };
  strangers: { sent: number; sold: number; outcomes: string[] };
  repeated: { sent: number; paidOrders: number; outcomes: string[] };
  late: { soldWhileFree: boolean; refundedWhenTaken: boolean; refunds: number; outcomes: string[] };
}

/** What the drill's site gives the payment drill: where it is, how to order as a fresh buyer, and the fake. */
export interface PaymentDrillSite {
  base: string;
  yookassa: FakeYooKassa;
  /** a seminar of 40 seats, a day or more away, that no other part of the drill uses */
  seminar: string;
  /** a paid seminar's seats set to `seats` */
  setSeats: (seminar: string, seats: number) => Promise<void>;
  /** an order of `tickets` from a new address, phone and visit: its id and payment, or null when refused */
  order: (seminar: string, tickets: number) => Promise<{ id: string; paymentId: string } | null>;
  holdMs: number;
  violations: string[];
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runPaymentDrill(site: PaymentDrillSite): Promise<PaymentDrillReport> {
  const { base, yookassa, seminar, violations } = site;
  const control = async (path: string, body: unknown = {}) =>
    (await fetch(`${yookassa.url}/fake/${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })).json();
  const notify = async (body: unknown): Promise<string> => {
    const response = await fetch(`${base}/api/payments/yookassa`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const answer = (await response.json().catch(() => ({}))) as { outcome?: string };
    return `${response.status} ${answer.outcome ?? "?"}`;
  };
  const statusOf = async (id: string) => ((await (await fetch(`${base}/api/orders/${id}`)).json()) as { status?: string }).status;
  const succeeded = (id: string, orderId: string, value = "0.00") => ({
    type: "notification",
    event: "payment.succeeded",
    object: { id, status: "succeeded", paid: true, amount: { value, currency: "RUB" }, metadata: { order_id: orderId } },
  });
  const mustOrder = async (tickets: number) => {
    const placed = await site.order(seminar, tickets);
    if (!placed) throw new Error("the payment drill could not place an order");
    return placed;
  };
  await site.setSeats(seminar, 40);

  // forged: a payment YooKassa does not know, then the order's own payment while it is still pending
  const victim = await mustOrder(2);
  const forged = { sent: 0, sold: 0, outcomes: [] as string[] };
  for (const body of [succeeded("2f0c0000-000f-5000-9000-1b68e7b15f3f", victim.id, "5000.00"), succeeded(victim.paymentId, victim.id, "5000.00")]) {
    forged.sent++;
    forged.outcomes.push(await notify(body));
  }
  if ((await statusOf(victim.id)) === "paid") forged.sold = 1;
  if (forged.sold > 0) violations.push("a forged notification sold an order");

  // strangers: another order's real payment, and a payment made on YooKassa by someone else naming this order
  const buyer = await mustOrder(1);
  const other = await mustOrder(1);
  await control(`payments/${other.paymentId}/succeed`);
  const stranger = (await control("payments", { status: "succeeded", paid: true, amount: { value: "2500.00", currency: "RUB" }, metadata: { order_id: buyer.id } })) as { id: string };
  const strangers = { sent: 0, sold: 0, outcomes: [] as string[] };
  for (const body of [succeeded(other.paymentId, buyer.id), succeeded(stranger.id, buyer.id)]) {
    strangers.sent++;
    strangers.outcomes.push(await notify(body));
  }
  if ((await statusOf(buyer.id)) === "paid") strangers.sold = 1;
  if (strangers.sold > 0) violations.push("another order's payment sold an order");
  if ((await statusOf(other.id)) !== "paid") violations.push("an order whose own payment succeeded was not sold when told");

  // repeated: the same notification three times at once sells once
  const repeatedOrder = await mustOrder(3);
  const told = await control(`payments/${repeatedOrder.paymentId}/succeed`);
  const before = (await (await fetch(`${yookassa.url}/fake/requests`)).json()) as unknown[];
  const repeated = { sent: 3, paidOrders: 0, outcomes: await Promise.all([notify(told), notify(told), notify(told)]) };
  repeated.paidOrders = (await statusOf(repeatedOrder.id)) === "paid" ? 1 : 0;
  const refundsAfter = ((await (await fetch(`${yookassa.url}/fake/requests`)).json()) as { path: string }[]).slice(before.length).filter((r) => r.path === "/v3/refunds");
  if (repeated.paidOrders !== 1 || refundsAfter.length > 0) violations.push(`the same notification three times: ${repeated.paidOrders} sold, ${refundsAfter.length} refunds`);

  // late: two orders left unpaid past their hold; one finds its seats still free, the other finds them taken
  const lateFree = await mustOrder(1);
  const lateTaken = await mustOrder(2);
  await wait(site.holdMs + 5_000);
  // someone else takes every seat left (orders of up to 5 from new addresses) once the holds have ended
  for (let n = 0; n < 20 && (await site.order(seminar, 5)); n++);
  let left = 0;
  for (let n = 0; n < 5 && (await site.order(seminar, 1)); n++) left++;
  const late = { soldWhileFree: false, refundedWhenTaken: false, refunds: 0, outcomes: [] as string[] };
  // the free one's seat: the last seat ordered just above was the drill's own, so give one back for it
  await site.setSeats(seminar, 1);
  late.outcomes.push(await notify(await control(`payments/${lateFree.paymentId}/succeed`)));
  late.soldWhileFree = (await statusOf(lateFree.id)) === "paid";
  late.outcomes.push(await notify(await control(`payments/${lateTaken.paymentId}/succeed`)));
  late.refundedWhenTaken = (await statusOf(lateTaken.id)) === "refunded";
  late.refunds = yookassa.refunds.size;
  if (!late.soldWhileFree) violations.push("a late success with its seat free was not sold");
  if (!late.refundedWhenTaken) violations.push(`a late success whose seats were taken was not refunded (status ${await statusOf(lateTaken.id)})`);
  if (left > 0) late.outcomes.push(`(the others' orders of five left ${left} seat(s), taken one by one)`);
  return { forged, strangers, repeated, late };
}

export function printPaymentDrill(report: PaymentDrillReport): void {
  console.log("4. Payments (YooKassa at the local fake; a notification is read back before anything changes)");
  console.log(`   forged notifications: ${report.forged.sent} sent, ${report.forged.sold} orders sold  answers: ${report.forged.outcomes.join(", ")}`);
  console.log(`   this order named with another order's payment (which sells that order), and with a stranger's payment: ${report.strangers.sent} sent, ${report.strangers.sold} of this order sold  answers: ${report.strangers.outcomes.join(", ")}`);
  console.log(`   the same notification three times at once: ${report.repeated.paidOrders} order sold  answers: ${report.repeated.outcomes.join(", ")}`);
  console.log(
    `   success after the hold: sold while its seat was free ${report.late.soldWhileFree ? "yes" : "NO"}, refunded when its seats were taken ${report.late.refundedWhenTaken ? "yes" : "NO"} (${report.late.refunds} refund at YooKassa)  answers: ${report.late.outcomes.join(", ")}`,
  );
}

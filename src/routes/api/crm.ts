/**
 * `POST /api/amocrm/status?secret=…`: amoCRM's webhook on a deal's status (decision 050,
 * docs/operations.md). A deal moved to a paid status (AMOCRM_PAID_STATUSES) confirms its order:
 * the seats are kept past the hold. A deal closed as lost (143) ends a held order at once. The
 * order is the id in brackets at the end of the deal's name, as the amoCRM sink writes it; a deal
 * whose name lost it is read from amoCRM. amoCRM signs nothing and sends no header of ours, so
 * the secret is in the address it is given; without AMOCRM_WEBHOOK_SECRET the webhook is off.
 */
import { Hono } from "hono";
import { readForm } from "../../server/body";
import { config } from "../../server/config.server";
import type { AppEnv } from "../../server/env";
import { sameSecret } from "../../server/keys.server";
import { crmToken } from "../../server/objects";
import { closeOrder, confirmOrder } from "../../server/order-holds";
import { AMO_LOST_STATUS } from "../../services/leads/sinks/amocrm.server";
import { log } from "../../services/log";

/** A status change as amoCRM's webhook posts it: `leads[status][0][id]=…&leads[status][0][status_id]=…&…[name]=…`. */
interface StatusChange {
  deal: number;
  status: number;
  name?: string;
}

function statusChanges(fields: Record<string, unknown>): StatusChange[] {
  const byIndex = new Map<string, Record<string, string>>();
  for (const [key, value] of Object.entries(fields)) {
    const match = /^leads\[status\]\[(\d{1,4})\]\[(id|status_id|name)\]$/.exec(key);
    if (!match || typeof value !== "string") continue;
    const entry = byIndex.get(match[1]!) ?? {};
    entry[match[2]!] = value;
    byIndex.set(match[1]!, entry);
  }
  return [...byIndex.values()]
    .filter((entry) => /^\d{1,15}$/.test(entry.id ?? "") && /^\d{1,15}$/.test(entry.status_id ?? ""))
    .map((entry) => ({ deal: Number(entry.id), status: Number(entry.status_id), name: entry.name }));
}

/** The order id a deal's name ends with, `… (id)`. */
const orderInName = (name: string | undefined): string | undefined => (name ? /\(([A-Za-z0-9_-]{8,64})\)\s*$/.exec(name)?.[1] : undefined);

/** A deal's name as amoCRM keeps it, for a webhook that did not carry it. */
async function dealName(env: Env, deal: number): Promise<string | undefined> {
  const base = config(env).AMOCRM_BASE_URL?.replace(/\/$/, "");
  if (!base) return undefined;
  const token = await crmToken(env).accessToken();
  if ("error" in token) throw new Error(token.error);
  const response = await fetch(`${base}/api/v4/leads/${deal}`, { headers: { Authorization: `Bearer ${token.token}` }, signal: AbortSignal.timeout(config(env).SINK_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`amocrm answered ${response.status}`);
  return ((await response.json()) as { name?: string }).name;
}

export const crmApi = new Hono<AppEnv>().post("/api/amocrm/status", async (c) => {
  const settings = config(c.env);
  const expected = settings.AMOCRM_WEBHOOK_SECRET;
  if (!expected) return c.json({ ok: false, message: "Вебхук amoCRM выключен" }, 404);
  if (!sameSecret(c.req.query("secret") ?? "", expected)) return c.json({ ok: false, message: "Неверный секрет вебхука" }, 403);
  const changes = statusChanges(await readForm(c.req.raw));
  const orders: { deal: number; order?: string; outcome: string }[] = [];
  for (const change of changes) {
    const paid = settings.AMOCRM_PAID_STATUSES.includes(change.status);
    if (!paid && change.status !== AMO_LOST_STATUS) {
      orders.push({ deal: change.deal, outcome: "ignored" });
      continue;
    }
    try {
      const order = orderInName(change.name) ?? orderInName(await dealName(c.env, change.deal));
      if (!order) {
        orders.push({ deal: change.deal, outcome: "no order" });
        continue;
      }
      const outcome = paid ? (await confirmOrder(c.env, order, "crm")).outcome : (await closeOrder(c.env, order)) ? "expired" : "unchanged";
      orders.push({ deal: change.deal, order, outcome });
    } catch (error) {
      log.error("crm.webhook.failed", { requestId: c.get("requestId"), deal: change.deal, error: String(error) });
      orders.push({ deal: change.deal, outcome: "failed" });
    }
  }
  log.info("crm.webhook", { requestId: c.get("requestId"), orders });
  // amoCRM sends a change again that was not answered 2xx: confirming and closing are the same done twice
  const failed = orders.some((order) => order.outcome === "failed");
  return c.json({ ok: !failed, orders }, failed ? 503 : 200, { "Cache-Control": "no-store" });
});

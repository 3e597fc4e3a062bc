import { zValidator } from "@hono/zod-validator";
import { type Context, Hono } from "hono";
import * as z from "zod/mini";
import { allShards, type LeadView, shardHolding } from "../../services/leads/outbox";
import { log } from "../../services/log";
import type { AppEnv, OpsApp } from "../../server/env";
import { jsonBody } from "../../server/body";
import { validJson } from "../../server/validate";
import { opsDoor } from "../../server/middleware/ops-door";
import { crmToken, outboxShard } from "../../server/objects";

/** Ops endpoints sit behind one door (server/middleware/ops-door.ts: Hono's bearer auth against OPS_TOKEN). */
export function opsApp(): OpsApp {
  const ops = new Hono<AppEnv>();
  ops.use(opsDoor);
  return ops;
}

const statuses = ["pending", "delivered", "skipped", "dead"] as const;
/** leads listed per outbox shard at most */
const MAX_LIST = 100_000;

/** `status=` one of the delivery states; `limit=` leads a shard, newest first (100 unless ops ask for more: the load drill reads every lead it sent). */
const leadsQuery = z.object({
  status: z.optional(z.enum(statuses, { error: `status: одно из ${statuses.join(", ")}` })),
  limit: z._default(
    z.coerce.number({ error: `limit: целое от 1 до ${MAX_LIST}` }).check(z.int(`limit: целое от 1 до ${MAX_LIST}`), z.minimum(1, `limit: целое от 1 до ${MAX_LIST}`), z.maximum(MAX_LIST, `limit: целое от 1 до ${MAX_LIST}`)),
    100,
  ),
});
const outbox = (c: Context<AppEnv>, shard: string) => outboxShard(c.env, shard);

const tokenSeed = z.object({
  access: z.string().check(z.minLength(1)),
  refresh: z.string().check(z.minLength(1)),
  expired_in: z.number().check(z.int(), z.positive()),
});

/** The outbox and the CRM token, for ops (mounted at /ops). */
export function registerOutboxOps(ops: OpsApp): void {
  ops.get("/leads", zValidator("query", leadsQuery, (parsed, c) => (parsed.success ? undefined : c.json({ ok: false, message: parsed.error.issues[0]?.message }, 400))), async (c) => {
    const { status, limit } = c.req.valid("query");
    const lists = await Promise.all(allShards().map((shard) => outbox(c, shard).list(status, limit)));
    const leads: LeadView[] = lists.flat().sort((a, b) => b.receivedAt - a.receivedAt);
    return c.json({ ok: true, leads });
  });

  ops.post("/leads/:id/retry", async (c) => {
    const id = c.req.param("id");
    const retried = await outbox(c, await shardHolding(id, (shard) => outbox(c, shard).has(id))).retry(id);
    return retried ? c.json({ ok: true, id }) : c.json({ ok: false, message: "Нет заявки с ожидающими или неудавшимися отправками" }, 404);
  });

  ops.put(
    "/crm/token",
    jsonBody((c, status, message) => c.json({ ok: false, message }, status)),
    validJson(tokenSeed, (c, _body, parsed) => (parsed.success ? undefined : c.json({ ok: false, message: "Нужны access, refresh и expired_in (unix-секунды)" }, 400))),
    async (c) => {
      const seed = c.req.valid("json");
      await crmToken(c.env).seed(seed.access, seed.refresh, seed.expired_in);
      return c.json({ ok: true });
    },
  );
}

/** `POST /api/amoCRMexchangeToken` (spec 7): the token refreshed now; ops only, behind the same door. */
export function crmExchangeApp(): OpsApp {
  const crm = opsApp();
  crm.post("/", async (c) => {
    const answer = await crmToken(c.env).refresh();
    if ("record" in answer) return c.json({ ok: true, expired_in: answer.record.expired_in });
    log.error("crm.token.exchange", { requestId: c.get("requestId"), error: answer.error });
    return c.json({ ok: false, message: "Не удалось обновить токен CRM" }, 502);
  });
  return crm;
}

import type { Context } from "hono";
import { getCookie, getSignedCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { requestId as honoRequestId } from "hono/request-id";
import { addressGroups } from "../../services/client-address";
import { log } from "../../services/log";
import { readVisitValue, VISIT_COOKIE, type VisitEvidence } from "../../services/visit-evidence";
import type { AppEnv } from "../env";
import { signingKeyBytes } from "../keys.server";
import { visitorArea } from "../visitor";

/**
 * Every request gets an id (Hono's request-id: a valid X-Request-Id it came with, else Cloudflare's
 * ray id, else a UUID): logged with its errors and returned to the visitor as X-Request-Id.
 */
export const requestId = honoRequestId({ generator: (c) => c.req.header("cf-ray") ?? crypto.randomUUID() });

/**
 * What the request says of its client, read once and kept on the context (decision 054): the
 * address groups every budget counts (`client`, from CF-Connecting-IP, which a client cannot set
 * at Cloudflare), the visitor's area (`area`, decision 020: the pages' variant and the lead's area)
 * and the server's evidence of the visit (`visit`).
 */
export const requestContext = createMiddleware<AppEnv>(async (c, next) => {
  c.set("client", addressGroups(c.req.header("CF-Connecting-IP")));
  c.set("area", visitorArea(c));
  c.set("visit", await visitOf(c));
  await next();
});

/** The visit the request's cookie vouches for (services/visit-evidence.ts). */
async function visitOf(c: Context<AppEnv>): Promise<VisitEvidence> {
  const raw = getCookie(c, VISIT_COOKIE);
  try {
    const secret = await signingKeyBytes(c.env, "visit");
    // a deployment without a signing secret hands out no evidence: the want of it says nothing
    if (!secret) return { kind: "unknown" };
    if (raw === undefined) return { kind: "none" };
    const value = await getSignedCookie(c, secret, VISIT_COOKIE);
    const visit = typeof value === "string" ? readVisitValue(value) : null;
    return visit ? { kind: "visit", ...visit } : { kind: "none" };
  } catch (error) {
    // the key out of reach: the visit is not judged, rather than a person refused (intake.ts: visitRefusal)
    log.error("visit.evidence.unavailable", { requestId: c.get("requestId"), error: String(error) });
    return { kind: "unknown" };
  }
}

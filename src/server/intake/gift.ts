import type { Context } from "hono";
import { log } from "../../services/log";
import { prizes, WHEEL_CODES } from "../../services/wheel";
import type { AppEnv } from "../env";
import { holderDigest } from "../keys.server";
import { promoRegistry } from "../objects";
import { phoneDrawId, tokenDraw } from "../wheel.server";

/** The message of a gift code that the wheel did not give. */
export const GIFT_NOT_CONFIRMED = "Подарок не подтверждён: крутите колесо на сайте";

/** The draw behind a claimed wheel gift: its token must be genuine, unexpired and of this very prize. */
async function giftDraw(env: Env, gift: string, token: unknown): Promise<string | null> {
  if (typeof token !== "string") return null;
  const draw = await tokenDraw(env, token);
  return draw && prizes[draw.prize]?.giftCode === gift ? draw.draw : null;
}

/** A gift code of the wheel counts only with the server's signature of the visitor's draw. */
export async function giftError(env: Env, gift: unknown, token: unknown): Promise<string | undefined> {
  if (typeof gift !== "string" || !WHEEL_CODES.includes(gift)) return undefined;
  return (await giftDraw(env, gift, token)) ? undefined : GIFT_NOT_CONFIRMED;
}

/**
 * A drawn gift is honoured once, for the phone it was drawn for (decision 052, issue 40): a lead with
 * another phone keeps the lead and drops the gift (logged). The first lead that carries it binds the
 * draw and the phone; the same pair again keeps it; another phone with the same draw, or another
 * draw with the same phone, keeps the lead and drops the gift (logged). What to store as the gift.
 */
export async function honouredGift(c: Context<AppEnv>, gift: string | undefined, token: unknown, phone: string, lead: string): Promise<string | undefined> {
  if (!gift || !WHEEL_CODES.includes(gift)) return gift;
  const draw = await giftDraw(c.env, gift, token);
  const phoneKey = await holderDigest(c.env, `gift:${phone}`);
  // checked before (giftError); without a signing secret no phone can be bound: the gift goes as it came
  if (!draw || !phoneKey) return gift;
  // a draw is a phone's (issue 40): its gift goes with that phone only, whatever the other rules say
  if (draw !== (await phoneDrawId(c.env, phone))) {
    log.warn("gift.dropped", { requestId: c.get("requestId"), lead, gift, reason: "the gift was drawn for another phone" });
    return undefined;
  }
  let claim: "honoured" | "taken";
  try {
    claim = await promoRegistry(c.env).claimGift(draw, phoneKey);
  } catch (error) {
    // a lead matters more than the gift's bookkeeping: it goes with its gift, and admissions see the draw's token
    log.error("gift.claim.unavailable", { requestId: c.get("requestId"), lead, error: String(error) });
    return gift;
  }
  if (claim === "honoured") return gift;
  log.warn("gift.dropped", { requestId: c.get("requestId"), lead, gift, reason: "the draw's gift went with another phone, or this phone had another's" });
  return undefined;
}

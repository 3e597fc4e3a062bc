import { WHEEL_CODES } from "../../services/wheel";
import { promoRegistry } from "../objects";

/** The message of a gift code that the wheel did not give. */
export const GIFT_NOT_CONFIRMED = "Подарок не подтверждён: крутите колесо на сайте";

/** A gift code of the wheel counts only with the server's signature of the visitor's draw. */
export async function giftError(env: Env, gift: unknown, token: unknown): Promise<string | undefined> {
  if (typeof gift !== "string" || !WHEEL_CODES.includes(gift)) return undefined;
  if (typeof token !== "string" || !(await promoRegistry(env).verify(token, gift))) return GIFT_NOT_CONFIRMED;
  return undefined;
}

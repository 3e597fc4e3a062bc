/**
 * The fortune wheel's tokens (decision 052): a draw signed by the site's wheel key, good for as
 * long as the visit it was drawn in (a year). No other form is taken.
 */
import { signText, verifyText } from "../services/signing";
import { VISIT_MAX_AGE_S } from "../services/visit-evidence";
import { signingKey } from "./keys.server";

/** How long a drawn gift may be claimed: as long as the visit's evidence lives. */
export const WHEEL_TOKEN_MAX_AGE_MS = VISIT_MAX_AGE_S * 1000;

const TOKEN = /^([\w-]{8,64})\.(\d)\.(\d{13})\.([A-Za-z0-9_-]{43})$/;

/** What a token names: the draw (the visit it was drawn in) and its prize. */
export interface TokenDraw {
  draw: string;
  prize: number;
}

/** The token of a draw; null when the deployment has no signing secret. */
export async function wheelToken(env: Env, draw: string, prize: number, spunAt: number): Promise<string | null> {
  const key = await signingKey(env, "wheel");
  if (!key) return null;
  const body = `${draw}.${prize}.${String(spunAt).padStart(13, "0")}`;
  return `${body}.${await signText(key, `wheel:${body}`)}`;
}

/** The draw a token names if the site drew it and it has not expired; null otherwise. */
export async function tokenDraw(env: Env, token: string, now = Date.now()): Promise<TokenDraw | null> {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, draw, prize, at, signature] = match as unknown as [string, string, string, string, string];
  const key = await signingKey(env, "wheel");
  if (!key || now > Number(at) + WHEEL_TOKEN_MAX_AGE_MS) return null;
  return (await verifyText(key, `wheel:${draw}.${prize}.${at}`, signature)) ? { draw, prize: Number(prize) } : null;
}

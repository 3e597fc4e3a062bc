/**
 * The fortune wheel's draws and tokens (decision 052, issue 40 point 8): a draw is a phone's, a
 * function of the phone and the campaign (the same phone always draws the same prize, whatever the
 * visit or the address), named by a keyed digest of the phone; its token is signed by the site's
 * wheel key and good for a year. No other form is taken.
 */
import { prizeOfDigest } from "../services/wheel";
import { keyedDigest, signText, verifyText } from "../services/signing";
import { VISIT_MAX_AGE_S } from "../services/visit-evidence";
import { signingKey } from "./keys.server";

/** A phone's draw: its name (a keyed digest of the phone, never the phone) and its prize. */
export interface PhoneDraw {
  id: string;
  prize: number;
}

/**
 * The draw of a phone (E.164) in a campaign; null when the deployment has no signing secret. The
 * prize is the weights of spec 3 applied to a keyed digest of campaign and phone: no one without
 * the key can tell which phone draws which prize, and no number of visits changes it.
 */
export async function phoneDraw(env: Env, e164: string, campaign: string): Promise<PhoneDraw | null> {
  const key = await signingKey(env, "wheel");
  if (!key) return null;
  const [id, chance] = await Promise.all([phoneDrawId(env, e164), keyedDigest(key, `draw:${campaign}:${e164}`)]);
  return id ? { id, prize: prizeOfDigest(chance) } : null;
}

/** The name of a phone's (E.164) draws: a keyed digest, so a token names no phone; null without a signing secret. */
export async function phoneDrawId(env: Env, e164: string): Promise<string | null> {
  const key = await signingKey(env, "wheel");
  return key ? `p${(await keyedDigest(key, `phone:${e164}`)).slice(0, 32)}` : null;
}

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

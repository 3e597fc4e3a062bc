/**
 * The server's own evidence of a visit: when the visitor first opened the site and a random id of
 * that visit, signed with the site's visit key (Hono's signed cookie) in an HttpOnly cookie set by
 * the first page (cached pages too). The minimum fill time of a form is measured from it, and the
 * fortune wheel draws only for a vouched visit, so nothing the client claims is trusted (decisions 016, 052).
 */
import { hex } from "./digest";

export const VISIT_COOKIE = "first_visit";

/** The cookie lives a year: a visitor who comes back months later is still a person who visited. */
export const VISIT_MAX_AGE_S = 365 * 24 * 3600;

/** A visit the server vouched for: when it began and its id. */
export interface Visit {
  at: number;
  id: string;
}

/**
 * What a request carries: a visit, none (a script that never opened a page, or a forged cookie),
 * or one that could not be checked (no signing secret in a deployment).
 */
export type VisitEvidence = ({ kind: "visit" } & Visit) | { kind: "none" } | { kind: "unknown" };

const VALUE = /^(\d{13})\.([0-9a-f]{32})$/;

/** The signed part of the cookie: the time, then the id. */
export const visitValue = (at: number, id: string): string => `${String(Math.floor(at)).padStart(13, "0")}.${id}`;

/** A new visit's id: 16 random bytes. */
export const newVisitId = (): string => hex(crypto.getRandomValues(new Uint8Array(16)));

/** The visit a verified value names; null for any other shape. */
export function readVisitValue(value: string): Visit | null {
  const match = VALUE.exec(value);
  return match ? { at: Number(match[1]), id: match[2]! } : null;
}

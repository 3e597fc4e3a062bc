/** A write's body as the site reads it: JSON that is an object, or a plain HTML form. */

import { refusals } from "../services/leads/messages";

export type BodyKind = "json" | "form";

/** JSON or a plain HTML form; anything else is 415. */
export function bodyKind(contentType: string | undefined): BodyKind | null {
  const type = (contentType ?? "").split(";")[0]?.trim().toLowerCase();
  if (type === "application/json") return "json";
  if (type === "application/x-www-form-urlencoded") return "form";
  return null;
}

export class BadBodyError extends Error {
  override name = "BadBodyError";
}

/** Reads the body as a plain object: JSON must be an object; a form becomes its fields. */
export async function readBody(request: Request, kind: BodyKind): Promise<Record<string, unknown>> {
  if (kind === "form") {
    const form = new URLSearchParams(await request.text());
    const fields: Record<string, unknown> = Object.create(null);
    for (const [key, value] of form) fields[key] = value;
    return fields;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(await request.text());
  } catch {
    throw new BadBodyError(refusals.badJson);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new BadBodyError(refusals.badJson);
  return parsed as Record<string, unknown>;
}

/**
 * The JSON object an ops call sent, parsed by `schema`; or the 400 answer saying what is wrong.
 * Ops tools send JSON only.
 */
export async function opsJson<T>(
  request: Request,
  schema: { safeParse(input: unknown): { success: true; data: T } | { success: false } },
  message: string,
): Promise<{ data: T } | { refusal: { ok: false; message: string } }> {
  let body: Record<string, unknown>;
  try {
    body = await readBody(request, "json");
  } catch (error) {
    if (error instanceof BadBodyError) return { refusal: { ok: false, message: error.message } };
    throw error;
  }
  const parsed = schema.safeParse(body);
  return parsed.success ? { data: parsed.data } : { refusal: { ok: false, message } };
}

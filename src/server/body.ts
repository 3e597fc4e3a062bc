/** A write's body as the site reads it: JSON that is an object, or a plain HTML form. */

import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { refusals } from "../services/leads/messages";
import type { AppEnv } from "./env";

export type BodyKind = "json" | "form";

/** JSON or a plain HTML form; anything else is 415. */
export function bodyKind(contentType: string | undefined): BodyKind | null {
  const type = (contentType ?? "").split(";")[0]?.trim().toLowerCase();
  if (type === "application/json") return "json";
  if (type === "application/x-www-form-urlencoded") return "form";
  return null;
}

/** A plain HTML form's fields, each the string it sent (the JSON routes read theirs through `jsonBody`). */
export async function readForm(request: Request): Promise<Record<string, unknown>> {
  // the platform's parser of a form body (workerd warns when such a body is read as text)
  const form = await request.formData();
  const fields: Record<string, unknown> = Object.create(null);
  for (const [key, value] of form) if (typeof value === "string") fields[key] = value;
  return fields;
}

/** A plain HTML form sends strings: numbers and checkboxes become what the schema expects. */
export function fromForm(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...fields };
  for (const key of ["price", "tickets"]) {
    if (typeof out[key] === "string") out[key] = out[key] === "" ? undefined : Number(out[key]);
  }
  for (const key of ["consent", "subscribeNews"]) out[key] = out[key] === "on" || out[key] === "true" || out[key] === "1";
  for (const key of Object.keys(out)) if (out[key] === "") delete out[key];
  return out;
}

/**
 * Before a JSON route's validator: a body that is not JSON gets 415, JSON that is not an object
 * 400, each with the site's Russian message in the route's own shape. The parsed body stays on the
 * request (Hono keeps it), so the validator reads it without parsing again.
 */
export function jsonBody(answer: (c: Context<AppEnv>, status: 400 | 415, message: string, reason: "type" | "malformed" | "notObject") => Response) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (bodyKind(c.req.header("Content-Type")) !== "json") return answer(c, 415, refusals.unsupportedType, "type");
    let parsed: unknown;
    try {
      parsed = await c.req.json();
    } catch {
      return answer(c, 400, refusals.badJson, "malformed");
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return answer(c, 400, refusals.badJson, "notObject");
    await next();
  });
}

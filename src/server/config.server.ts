/**
 * The Worker's settings, read in one place (decision 066): every feature declares its own beside
 * its code (a `*.settings.ts` group: its schemas, its secrets, what it checks across them), and
 * this file reads them all, once per environment object, the isolate's start first (decision 043).
 * Everything is optional: a sink with no endpoint is skipped, so the site runs with no secrets at
 * all. Each setting is parsed on its own: a bad value switches its feature off (or keeps the
 * default) and is logged once, loudly, naming the setting; it never takes pages or lead intake down.
 */
import * as z from "zod/mini";
import { isolateSlot } from "../services/isolate";
import { outboxSettings } from "../services/leads/outbox.settings";
import { sinkSettings } from "../services/leads/sinks/sinks.settings";
import { log } from "../services/log";
import { type Parsed, refusesBlank, type SettingProblem, type SettingsGroup, type Shape } from "../services/settings-schema";
import type { SiteSettings } from "../services/site-settings";
import { captchaPublic, captchaSettings } from "./intake/captcha.settings";
import { limitSettings } from "./intake/limits.settings";
import { mirrorSettings } from "./middleware/mirror.settings";
import { opsSettings } from "./middleware/ops-door.settings";
import { signingSettings } from "./signing.settings";
import { siteSettings } from "./site.settings";

export type { SettingProblem } from "../services/settings-schema";

/** Every group of settings, in the order they are read and checked (.dev.vars.example lists them). */
const GROUPS = [siteSettings, sinkSettings, signingSettings, opsSettings, outboxSettings, limitSettings, captchaSettings, mirrorSettings] as const;

type Group = (typeof GROUPS)[number];
type ShapeOf<G> = G extends SettingsGroup<infer S> ? S : never;
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
type AllShapes = UnionToIntersection<ShapeOf<Group>>;

/** Every setting the Worker reads, parsed. */
export type Config = Parsed<AllShapes & Shape>;

const shapes = Object.assign({}, ...GROUPS.map((group) => group.shape)) as Record<string, z.ZodMiniType>;

/** Every setting the Worker reads (.dev.vars.example lists them). */
export const SETTING_NAMES = Object.keys(shapes);

/** Settings whose values must never be logged or printed: set with `wrangler secret put`, never in a file. */
export const SECRET_SETTINGS: ReadonlySet<string> = new Set(GROUPS.flatMap((group) => (group.secrets ?? []) as readonly string[]));

/**
 * What a problem may show of the value it refused: a URL's scheme and host, never its path, query
 * or credentials (a key often travels in them); of any other setting nothing, since a secret put
 * under the wrong name is still a secret.
 */
function shownValue(raw: unknown): string {
  const text = String(raw);
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(text)?.[1];
  if (!scheme) return "";
  try {
    const { host } = new URL(text);
    return host ? ` (${scheme.toLowerCase()}://${host})` : ` (${scheme.toLowerCase()}://)`;
  } catch {
    return ` (${scheme.toLowerCase()}://)`;
  }
}

/** A problem and the value behind it: the same bad value is logged once per isolate, a new one again. */
const problemKeys = new WeakMap<SettingProblem, string>();

/** Empty strings mean "not set" (wrangler passes empty vars through), except for a number, which must be one. */
const given = (value: unknown) => value !== undefined && value !== null && value !== "";

/** Reads every setting on its own; a bad one falls back to its default or "not set" and is named in `problems`. */
export function readSettings(env: Record<string, unknown>): { config: Config; problems: SettingProblem[] } {
  const out: Record<string, unknown> = {};
  const problems: SettingProblem[] = [];
  for (const [name, schema] of Object.entries(shapes)) {
    const raw = given(env[name]) || (typeof env[name] === "string" && refusesBlank.has(schema)) ? env[name] : undefined;
    const parsed = z.safeParse(schema, raw);
    if (parsed.success) {
      out[name] = parsed.data;
      continue;
    }
    const fallback = z.safeParse(schema, undefined);
    out[name] = fallback.success ? fallback.data : undefined;
    const reason = parsed.error.issues[0]?.message ?? "invalid";
    const effect = fallback.success && fallback.data !== undefined ? `the default ${JSON.stringify(fallback.data)} is used` : "the feature is off";
    const problem = { setting: name, reason: SECRET_SETTINGS.has(name) ? reason : `${reason}${shownValue(raw)}`, effect };
    problemKeys.set(problem, `${name}:${reason}:${String(raw)}`);
    problems.push(problem);
  }
  const config = out as Config;
  for (const group of GROUPS as unknown as readonly SettingsGroup<Shape>[]) {
    if (group.check) problems.push(...group.check(config as Parameters<NonNullable<typeof group.check>>[0], env));
  }
  return { config, problems };
}

const state = isolateSlot("settings", () => ({
  parsed: new WeakMap<object, Config>(),
  /** problems already logged by this isolate: each once, not once per request or per environment object */
  logged: new Set<string>(),
}));

/** Makes `copy` (an environment made from `original`, e.g. with slow reads) read as `original`: parsed once, not once more for the copy. */
export function sameSettings(copy: Env, original: Env): void {
  state().parsed.set(copy, config(original));
}

export function config(env: Env): Config {
  const { parsed: cache, logged } = state();
  let parsed = cache.get(env);
  if (!parsed) {
    const { config: read, problems } = readSettings(env as unknown as Record<string, unknown>);
    for (const problem of problems) {
      const key = problemKeys.get(problem) ?? `${problem.setting}:${problem.reason}`;
      if (logged.has(key)) continue;
      logged.add(key);
      log.error("config.invalid", { ...problem });
    }
    parsed = read;
    cache.set(env, parsed);
  }
  return parsed;
}

/**
 * Runs the settings' parse once and keeps nothing (decision 043): its first run, about 5 ms, is
 * the validators' code running for the first time. The isolate's start does it, so the first
 * request's own parse finds that code warm. Nothing is logged here: a problem is logged by the
 * request's parse, where the logs are collected.
 */
export function warmSettings(env: Env): void {
  readSettings(env as unknown as Record<string, unknown>);
}

/** What the browser may know of the settings: nothing secret, the same for every visitor. */
export type PublicSettings = SiteSettings;

/** The one list of settings that reach the page (Epic Stack habit): secrets never do. */
export function publicSettings(env: Env): PublicSettings {
  const settings = config(env);
  return {
    leadsDryRun: settings.LEADS_DRY_RUN === "1",
    ticketsPerOrder: settings.TICKETS_PER_ORDER,
    ...captchaPublic(settings),
    ...(settings.YM_COUNTER_ID ? { ymCounterId: settings.YM_COUNTER_ID } : {}),
  };
}

/**
 * How a feature declares its settings (decision 066): a group of zod schemas beside the feature's
 * code, which settings of it are secrets, and what it checks across its own settings. The Worker
 * reads every group once, in one place (src/server/config.server.ts).
 */
import * as z from "zod/mini";

/** A setting that was given but cannot be used, or is missing beside one that needs it, and what the Worker does instead. */
export interface SettingProblem {
  setting: string;
  reason: string;
  /** what happens instead: the feature is off, or the default is used */
  effect: string;
  /** the setting is not set at all (the other half of a pair): a check that cannot see the secrets cannot tell */
  absent?: true;
}

export type Shape = Record<string, z.ZodMiniType>;
export type Parsed<S extends Shape> = { -readonly [K in keyof S]: z.infer<S[K]> };

/** Where the Worker runs: the local runtime (`npm start`, the tests) or a deployment. */
export type Environment = "local" | "dev" | "production";

export interface SettingsGroup<S extends Shape> {
  shape: S;
  /** the settings whose values must never be logged or printed: set with `wrangler secret put`, never in a file */
  secrets?: readonly (keyof S & string)[];
  /**
   * What the group's settings cannot do together; it may switch a setting off in `config` (the
   * parsed values, which it may change) and says so. `env` is what the Worker was given.
   */
  check?: (config: Parsed<S> & { ENVIRONMENT: Environment }, env: Readonly<Record<string, unknown>>) => SettingProblem[];
}

/** A group of settings, typed by its shape. */
export const settingsGroup = <S extends Shape>(group: SettingsGroup<S>): SettingsGroup<S> => group;

/** An http(s) address; none means the feature is off. */
export const url = () => z.optional(z.url({ protocol: /^https?$/ }));

/**
 * Schemas of a number: an empty or blank value is refused like any other that is not a plain
 * number (readSettings gives it to them instead of taking it for "not set"), so a blank limit
 * keeps its default and is named, never read as 0 (issue 40 point 9).
 */
export const refusesBlank = new WeakSet<z.ZodMiniType>();

/** `value` as a number when it is written as `pattern` alone (no sign, space, exponent or base) or is already a finite number; NaN otherwise. */
const plainNumber = (pattern: RegExp) =>
  z.pipe(
    z.unknown(),
    z.transform((value: unknown) => (typeof value === "number" ? value : typeof value === "string" && pattern.test(value) ? Number(value) : Number.NaN)),
  );

const INTEGER = /^\d+$/;
const DECIMAL = /^\d+(\.\d+)?$/;

/**
 * A whole number from `min` (0 by default: for a limit, 0 is the only way to switch it off) to
 * `max`, written in plain decimal digits: `5`, never ` 5`, `5.0`, `-1`, `0x14`, `0b10100` or `1e3`.
 * Anything else is refused and `fallback` is used.
 */
export function int(fallback: number, max = 1_000_000_000, min = 0) {
  const reason = `not a whole number from ${min} to ${max} in plain digits`;
  const schema = z._default(z.pipe(plainNumber(INTEGER), z.number({ error: reason }).check(z.int(reason), z.minimum(min, reason), z.maximum(max, reason))), fallback);
  refusesBlank.add(schema);
  return schema;
}

/** A number from `min` to `max` that may have a fraction, written as plain decimal digits (`0.5`, `1440`); anything else is refused and `fallback` is used. */
export function decimal(fallback: number, min: number, max: number) {
  const reason = `not a number from ${min} to ${max} in plain digits (such as 0.5)`;
  const schema = z._default(z.pipe(plainNumber(DECIMAL), z.number({ error: reason }).check(z.minimum(min, reason), z.maximum(max, reason))), fallback);
  refusesBlank.add(schema);
  return schema;
}

/**
 * Refuses a bad configuration before it reaches a deployment (`npm run deploy` runs it first).
 *   tsx scripts/config-check.ts [--env local|dev|production] [--secrets FILE]
 * Reads the environment's vars from wrangler.toml, `.dev.vars` for the local one, and the secrets
 * a deployment will be given: from FILE (KEY=value lines, as `wrangler secret bulk` takes them;
 * for a deployed environment `.dev.vars.<env>` when no FILE is named and it exists, never
 * committed) and from the process's environment (a CI job's secrets). Wrangler keeps secrets
 * write-only and `wrangler secret list` needs the network, so a secret in neither place cannot be
 * checked: it is named as not checked, never passed as good.
 * Prints every setting the Worker would switch off or replace, and exits 1 if there is one.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { unstable_readConfig } from "wrangler";
import { readSettings, SECRET_SETTINGS, SETTING_NAMES, type SettingProblem } from "../src/server/config.server";
import { readPaymentSettings } from "../src/services/payments/settings";
import { root } from "./lib/wrangler";

/** KEY=value lines; `#` comments and blank lines skipped; quotes around a value removed. */
export function parseDotenv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match || line.trimStart().startsWith("#")) continue;
    out[match[1]!] = match[2]!.replace(/^(["'])(.*)\1$/, "$2");
  }
  return out;
}

/** What a deployed environment must have besides valid values. */
export function deploymentProblems(env: string, vars: Record<string, unknown>): SettingProblem[] {
  if (env === "local") return [];
  const problems: SettingProblem[] = [];
  const site = typeof vars.SITE_URL === "string" ? vars.SITE_URL : "";
  if (!site.startsWith("https://")) problems.push({ setting: "SITE_URL", reason: "a deployed site lives at an https:// address", effect: "canonical links and secure cookies would be wrong" });
  if (vars.ENVIRONMENT !== env) problems.push({ setting: "ENVIRONMENT", reason: `must be "${env}" in the ${env} environment`, effect: "local-only settings could be honoured" });
  return problems;
}

/** The file of a deployed environment's secrets when none is named: wrangler's own name for an environment's local settings. */
export const defaultSecretsFile = (env: string) => join(root, `.dev.vars.${env}`);

export interface CheckOptions {
  /** KEY=value secrets; for a deployed environment `.dev.vars.<env>` when it exists */
  secretsFile?: string;
  /** the process's environment, whose secret settings are read too (a CI job's) */
  environment?: Record<string, string | undefined>;
}

/** A secret the check could not see, and what it would have checked. */
export interface Unchecked {
  setting: string;
  reason: string;
}

export function checkConfiguration(
  env: string,
  { secretsFile, environment = process.env }: CheckOptions = {},
): { settings: Record<string, unknown>; problems: SettingProblem[]; unchecked: Unchecked[]; secretsFrom: string[] } {
  const wrangler = unstable_readConfig({ config: join(root, "wrangler.toml"), env: env === "local" ? undefined : env });
  const settings: Record<string, unknown> = { ...wrangler.vars };
  const secretsFrom: string[] = [];
  const seen = new Set<string>();
  const local = join(root, ".dev.vars");
  if (env === "local" && existsSync(local)) {
    Object.assign(settings, parseDotenv(readFileSync(local, "utf8")));
    secretsFrom.push(".dev.vars");
  }
  const file = secretsFile ?? (env !== "local" && existsSync(defaultSecretsFile(env)) ? defaultSecretsFile(env) : undefined);
  if (file) {
    const given = parseDotenv(readFileSync(file, "utf8"));
    Object.assign(settings, given);
    for (const name of Object.keys(given)) seen.add(name);
    secretsFrom.push(file.startsWith(root) ? file.slice(root.length) : file);
  }
  const fromEnvironment = SETTING_NAMES.filter((name) => SECRET_SETTINGS.has(name) && environment[name] !== undefined);
  for (const name of fromEnvironment) {
    settings[name] = environment[name];
    seen.add(name);
  }
  if (fromEnvironment.length > 0) secretsFrom.push(`the environment (${fromEnvironment.join(", ")})`);
  // the local runtime reads .dev.vars and nothing else: what it lacks is simply not set
  const cannotSee = (name: string) => env !== "local" && SECRET_SETTINGS.has(name) && !seen.has(name);

  // paying on the site's settings are parsed beside the tickets' code (decision 085); its key is a secret like the others
  const payments = readPaymentSettings(settings).problems.map(
    (problem): SettingProblem => ({ ...problem, setting: problem.setting as SettingProblem["setting"], ...(problem.reason.includes("is not set") ? { absent: true as const } : {}) }),
  );
  const problems = [...readSettings(settings).problems, ...payments];
  const secretUnseen = (name: string) => cannotSee(name) || (name === "YOOKASSA_SECRET_KEY" && env !== "local" && !seen.has(name));
  const unchecked: Unchecked[] = [...SECRET_SETTINGS, "YOOKASSA_SECRET_KEY"].filter((name) => secretUnseen(name) && (name !== "YOOKASSA_SECRET_KEY" || settings.YOOKASSA_SHOP_ID !== undefined)).map((setting) => ({ setting, reason: "not in the secrets file or the environment" }));
  const found: SettingProblem[] = [];
  for (const problem of problems) {
    const hidden = problem.absent && secretUnseen(problem.setting);
    if (!hidden) found.push(problem);
    else {
      const entry = unchecked.find((u) => u.setting === problem.setting)!;
      entry.reason = `${problem.reason}, unless it is set in Cloudflare (if not, ${problem.effect})`;
    }
  }
  return { settings, problems: [...found, ...deploymentProblems(env, settings)], unchecked, secretsFrom };
}

function main(): void {
  const args = process.argv.slice(2);
  const option = (name: string) => {
    const index = args.indexOf(name);
    return index >= 0 ? args[index + 1] : undefined;
  };
  const env = option("--env") ?? "local";
  if (!["local", "dev", "production"].includes(env)) {
    console.error(`config:check: unknown environment "${env}" (local, dev or production)`);
    process.exit(2);
  }
  const secretsFile = option("--secrets");
  if (secretsFile && !existsSync(secretsFile)) {
    console.error(`config:check: no secrets file ${secretsFile}`);
    process.exit(2);
  }
  const { problems, unchecked, secretsFrom } = checkConfiguration(env, { secretsFile });
  console.log(`config:check: the ${env} configuration: wrangler.toml${secretsFrom.length > 0 ? `, ${secretsFrom.join(", ")}` : ""}`);
  const { settings } = checkConfiguration(env, { secretsFile });
  console.log(
    `config:check: ${settings.YOOKASSA_SHOP_ID === undefined ? "YooKassa is not configured: orders of paid seminars are held TICKET_HOLD_MINUTES and confirmed by ops or amoCRM (decision 050)" : "tickets are paid on the site with YooKassa (decision 085)"}`,
  );
  if (unchecked.length > 0) {
    console.warn(`config:check: ${unchecked.length} secret(s) not checked (wrangler cannot read secrets back; name them in ${env === "local" ? ".dev.vars" : `.dev.vars.${env}`}, --secrets FILE or the environment to check them):`);
    for (const { setting, reason } of unchecked) console.warn(`  ${setting}: ${reason}`);
  }
  if (problems.length === 0) {
    console.log(`config:check: the ${env} configuration is valid${unchecked.length > 0 ? " as far as it could be seen" : ""}`);
    return;
  }
  console.error(`config:check: the ${env} configuration has ${problems.length} problem(s):`);
  for (const problem of problems) console.error(`  ${problem.setting}: ${problem.reason}; ${problem.effect}`);
  process.exit(1);
}

if (process.argv[1]?.endsWith("config-check.ts")) main();

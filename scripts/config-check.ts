/**
 * Refuses a bad configuration before it reaches a deployment (`npm run deploy` runs it first).
 *   tsx scripts/config-check.ts [--env local|dev|production] [--secrets FILE]
 * Reads the environment's vars from wrangler.toml, `.dev.vars` for the local one, and the secrets
 * a deployment will be given from FILE (KEY=value lines, as `wrangler secret bulk` takes them).
 * Prints every setting the Worker would switch off or replace, and exits 1 if there is one.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { unstable_readConfig } from "wrangler";
import { readSettings, type SettingProblem } from "../src/server/config.server";
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

export function checkConfiguration(env: string, secretsFile?: string): { settings: Record<string, unknown>; problems: SettingProblem[] } {
  const wrangler = unstable_readConfig({ config: join(root, "wrangler.toml"), env: env === "local" ? undefined : env });
  const settings: Record<string, unknown> = { ...wrangler.vars };
  const local = join(root, ".dev.vars");
  if (env === "local" && existsSync(local)) Object.assign(settings, parseDotenv(readFileSync(local, "utf8")));
  if (secretsFile) Object.assign(settings, parseDotenv(readFileSync(secretsFile, "utf8")));
  const { problems } = readSettings(settings);
  return { settings, problems: [...problems, ...deploymentProblems(env, settings)] };
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
  const { problems } = checkConfiguration(env, option("--secrets"));
  if (problems.length === 0) {
    console.log(`config:check: the ${env} configuration is valid`);
    return;
  }
  console.error(`config:check: the ${env} configuration has ${problems.length} problem(s):`);
  for (const problem of problems) console.error(`  ${problem.setting}: ${problem.reason}; ${problem.effect}`);
  process.exit(1);
}

if (process.argv[1]?.endsWith("config-check.ts")) main();

/**
 * No secret reaches a browser or the repository. The browser half reads the built client assets
 * (public/assets/, written by `npm run build`, which `npm test` runs first, as for the byte budgets).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "./lib/wrangler";

/** Settings that are meant for the page (config.server.ts `publicSettings`): not secrets. */
const PUBLIC_NAMES = new Set(["TURNSTILE_SITE_KEY", "YM_COUNTER_ID"]);
const SECRET_NAME = /SECRET|TOKEN|_KEY$|CLIENT_ID|PASSWORD|REDIRECT_URI/;

/** Every setting name the project knows: the environment schema, the documented example, wrangler.toml. */
function settingNames(): string[] {
  const sources = [
    readFileSync(join(root, "src/server/config.server.ts"), "utf8").match(/^ {2}([A-Z][A-Z0-9_]+):/gm) ?? [],
    readFileSync(join(root, ".dev.vars.example"), "utf8").match(/^# ([A-Z][A-Z0-9_]+)=/gm) ?? [],
    readFileSync(join(root, "wrangler.toml"), "utf8").match(/\b([A-Z][A-Z0-9_]{2,})\s*=/g) ?? [],
  ];
  return [...new Set(sources.flat().map((line) => /[A-Z][A-Z0-9_]+/.exec(line)![0]))];
}

const secretNames = () => settingNames().filter((name) => SECRET_NAME.test(name) && !PUBLIC_NAMES.has(name));

/**
 * Values that look like credentials wherever they are. Cloudflare Turnstile's real keys start
 * with `0x4AAAAAAA`: a site key is about 24 characters, a secret about 35.
 */
const CREDENTIAL_PATTERNS: [string, RegExp][] = [
  ["a private key", /-----BEGIN (?:RSA |EC |DSA |OPENSSH |ENCRYPTED )?PRIVATE KEY-----/],
  ["a JWT", /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/],
  ["a Turnstile secret key", /\b0x4AAAAAAA[A-Za-z0-9_-]{25,}\b/],
  ["a Turnstile test secret key", /\b[123]x0{33}AA\b/],
  ["an AWS access key", /\bAKIA[0-9A-Z]{16}\b/],
  ["a GitHub token", /\bgh[pousr]_[A-Za-z0-9]{36,}\b/],
  ["a Slack token", /\bxox[abprs]-[A-Za-z0-9-]{10,}/],
  ["a token assigned to a secret-looking name", /\b\w*(?:secret|token|password|api_?key)\w*["']?\s*[:=]\s*["'][A-Za-z0-9+/_.=-]{24,}["']/i],
];

/** Credential-looking strings that are public by design, each with the reason. */
const ALLOWED_VALUES: Record<string, string> = {
  "1x0000000000000000000000000000000AA": "Cloudflare's documented Turnstile test secret (always passes); works against no real site",
  "2x0000000000000000000000000000000AA": "Cloudflare's documented Turnstile test secret (always fails)",
  "3x0000000000000000000000000000000AA": "Cloudflare's documented Turnstile test secret (token already spent)",
  "ops-token-for-tests-0123456789": "the OPS_TOKEN the Worker tests give a Worker running in workerd, nowhere else",
  "ops-token-for-e2e-0123456789": "the OPS_TOKEN of the local `wrangler dev` the browser tests start",
  "ops-token-for-load-0123456789": "the OPS_TOKEN of the local `wrangler dev` the load test starts",
  "ops-token-for-the-cost-bench-0123": "the OPS_TOKEN of the local `wrangler dev` the cost bench starts (tests/load/costs.ts)",
  "<client key>": "a placeholder in docs/operations.md's example of the SmartCaptcha setting, where ops put their own public key",
  "dev-ops-token-0123456789": "the OPS_TOKEN of `npm run dev:fakes`, a local run against fake third parties",
  "ops-token-for-config-check-0123": "the good OPS_TOKEN of scripts/config-check.test.ts, written to a temporary file only",
  "short-token": "the OPS_TOKEN shorter than 16 characters that config:check and the settings tests refuse",
  "https://mip.institute/amo": "the amoCRM redirect URI of the tests: a public address, listed among the secrets only by habit",
  "client-secret": "the amoCRM client secret the fake amoCRM of the tests expects",
  "client-id": "the amoCRM client id the fake amoCRM of the tests expects",
  "postback-key": "the admitad postback key the fake partner of the tests receives",
  "roistat-key": "the Roistat key the fake Roistat of the tests receives",
  "signing-secret-for-config-check-0123456789": "the good SIGNING_SECRET of scripts/config-check.test.ts, written to a temporary file only",
  "too-short": "the SIGNING_SECRET shorter than 32 characters that the settings tests refuse",
  "hook-secret-for-tests-0123": "the AMOCRM_WEBHOOK_SECRET tests/worker/holds.test.ts gives a Worker running in workerd, nowhere else",
  "test_secret_key_0123456789": "the YOOKASSA_SECRET_KEY of src/services/payments/settings.test.ts; YooKassa knows no such key",
  "bad key with spaces": "the YOOKASSA_SECRET_KEY the payment settings' test refuses",
  "mail-key-for-tests": "the MAIL_API_KEY the fake mail API of the tests and of dev:fakes expects (tests/support/fake-third-parties.ts)",
  "test_fake_secret_key_0123456789": "the secret key the fake YooKassa of the tests expects (tests/support/fake-yookassa.ts)",
  "ysc1_fake-client-key": "the SmartCaptcha client key of the fake SmartCaptcha (tests/support/fake-third-parties.ts); Yandex knows no such key",
  "ysc2_fake-server-key-passes": "a server key the fake SmartCaptcha's validate answers ok to; Yandex publishes no test keys, so the fake has its own",
  "ysc2_fake-server-key-fails": "a server key the fake SmartCaptcha's validate answers failed to",
  "ysc2_fake-server-key-spent": "a server key the fake SmartCaptcha's validate answers «Invalid or expired Token» to",
  "dD0xNjYy.FAKE.SMART.TOKEN": "the token the stand-in SmartCaptcha widget of the tests puts in a form; only the fake checks it",
  "another-deployments-signing-secret-0123456789": "the SIGNING_SECRET of another deployment in tests/worker/altcha.test.ts, whose proofs this one refuses",
  "a-signing-secret-of-thirty-two-characters": "a SIGNING_SECRET the settings test in src/server/config.server.test.ts reads, nowhere deployed",
  "local-runtime-only-signing-secret-never-deployed": "LOCAL_SIGNING_SECRET: the signing secret of the local runtime alone (ENVIRONMENT local), public by design (decision 054)",
};
/** Files whose credential-looking strings are about detecting credentials. */
const ALLOWED_FILES: Record<string, string> = {
  "scripts/secrets.test.ts": "this test: its patterns and allow-list",
};

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true }) as string[]).map((file) => join(dir, file)).filter((file) => /\.(js|mjs|css|map|json|html)$/.test(file));
}

function findings(text: string, allowed: (value: string) => boolean): string[] {
  const found: string[] = [];
  for (const [what, pattern] of CREDENTIAL_PATTERNS) {
    for (const match of text.matchAll(new RegExp(pattern, `${pattern.flags}g`))) {
      if (!allowed(match[0])) found.push(`${what}: ${match[0].slice(0, 60)}`);
    }
  }
  return found;
}

const allowedValue = (match: string) => Object.keys(ALLOWED_VALUES).some((value) => match.includes(value));

describe("secrets never reach a client bundle", () => {
  const assets = files(join(root, "public/assets"));

  it("has a build to look at (npm test builds first; alone: npm run build)", () => {
    expect(assets.some((file) => file.endsWith(".js"))).toBe(true);
  });

  it("knows the secret names from the settings schema and .dev.vars.example", () => {
    expect(secretNames()).toEqual(expect.arrayContaining(["OPS_TOKEN", "AMOCRM_CLIENT_SECRET", "AMOCRM_CLIENT_ID", "TURNSTILE_SECRET_KEY", "ROISTAT_KEY"]));
    expect(secretNames()).not.toContain("TURNSTILE_SITE_KEY");
  });

  it("names no secret setting in any built asset", () => {
    const names = secretNames();
    const leaks = assets.flatMap((file) => {
      const text = readFileSync(file, "utf8");
      return names.filter((name) => text.includes(name)).map((name) => `${file.slice(root.length)}: ${name}`);
    });
    expect(leaks).toEqual([]);
  });

  it("carries no credential-looking value, nor any value of the local .dev.vars or the test settings", () => {
    const local = existsSync(join(root, ".dev.vars"))
      ? [...readFileSync(join(root, ".dev.vars"), "utf8").matchAll(/^([A-Z][A-Z0-9_]+)=(.{6,})$/gm)]
          .filter(([, name]) => secretNames().includes(name!))
          .map(([, , value]) => value!.trim().replace(/^["']|["']$/g, ""))
      : [];
    const known = [...Object.keys(ALLOWED_VALUES), ...local];
    const leaks = assets.flatMap((file) => {
      const text = readFileSync(file, "utf8");
      const where = file.slice(root.length);
      return [
        ...findings(text, () => false).map((finding) => `${where}: ${finding}`),
        ...known.filter((value) => text.includes(value)).map((value) => `${where}: the value ${value.slice(0, 6)}…`),
        // long hex or base64 runs: keys, hashes of secrets, embedded tokens (base64 data: URIs aside)
        ...[...text.replace(/data:[\w/+.-]+;base64,[A-Za-z0-9+/=]+/g, "").matchAll(/\b[a-f0-9]{40,}\b|[A-Za-z0-9+/]{48,}={0,2}/g)]
          .filter(([run]) => /\d/.test(run!) && /[a-zA-Z]/.test(run!))
          .map(([run]) => `${where}: a long encoded run ${run!.slice(0, 16)}…`),
      ];
    });
    expect(leaks).toEqual([]);
  });
});

describe("secrets are never committed", () => {
  const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" }).split("\0").filter(Boolean);

  it("tracks no local settings file (.dev.vars, .dev.vars.<env> with a deployment's secrets for config:check, .env)", () => {
    expect(tracked.filter((file) => /(^|\/)(\.dev\.vars(\.(?!example$)[\w-]+)?|\.env(\.[\w-]+)?)$/.test(file))).toEqual([]);
    expect(readFileSync(join(root, ".gitignore"), "utf8")).toMatch(/^\.dev\.vars$/m);
    expect(readFileSync(join(root, ".gitignore"), "utf8")).toMatch(/^\.dev\.vars\.\*$/m);
  });

  it("holds no credential in any tracked text file, the documented test keys and test-only tokens aside", () => {
    const leaks: string[] = [];
    for (const file of tracked) {
      if (ALLOWED_FILES[file] || !existsSync(join(root, file))) continue;
      const bytes = readFileSync(join(root, file));
      if (bytes.includes(0)) continue; // binary: images, fonts, PDFs
      const text = bytes.toString("utf8");
      for (const finding of findings(text, allowedValue)) leaks.push(`${file}: ${finding}`);
      for (const name of secretNames()) {
        // a secret setting given a literal value: in TOML, JSON, TS or an env file
        const literal = new RegExp(`\\b${name}\\b["']?\\s*[:=]\\s*["']([^"'\\n]{6,})["']|\\b${name}=([^\\s"'#]{6,})`, "g");
        for (const match of text.matchAll(literal)) {
          const value = match[1] ?? match[2]!;
          if (value.startsWith("$") || allowedValue(value)) continue;
          leaks.push(`${file}: ${name} = ${value.slice(0, 6)}…`);
        }
      }
    }
    expect(leaks).toEqual([]);
  });

  it("gives every allowed value a reason", () => {
    for (const reason of [...Object.values(ALLOWED_VALUES), ...Object.values(ALLOWED_FILES)]) expect(reason.length).toBeGreaterThan(20);
  });
});

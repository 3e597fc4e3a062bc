/**
 * The Worker's bundle as Cloudflare would get it (issue #18): `wrangler deploy --dry-run` with the
 * deploy's own flags. Its size is what a fresh isolate downloads and parses before its first
 * request, and Workers refuse bundles over their plan's limit.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { root, wranglerEnv } from "./lib/wrangler";

/** The most the bundle may weigh, gzipped, as wrangler counts it. */
const MAX_GZIP_KIB = 300;

const outdir = mkdtempSync(join(tmpdir(), "worker-bundle-"));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe("the Worker's bundle (wrangler deploy --dry-run --env production --minify)", () => {
  const output = execFileSync(
    process.execPath,
    [join(root, "node_modules/wrangler/bin/wrangler.js"), "deploy", "--dry-run", "--env", "production", "--minify", "--outdir", outdir],
    // as `npm run deploy` runs it: vitest's NODE_ENV=test would bundle React's development build
    { cwd: root, env: wranglerEnv({ NODE_ENV: "production" }), encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  );
  const sizes = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(output);
  const bundle = readFileSync(join(outdir, "index.js"), "utf8");

  it(`weighs at most ${MAX_GZIP_KIB} KiB gzipped`, () => {
    expect(sizes, output).not.toBeNull();
    const gzip = Number(sizes![2]);
    console.log(`Worker bundle: ${sizes![1]} KiB, gzip ${gzip} KiB (at most ${MAX_GZIP_KIB})`);
    expect(gzip).toBeLessThanOrEqual(MAX_GZIP_KIB);
  });

  it("holds neither the templates' CSS nor the phone library's metadata: the Worker reads them from its static files (decision 095)", () => {
    const critical = JSON.parse(readFileSync(join(root, "build/critical.json"), "utf8")) as { templates: Record<string, { file: string }> };
    const homeCss = readFileSync(join(root, "public", critical.templates.home!.file), "utf8");
    expect(bundle).toContain(critical.templates.home!.file);
    // a rule of the home page's CSS from its middle, past the fallback face and the variables, with nothing a string escapes
    const rule = homeCss.slice(homeCss.length / 2).split("}").find((text) => text.length > 40 && !/["'\\\u0080-\uffff]/.test(text));
    expect(rule).toBeDefined();
    expect(bundle).not.toContain(rule);
    // Uzbekistan's entry of the metadata: its calling code and the lengths of its numbers
    const metadata = JSON.parse(readFileSync(join(root, "node_modules/libphonenumber-js/metadata.min.json"), "utf8")) as { countries: Record<string, unknown[]> };
    expect(bundle).not.toContain(JSON.stringify(metadata.countries.UZ!.slice(0, 3)).slice(1, -1));
  });

  it("holds one zod and none of its languages but English (its locales are 260 KB)", () => {
    // each zod locale names its language in its error map: Russian's and German's words are not in an English-only bundle
    for (const word of ["Неверный ввод", "Ungültige Eingabe", "Entrada inválida"]) expect(bundle).not.toContain(word);
    expect(bundle).toContain("Invalid input");
  });
}, 120_000);

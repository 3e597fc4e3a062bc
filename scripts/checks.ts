/**
 * The checks `npm test` runs before the tests, side by side, and beside the build's last steps
 * (`--build`): each is one process bound to one core at most (tsc takes the most, about 17 s), so on
 * two cores they end together in about the time of the longest instead of the sum, and they fill
 * the cores the build leaves idle while the critical-CSS pass waits for its site to start and answer.
 * They read what the build writes first (build/*.json: the manifest, the sprite, the documents, and
 * the critical CSS and build id as they stand, replaced whole later: scripts/lib/files.ts), so they
 * start once that is written. Each one's output is printed when it ends, whole, so the lines of two
 * checks never mix; the first failure's code is this script's. (Run beside the tests instead, they
 * gained nothing a run could show: 10:53 against 10:08 and 11:01 for fresh clones' runs of the code
 * around it, the machine's two cores busy either way.)
 */
import { spawn } from "node:child_process";
import { buildRest, buildSources } from "./build";
import { sayNode } from "./lib/node-version";

/** `npm run` scripts (Chromium is installed, when missing, by the browser tests' setup: tests/e2e/setup.ts). */
const CHECKS: { name: string; command: string[] }[] = [
  { name: "types:check", command: ["npm", "run", "-s", "types:check"] },
  { name: "typecheck", command: ["npm", "run", "-s", "typecheck"] },
  { name: "lint", command: ["npm", "run", "-s", "lint"] },
  { name: "content:check", command: ["npm", "run", "-s", "content:check"] },
];

/** A check, its output held until it ends. */
function check(name: string, [command, ...args]: string[]): Promise<number> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command as string, args, { stdio: ["ignore", "pipe", "pipe"] });
    const output: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
    child.on("close", (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${code === 0 ? "✓" : "✗"} ${name} (${seconds} s)\n${Buffer.concat(output).toString()}`);
      resolve(code ?? 1);
    });
  });
}

sayNode("npm test");
const withBuild = process.argv.includes("--build");
if (withBuild) await buildSources();
const checks = Promise.all(CHECKS.map(({ name, command }) => check(name, command)));
// a failed build is reported once the checks have printed theirs, and fails the run as they do
const built = withBuild
  ? await buildRest().then(
      () => 0,
      (error: unknown) => {
        console.error(error);
        return 1;
      },
    )
  : 0;
const codes = await checks;
process.exitCode = [built, ...codes].find((code) => code !== 0) ?? 0;

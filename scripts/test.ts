/**
 * `npm test` after the build: the checks and the tests side by side. Each check is one process
 * bound to one core at most (tsc takes the most, about 17 s), and the tests start with files that
 * mostly import: the checks end within the tests' first minute instead of before it. A check's
 * output is printed when it ends, whole, so its lines never mix with the tests'; the tests print as
 * they go. The first failure's code is this script's, and the tests run to their end either way.
 */
import { spawn } from "node:child_process";

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

/** Vitest, printing as it goes (`vitest.config.ts`). */
function tests(): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["node_modules/vitest/vitest.mjs", "run"], { stdio: "inherit" });
    child.on("close", (code) => resolve(code ?? 1));
  });
}

const codes = await Promise.all([...CHECKS.map(({ name, command }) => check(name, command)), tests()]);
process.exitCode = codes.find((code) => code !== 0) ?? 0;

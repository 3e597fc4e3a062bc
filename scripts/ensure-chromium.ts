/**
 * Browser tests drive Debian's chromium (playwright's own browser download cannot work offline).
 * Installs it with apt when it is missing; CHROMIUM_PATH points elsewhere if needed.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function ensureChromium(): void {
  if (existsSync(chromiumPath)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`${chromiumPath} is missing: install Debian's chromium (sudo apt-get install -y chromium) or set CHROMIUM_PATH`);
  }
  console.log("Installing Debian's chromium for the browser tests...");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "chromium", "fonts-dejavu-core"], { stdio: "inherit", env });
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();

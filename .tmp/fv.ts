import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { root } from "../scripts/lib/wrangler";
import { firstVisitFigures } from "../tests/load/first-visit";
const persistTo = join(root, ".wrangler/fv-state");
execFileSync(process.execPath, [join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/content.ts", "push", "--persist-to", persistTo], { cwd: root, stdio: "ignore" });
const rows = await firstVisitFigures({ port: 8720, persistTo, paths: ["/teachers", "/"], delays: [0], samples: Number(process.env.S ?? 3), vars: { SITE_URL: "http://127.0.0.1:8720" } });
for (const r of rows) console.log(r.path, "cold", r.cold.firstByteMs.toFixed(1), r.cold.lastByteMs.toFixed(1), "warm miss", r.warmMiss.lastByteMs.toFixed(1), "hit", r.warmHit.lastByteMs.toFixed(1), "ratio", (r.cold.lastByteMs / r.warmMiss.lastByteMs).toFixed(1));

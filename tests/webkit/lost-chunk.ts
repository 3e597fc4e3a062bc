/**
 * A script lost on the way is fetched again (issue 42 point 4, decision 075), in WebKit: the
 * connection is cut in the middle of the first request for the lead popup island's chunk; the
 * island must still wake, the main button must open the popup, and the retry must have reached
 * the network (a second request for the chunk, under an address of its own or not).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { atPhoneWidth, type Context, check, fontsReady, reactErrors, wakeIslands } from "./context";

/** The lead popup island's own chunk, as the build names it (build/manifest.json). */
function popupChunk(): string {
  const file = join(import.meta.dirname, "../../build/manifest.json");
  let manifest: { islands: Record<string, string[]> };
  try {
    manifest = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    throw new Error(`no ${file}: run npm run build first`);
  }
  const chunk = manifest.islands["forms/LeadPopup"]?.[0];
  check(chunk, "build/manifest.json names no chunk for forms/LeadPopup");
  return chunk;
}

export async function lostChunk({ session, proxy, shot }: Context, programPath: string): Promise<string> {
  const chunk = popupChunk();
  const network = await proxy({ cut: chunk });
  await session.go(`${network.url}${programPath}`);
  await atPhoneWidth(session, programPath);
  await wakeIslands(session);
  await session.until("the popup's island waking after its chunk was cut off", `return document.querySelector('[data-island="forms/LeadPopup"]')?.dataset.hydrated === "true"`, 30_000);
  const asked = network.asked.filter((address) => address.replace(/\?.*/, "") === chunk);
  check(asked.length >= 2, `the chunk ${chunk} was asked ${asked.length} time(s) (${asked.join(", ")}): the retry never reached the network`);
  await session.click("[data-main-action]");
  await session.until("the popup opening from the main button", `return document.querySelector("dialog.lead-popup")?.open && document.querySelector("dialog.lead-popup .modal__title") !== null`);
  await fontsReady(session);
  await session.screenshot(shot("lost-chunk-program-390"));
  const errors = await reactErrors(session);
  check(errors.length === 0, `React errors after a lost chunk: ${errors.join("; ")}`);
  return `the popup's chunk cut off mid-body is asked again (${asked.join(", ")}), the island wakes and the main button opens the popup`;
}

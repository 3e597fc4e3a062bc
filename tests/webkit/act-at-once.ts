/**
 * The main button pressed the moment the page is there, before its islands wake (issue 42 point 5:
 * React error #418 in WebKit 5 times in 5), on each template with a main action, as
 * tests/e2e/act-before-hydration.test.ts does in Chromium: the button's island's code is held by the
 * proxy until it is pressed, and the code of the islands the click lands in (the popup, the header)
 * until the button's island is awake; what the button opens must open, every island hydrate, and
 * the page's recorder must have seen no React error.
 */
import { atPhoneWidth, type Context, check, fontsReady, reactErrors } from "./context";

/** The button's island awake, or the page left (a link followed); a button in no island (the home page's: decision 099) has nothing to wake. */
const AWAKE_OR_GONE = (path: string) =>
  `const island = document.querySelector("[data-main-action]")?.closest("[data-island]"); return location.pathname !== ${JSON.stringify(path)} || !island || island.dataset.hydrated === "true"`;

/** The popup, the header's program menu, or (a button whose island was not awake yet) the page it links to. */
const OPENED = (path: string) =>
  `return location.pathname !== ${JSON.stringify(path)} || document.querySelector("dialog.lead-popup[open] .modal__title") !== null || document.getElementById("program-menu")?.matches(":popover-open") === true`;

/** The islands of the pages' main buttons, and those what they open lives in (the popup, the header's program menu). */
const BUTTONS = /^\/assets\/chunks\/(CtaButton|SeminarActions)\.island-[^/]*\.js$/;
const OPENED_IN = /^\/assets\/chunks\/(LeadPopup|Header)\.island-[^/]*\.js$/;

export async function actAtOnce({ session, proxy, shot }: Context, template: string, path: string): Promise<string> {
  // the button's island held until it is pressed, so the press comes before it wakes whatever the machine's pace
  const network = await proxy({ hold: [BUTTONS, OPENED_IN] });
  // the navigation returns at the page's load; the client comes after the first paint (decision 063), then the islands wait for their moment
  await session.go(`${network.url}${path}`);
  await session.until(`the client running on the ${template} page`, `return document.documentElement.classList.contains("js") && document.querySelector("[data-main-action]") !== null`);
  const early = await session.run<string>(`return document.querySelector("[data-main-action]").closest("[data-island]")?.dataset.hydrated ?? "asleep"`);
  check(early === "asleep", `the ${template} page's main button is already awake ("${early}") before it is pressed: it cannot test a press before hydration`);
  await session.click("[data-main-action]");
  network.release(0);
  await session.until(`the main button's island waking on the ${template} page`, AWAKE_OR_GONE(path), 30_000);
  network.release();
  await session.until(`what the main button opens on the ${template} page`, OPENED(path), 30_000);
  const outcome = await session.run<string>(
    `return location.pathname !== ${JSON.stringify(path)} ? "went to " + location.pathname : document.querySelector("dialog.lead-popup[open]") ? "opened the popup" : "opened the header's menu"`,
  );
  // what opened has woken, hydrated or rendered afresh: a mismatch has been reported by now (a
  // followed link's page loads no React until its visitor reaches for an island); a button in no
  // island opened what it opens without React, and nothing wakes
  await session.until(
    `the popup's and the header's islands awake on the ${template} page`,
    `return location.pathname !== ${JSON.stringify(path)} || !document.querySelector("[data-main-action]").closest("[data-island]") || [...document.querySelectorAll('[data-island="forms/LeadPopup"], [data-island="layout/Header"]')].every((island) => island.dataset.hydrated === "true")`,
    30_000,
  );
  await atPhoneWidth(session, path);
  await fontsReady(session);
  await session.screenshot(shot(`act-at-once-${template}-390`));
  const errors = await reactErrors(session);
  check(errors.length === 0, `React errors after the main button was pressed at once on the ${template} page (${path}): ${errors.join("; ")}`);
  return `${template} (${path}): the main button pressed at once ${outcome}, no React error`;
}

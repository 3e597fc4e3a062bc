/**
 * The full stylesheet and the site's faces after the first paint (issue 41, point 2; decision 094):
 * the stylesheet the client asks for once the first screen is painted names no face and moves
 * nothing on it (a face it named made the browser lay out the whole page again as it applied, and
 * again as each face came); PT Sans' two faces come from the client, together, and are used once
 * they are at hand.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { widths } from "../support/browser";
import { PAGE_TYPES, PROGRAM_TYPE, pageOfEachType } from "../support/page-types";
import { open, sharedChromium, siteUrl } from "./helpers";

let browser: Browser;
let pages: string[];

beforeAll(async () => {
  browser = await sharedChromium();
  const all = await pageOfEachType(siteUrl());
  // one page of each template: home, a list, a detail page, an article, an information page, a form
  const article = PAGE_TYPES.findIndex((type) => type instanceof RegExp && type.test("/journal/an-article"));
  pages = [all[PAGE_TYPES.indexOf("/")]!, "/programs", all[PROGRAM_TYPE]!, all[article]!, "/contacts", "/apply"];
});
afterAll(async () => {
  await browser?.close();
});

/** The place and size of every element the first screen shows, and the text the browser drew it in. */
function firstScreen(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("body *")]
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.top < innerHeight && box.bottom > 0)
      .map(({ element, box }) => `${element.tagName.toLowerCase()}.${element.className}: ${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)}`),
  );
}

/** The faces the page's stylesheets and scripts have given the browser: family, weight, status. */
const faces = (page: Page) => page.evaluate(() => [...document.fonts].map((face) => `${face.family.replace(/"/g, "")} ${face.weight} ${face.status}`).sort());

const twoFrames = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

describe.each(widths)("on %s", (_name, makeContext) => {
  it("the full stylesheet moves nothing on the first screen and names no face the head did not, when it applies", async () => {
    const context = await makeContext(browser, siteUrl());
    // the client does not run: the stylesheet is added below as the client adds it (client/full-style.ts), at a moment the test knows
    await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
    const found: Record<string, string[]> = {};
    for (const path of pages) {
      const page = await context.newPage();
      await page.goto(path, { waitUntil: "load" });
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await twoFrames(page);
      const before = await firstScreen(page);
      const facesBefore = await faces(page);
      await page.evaluate(
        () =>
          new Promise<void>((resolve, reject) => {
            const loader = document.querySelector<HTMLScriptElement>("script[data-full-style]")!;
            const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href: loader.dataset.fullStyle!, onload: () => resolve(), onerror: reject });
            loader.parentNode?.insertBefore(link, loader);
          }),
      );
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await twoFrames(page);
      const after = await firstScreen(page);
      const moved = after.filter((line, i) => line !== before[i]);
      const facesAfter = await faces(page);
      const problems = [
        ...moved.slice(0, 5),
        ...(after.length === before.length ? [] : [`${before.length} elements on the first screen became ${after.length}`]),
        ...(facesAfter.join() === facesBefore.join() ? [] : [`faces ${facesBefore.join(", ")} became ${facesAfter.join(", ")}`]),
      ];
      if (problems.length > 0) found[path] = problems;
      await page.close();
    }
    expect(found).toEqual({});
  });
});

describe("PT Sans", () => {
  it("is used once both faces are at hand: the client adds them together, and the next page has them from the cache", async () => {
    const context = await widths[1][1](browser, siteUrl());
    const page = await context.newPage();
    await open(page, "/");
    // the first page adds them when they came at once (the network here is local); the next page surely has them in the cache
    await expect
      .poll(
        async () => {
          if ((await faces(page)).filter((face) => /^PT Sans \d+ loaded$/.test(face)).length < 2) await open(page, "/contacts");
          return faces(page);
        },
        { timeout: 30_000 },
      )
      .toEqual(expect.arrayContaining(["PT Sans 400 loaded", "PT Sans 700 loaded"]));
    expect(await page.evaluate(() => document.fonts.check('700 16px "PT Sans"') && document.fonts.check('16px "PT Sans"'))).toBe(true);
    // the head's fallback is there from the first paint, and the faces once each
    expect((await faces(page)).filter((face) => /^PT Sans \d/.test(face))).toEqual(["PT Sans 400 loaded", "PT Sans 700 loaded"]);
  });
});

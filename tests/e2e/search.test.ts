import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outcomes } from "../../src/services/leads/messages";
import { searchDocuments } from "../../src/services/search/documents";
import { buildSearchIndex } from "../../src/services/search/engine";
import { desktopContext, mobileContext } from "../support/browser";
import { defaultCatalogue } from "../support/content";
import { open, pagesOfOneContext, screenshot, sharedChromium, siteUrl } from "./helpers";

let browser: Browser;
beforeAll(async () => {
  browser = await sharedChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function searchBox(page: Page, mobile: boolean) {
  if (mobile) {
    await page.getByRole("button", { name: "Открыть меню" }).click();
    return page.locator("#mobile-search");
  }
  await page.getByRole("button", { name: "Открыть поиск" }).click();
  return page.locator("#header-search");
}

describe.each([
  ["desktop", desktopContext, false],
  ["mobile", mobileContext, true],
] as const)("search in the header on %s", (name, makeContext, mobile) => {
  // a search keeps nothing of a visit: the tests that only type and read share one context, its cache warm after the first page
  const visit = pagesOfOneContext(() => makeContext(browser, siteUrl()));

  it("filters the catalogue as the visitor types, and a click on a result clears the search and opens the page", async () => {
    const page = await visit("/");
    const input = await searchBox(page, mobile);
    await input.pressSequentially("медиа");
    const result = page.locator(".search-panel .search-result", { hasText: "Медиатор" }).first();
    await result.waitFor();
    await expect.poll(() => result.locator(".search-result__tag").textContent()).toBe("Проф. переподготовка");
    const mediator = defaultCatalogue().programs.find((p) => p.title === "Медиатор")!;
    await expect.poll(() => result.locator(".search-result__facts").textContent()).toMatch(new RegExp(`^${mediator.duration} · \\d[\\d\u00a0\u202f ]* ₽(, или \\d[\\d\u00a0\u202f ]* ₽/мес на \\d+ месяц(а|ев)?)?$`));
    await screenshot(page, `${name}-search-results`);
    await Promise.all([page.waitForURL((url) => url.pathname === "/professions/organizacionnaya-psihologiya/mediator"), result.click()]);
  });

  it("understands a query typed in the Latin layout and typos, and shows the words it searched in the field, as the search page does", async () => {
    const page = await visit("/");
    const input = await searchBox(page, mobile);
    await input.pressSequentially("vtlbfnjh");
    await page.locator(".search-panel .search-result", { hasText: "Медиатор" }).first().waitFor();
    const note = "Показаны результаты по запросу «медиатор»";
    await expect.poll(() => page.locator(".search-panel .search-switched").textContent()).toBe(note);
    // once the visitor pauses, the field holds the words searched, and the note stays
    await expect.poll(() => input.inputValue()).toBe("медиатор");
    await page.locator(".search-panel .search-result", { hasText: "Медиатор" }).first().waitFor();
    await expect.poll(() => page.locator(".search-panel .search-switched").textContent()).toBe(note);
    await screenshot(page, `${name}-search-layout-switched`);
    const searchPage = await (await makeContext(browser, siteUrl())).newPage();
    await open(searchPage, "/search?q=vtlbfnjh");
    await expect.poll(() => searchPage.locator("#search-page-q").inputValue()).toBe("медиатор");
    await expect.poll(() => searchPage.locator(".search-page .search-switched").textContent()).toBe(note);
    await input.fill("");
    await input.pressSequentially("кансультант");
    await page.locator(".search-panel .search-result", { hasText: "Психолог-консультант" }).first().waitFor();
  });

  it("never changes the field under the visitor's fingers: a key pressed before the pause keeps what is typed", async () => {
    const context = await makeContext(browser, siteUrl());
    await context.clock.install();
    const page = await context.newPage();
    await open(page, "/");
    const input = await searchBox(page, mobile);
    // from here the page's timers run only when the test says: the field's change waits on one
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await input.pressSequentially("vtlbfnjh");
    // time in steps until the answer reads «медиатор»: the field's change is then due within 600 ms
    const note = page.locator(".search-panel .search-switched");
    await expect
      .poll(async () => {
        await page.clock.runFor(50);
        return note.count();
      })
      .toBe(1);
    await page.clock.runFor(300);
    await expect.poll(() => input.inputValue()).toBe("vtlbfnjh");
    // the visitor types on before the pause ends: the change due for the old words never comes,
    // and the new words' own is 600 ms after their answer
    await input.press("Backspace");
    await page.clock.runFor(400);
    await expect.poll(() => input.inputValue()).toBe("vtlbfnj");
  });

  it("shows nothing for an empty query, and the nothing-found panel with its form when nothing matches", async () => {
    const context = await makeContext(browser, siteUrl());
    await context.addCookies([{ name: "roistat_ab", value: "hidden", url: siteUrl() }]);
    const page = await context.newPage();
    await open(page, "/");
    const input = await searchBox(page, mobile);
    await expect.poll(() => page.locator(".search-panel").count()).toBe(0);
    await input.pressSequentially("квантовая хромодинамика");
    const panel = page.locator(".search-panel .nothing-found");
    await panel.waitFor();
    await expect.poll(() => panel.getByText("Ничего не нашлось").isVisible()).toBe(true);
    await screenshot(page, `${name}-search-nothing-found`);
    await panel.getByLabel("Имя *").fill("Лев");
    await panel.locator('input[type="tel"]').pressSequentially("9161112233");
    await panel.getByLabel("Электронная почта *").fill("lev@example.ru");
    await panel.getByRole("button", { name: outcomes.send }).click();
    await page.locator(".search-panel").getByText("Спасибо за заявку!").waitFor();
  });

  it("has one clear icon in the field: its own, not the browser's as well", async () => {
    const page = await visit("/");
    const input = await searchBox(page, mobile);
    await input.pressSequentially("зззз");
    // the field's own clear button aside, nothing is drawn at the field's right end
    const clear = page.locator(`#${mobile ? "mobile-search" : "header-search"} ~ .header-search__clear`);
    await expect.poll(() => clear.isVisible()).toBe(true);
    await clear.evaluate((button) => {
      (button as HTMLElement).style.visibility = "hidden";
    });
    // the browser draws its × only while the field is focused: it stays so, its caret hidden
    await input.evaluate((el) => {
      (el as HTMLInputElement).style.caretColor = "transparent";
    });
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    const field = (await input.boundingBox())!;
    // a band across the field's middle, where the browser centres its ×, clear of the pill's rounded ends
    // (a clip near the top or bottom edge caught the curve of its border, and failed or passed by a pixel)
    const middle = field.y + field.height / 2;
    const shot = await page.screenshot({ clip: { x: field.x + field.width - 44, y: middle - 8, width: 38, height: 16 } });
    const { data, info } = await sharp(shot).raw().toBuffer({ resolveWithObject: true });
    const colours = new Set<string>();
    for (let i = 0; i < data.length; i += info.channels) colours.add(`${data[i]! >> 3},${data[i + 1]! >> 3},${data[i + 2]! >> 3}`);
    expect(colours.size, "one plain colour where the browser's own × would be").toBe(1);
  });

  // the search page without JavaScript is tests/worker/search.test.ts
  it("sends Enter to the search page", async () => {
    const page = await visit("/");
    const input = await searchBox(page, mobile);
    await input.pressSequentially("супервизия");
    await Promise.all([page.waitForURL((url) => url.pathname === "/search"), input.press("Enter")]);
    await expect.poll(() => page.locator(".search-results a").first().getAttribute("href")).toMatch(/^\//);
  });
});

describe("search over a catalogue too big to send whole", () => {
  it("asks the server, once the visitor pauses, for what the browser's sample does not hold", async () => {
    const page = await (await desktopContext(browser, siteUrl())).newPage();
    // the browser gets a sample without the professions, as a 10,000-program catalogue would send
    const sample = buildSearchIndex(
      searchDocuments(defaultCatalogue()).filter((doc) => doc.type !== "Profession"),
      false,
    );
    await page.route("**/api/search/browser**", (route) => route.fulfill({ contentType: "application/json", body: JSON.stringify(sample) }));
    const asked: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/search") asked.push(new URL(request.url()).searchParams.get("q") ?? "");
    });
    await open(page, "/");
    const input = await searchBox(page, false);
    await input.pressSequentially("медиатор");
    // only the server knows the profession: no nothing-found panel while it answers
    await page.locator(".search-panel .search-result", { hasText: "Медиатор" }).first().waitFor();
    await expect.poll(() => page.locator(".search-panel .nothing-found").count()).toBe(0);
    // one question for the finished word, not one per letter typed
    expect(asked.at(-1)).toBe("медиатор");
    expect(asked.length).toBeLessThan("медиатор".length);
  });
});

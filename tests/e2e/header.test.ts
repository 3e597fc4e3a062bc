import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { menuCounts } from "../../src/services/catalogue/menu";
import { desktopContext } from "../support/browser";
import { defaultCatalogue } from "../support/content";
import { pagesOfOneContext, screenshot, sharedChromium, siteUrl, wakeIslands } from "./helpers";

const catalogue = defaultCatalogue();
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await sharedChromium();
});
afterAll(async () => {
  await browser?.close();
});
// every test's page in one context, its cache warm after the first (helpers.ts); what a test routes is its page's own
const visit = pagesOfOneContext(() => desktopContext(browser, siteUrl()));
beforeEach(async () => {
  page = await visit("/");
});

const programsButton = () => page.getByRole("button", { name: "Программы обучения" });
const moreButton = () => page.getByRole("button", { name: "Ещё" });
/** From now on the menu's requests wait until the returned function is called. */
async function holdMenuRequests(): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/menu?*", async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Opens the program menu and waits for its programs (fetched for the page's content version). */
async function openProgramMenu() {
  await programsButton().click();
  await page.locator(".program-menu__types").waitFor();
}

describe("the header at 1280px", () => {
  it("shows the logo with the institute's name, the phone and the main navigation", async () => {
    await expect.poll(() => page.locator(".logo").first().textContent()).toBe(catalogue.site.name);
    await expect.poll(() => page.locator(".header-phone").getAttribute("href")).toMatch(/^tel:\+7/);
    await expect.poll(() => page.getByRole("navigation", { name: "Основная навигация" }).getByRole("link").count()).toBe(9);
    await screenshot(page, "desktop-home", true);
  });

  it("toggles the programs dropdown on click and closes it on a mouse press outside", async () => {
    await openProgramMenu();
    await expect.poll(() => page.getByTestId("program-menu").isVisible()).toBe(true);
    await screenshot(page, "desktop-program-menu");
    await programsButton().click();
    await expect.poll(() => page.getByTestId("program-menu").count()).toBe(0);
    await programsButton().click();
    await page.mouse.click(1200, 700);
    await expect.poll(() => page.getByTestId("program-menu").count()).toBe(0);
  });

  it("shows each program type with the counts of spec 2.4", async () => {
    const counts = menuCounts(catalogue);
    await openProgramMenu();
    for (const [type, count] of Object.entries(counts)) {
      await expect.poll(() => page.getByTestId(`count-${type}`).textContent()).toBe(String(count));
    }
  });

  it("lists the programs of the type the pointer hovers", async () => {
    await openProgramMenu();
    await page.locator('.program-menu__type[data-type="bachelor"]').hover();
    const titles = await page.locator(".program-menu__list li a").allTextContents();
    expect(titles.map((t) => t.replace(/^ВО/, ""))).toEqual(catalogue.bachelors.map((b) => b.title));
    await page.locator('.program-menu__type[data-type="course"]').hover();
    await expect.poll(() => page.locator(".program-menu__list li a .program-menu__tag").allTextContents()).toSatisfy((tags: string[]) =>
      tags.every((t) => t === "ПК"),
    );
  });

  it("explains the short tags ПП, ПК and ВО: a title on each, and a line under the list in words", async () => {
    await openProgramMenu();
    const tags = page.locator(".program-menu__list .program-menu__tag");
    const shown = new Set(await tags.allTextContents());
    expect(shown.has("ПП") && shown.has("ПК")).toBe(true);
    const titles = await page.locator(".program-menu__list abbr.program-menu__tag").evaluateAll((abbrs) => abbrs.map((a) => [a.textContent, a.getAttribute("title")]));
    expect(new Set(titles.map(([tag, title]) => `${tag}=${title}`))).toEqual(new Set(["ПП=Профессиональная переподготовка", "ПК=Повышение квалификации"]));
    await expect.poll(() => page.locator(".program-menu__legend").textContent()).toBe("ПП — профессиональная переподготовка, ПК — повышение квалификации");
    await page.locator('.program-menu__type[data-type="bachelor"]').hover();
    await expect.poll(() => page.locator(".program-menu__legend").textContent()).toBe("ВО — высшее образование");
    await screenshot(page, "desktop-program-menu-abbreviations");
  });

  it("toggles the institute popup on 'Ещё' and closes it on an outside click or a link click", async () => {
    await moreButton().click();
    const popup = page.getByTestId("institute-popup");
    await expect.poll(() => popup.isVisible()).toBe(true);
    for (const heading of ["Об институте", "Сотрудничество"]) await expect.poll(() => popup.getByRole("heading", { name: heading }).isVisible()).toBe(true);
    for (const link of ["О нас", "Контакты", "Поступающим", "Преподаватели", "Отзывы", "Вакансии", "Наши партнеры", "Партнерская программа", "Реферальная программа", "Семинары", "Вебинары", "Супервизия", "Журнал", "Сведения об образовательной организации"]) {
      await expect.poll(() => popup.getByRole("link", { name: link, exact: true }).count()).toBeGreaterThan(0);
    }
    await expect.poll(() => popup.getByText("Пн–Сб 9:00–19:00").isVisible()).toBe(true);
    await screenshot(page, "desktop-institute-popup");
    await moreButton().click();
    await expect.poll(() => popup.count()).toBe(0);

    await moreButton().click();
    await page.mouse.click(150, 450);
    await expect.poll(() => popup.count()).toBe(0);

    await moreButton().click();
    await page.evaluate(() => document.addEventListener("click", (event) => event.preventDefault(), { once: true }));
    await popup.getByRole("link", { name: "Контакты" }).click();
    await expect.poll(() => popup.count()).toBe(0);
  });

  it("opens the icon dropdown with the low-vision card and the distance-learning login", async () => {
    await page.getByRole("button", { name: "Версия для слабовидящих и вход в личный кабинет" }).click();
    const dropdown = page.getByTestId("account-dropdown");
    await expect.poll(() => dropdown.getByText("Версия для слабовидящих").isVisible()).toBe(true);
    await expect.poll(() => dropdown.getByText("Вход в систему дистанционного обучения").isVisible()).toBe(true);
    const login = dropdown.getByRole("link", { name: "Войти" });
    await expect.poll(() => login.getAttribute("href")).toBe(catalogue.site.links.account);
    await expect.poll(() => login.getAttribute("target")).toBe("_blank");
    await expect.poll(() => login.getAttribute("rel")).toBe("noopener noreferrer");
    await screenshot(page, "desktop-account-dropdown");
  });

  it("opens the search from its icon, focuses it after 100 ms, clears it, then closes it", async () => {
    const input = page.locator("#header-search");
    await expect.poll(() => input.isVisible()).toBe(false);
    await page.getByRole("button", { name: "Открыть поиск" }).click();
    await expect.poll(() => input.isVisible()).toBe(true);
    await page.waitForFunction(() => document.activeElement?.id === "header-search", undefined, { timeout: 1000 });
    await input.pressSequentially("психология");
    await page.getByRole("button", { name: "Очистить поиск" }).click();
    await expect.poll(() => input.inputValue()).toBe("");
    await expect.poll(() => input.isVisible()).toBe(true);
    await page.getByRole("button", { name: "Закрыть поиск" }).click();
    await expect.poll(() => input.isVisible()).toBe(false);
  });

  it("closes the search on a click outside it", async () => {
    await page.getByRole("button", { name: "Открыть поиск" }).click();
    await expect.poll(() => page.locator("#header-search").isVisible()).toBe(true);
    await page.mouse.click(640, 600);
    await expect.poll(() => page.locator("#header-search").isVisible()).toBe(false);
  });

  it("opens the program menu from a button elsewhere on the page (state shared between islands)", async () => {
    await page.waitForSelector('[data-island="catalogue/ProgramPickerButton"][data-hydrated="true"]', { state: "attached" });
    await page.locator(".hero").getByRole("link", { name: "Подобрать программу" }).click();
    await expect.poll(() => page.getByTestId("program-menu").isVisible()).toBe(true);
  });

  it("fetches the program menu once, says so while it comes, and offers the programs page when it cannot", async () => {
    const asked: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/menu") asked.push(request.url());
    });
    // the network fails, then answers slowly
    await page.route("**/api/menu?*", (route) => route.abort());
    await page.reload();
    await wakeIslands(page);
    await programsButton().click();
    const menu = page.getByTestId("program-menu");
    await expect.poll(() => menu.getByRole("alert").textContent()).toBe("Не удалось загрузить меню. Все программы");
    await expect.poll(() => menu.getByRole("link", { name: "Все программы" }).getAttribute("href")).toBe("/programs");
    await page.unroute("**/api/menu?*");
    const release = await holdMenuRequests();
    await programsButton().click();
    await programsButton().click();
    await expect.poll(() => menu.getByRole("status").textContent()).toBe("Загружаем программы…");
    await expect.poll(() => menu.getAttribute("aria-busy")).toBe("true");
    release();
    await page.locator(".program-menu__types").waitFor();
    await expect.poll(() => page.getByTestId("count-all").textContent()).toBe(String(menuCounts(catalogue).all));
    // closed and opened again: no new request
    const before = asked.length;
    await programsButton().click();
    await openProgramMenu();
    expect(asked.length).toBe(before);
    // always the page's own content version
    const versions = new Set(asked.map((url) => new URL(url).searchParams.get("v")));
    expect([...versions]).toHaveLength(1);
    expect([...versions][0]).toBeTruthy();
  });

  it("does not greet the visitor with an error when only the early fetch failed: opening asks again", async () => {
    await page.route("**/api/menu?*", (route) => route.abort());
    const failed = page.waitForEvent("requestfailed", (request) => new URL(request.url()).pathname === "/api/menu");
    await page.reload();
    await wakeIslands(page);
    await failed;
    await page.unroute("**/api/menu?*");
    const release = await holdMenuRequests();
    await programsButton().click();
    const menu = page.getByTestId("program-menu");
    await expect.poll(() => menu.getByRole("status").textContent()).toBe("Загружаем программы…");
    await expect.poll(() => menu.getByRole("alert").count()).toBe(0);
    release();
    await page.locator(".program-menu__types").waitFor();
    await expect.poll(() => page.getByTestId("count-all").textContent()).toBe(String(menuCounts(catalogue).all));
  });

  it("closes a dropdown on Escape", async () => {
    await programsButton().click();
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByTestId("program-menu").count()).toBe(0);
  });
});

import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { menuCounts } from "../../src/services/catalogue/menu";
import { encodeLowVision, LOW_VISION_COOKIE } from "../../src/services/low-vision";
import { desktopContext } from "../support/browser";
import { defaultCatalogue } from "../support/content";
import { pagesOfOneContext, screenshot, sharedChromium, siteUrl } from "./helpers";

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
const programMenu = () => page.getByTestId("program-menu");

/** Opens the program menu (the popover the server drew: decision 097). */
async function openProgramMenu() {
  await programsButton().click();
  await expect.poll(() => programMenu().isVisible()).toBe(true);
}

describe("the header at 1280px", () => {
  it("shows the logo with the institute's name, the phone and the main navigation", async () => {
    await expect.poll(() => page.locator(".logo").first().textContent()).toBe(catalogue.site.name);
    await expect.poll(() => page.locator(".header-phone").getAttribute("href")).toMatch(/^tel:\+7/);
    await expect.poll(() => page.getByRole("navigation", { name: "Основная навигация" }).getByRole("link").count()).toBe(9);
    await screenshot(page, "desktop-home", true);
  });

  it("toggles the programs dropdown on click, under its button, and closes it on a mouse press outside", async () => {
    await openProgramMenu();
    // under the button, its left edge on the button's, 12 px below it
    const [button, menu] = await Promise.all([programsButton().boundingBox(), programMenu().boundingBox()]);
    expect(Math.abs(menu!.x - button!.x)).toBeLessThan(1);
    expect(Math.abs(menu!.y - (button!.y + button!.height + 12))).toBeLessThan(1);
    await screenshot(page, "desktop-program-menu");
    await programsButton().click();
    await expect.poll(() => programMenu().isVisible()).toBe(false);
    await programsButton().click();
    await expect.poll(() => programMenu().isVisible()).toBe(true);
    await page.mouse.click(1200, 700);
    await expect.poll(() => programMenu().isVisible()).toBe(false);
  });

  it("keeps the type last hovered when the pointer leaves it, and selects a type by the keyboard, whose list the Tab key then reaches", async () => {
    await openProgramMenu();
    await page.locator('.program-menu__type[data-type="bachelor"]').hover();
    await page.locator(".program-menu__list:not([hidden]) li a").first().hover();
    await expect.poll(() => page.locator(".program-menu__list:not([hidden])").getAttribute("data-type")).toBe("bachelor");
    await expect.poll(() => page.locator('.program-menu__type[data-type="bachelor"]').getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => page.locator('.program-menu__type[data-type="all"]').getAttribute("aria-pressed")).toBe("false");
    // a type in the middle: chosen by Enter, its list stays chosen while the Tab key walks past the other types
    await page.locator('.program-menu__type[data-type="course"]').focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator(".program-menu__list:not([hidden])").getAttribute("data-type")).toBe("course");
    let reached: string | null | undefined;
    for (let step = 0; step < 8 && !reached; step++) {
      await page.keyboard.press("Tab");
      reached = await page.evaluate(() => document.activeElement?.closest(".program-menu__list")?.getAttribute("data-type"));
    }
    expect(reached).toBe("course");
    await expect.poll(() => page.locator(".program-menu__list:not([hidden])").getAttribute("data-type")).toBe("course");
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
    const titles = await page.locator(".program-menu__list:not([hidden]) li a").allTextContents();
    expect(titles.map((t) => t.replace(/^ВО/, ""))).toEqual(catalogue.bachelors.map((b) => b.title));
    await page.locator('.program-menu__type[data-type="course"]').hover();
    await expect.poll(() => page.locator(".program-menu__list:not([hidden]) li a .program-menu__tag").allTextContents()).toSatisfy((tags: string[]) =>
      tags.every((t) => t === "ПК"),
    );
  });

  it("explains the short tags ПП, ПК and ВО: a title on each, and a line under the list in words", async () => {
    await openProgramMenu();
    const tags = page.locator(".program-menu__list:not([hidden]) .program-menu__tag");
    const shown = new Set(await tags.allTextContents());
    expect(shown.has("ПП") && shown.has("ПК")).toBe(true);
    const titles = await page.locator(".program-menu__list:not([hidden]) abbr.program-menu__tag").evaluateAll((abbrs) => abbrs.map((a) => [a.textContent, a.getAttribute("title")]));
    expect(new Set(titles.map(([tag, title]) => `${tag}=${title}`))).toEqual(new Set(["ПП=Профессиональная переподготовка", "ПК=Повышение квалификации"]));
    await expect.poll(() => page.locator(".program-menu__list:not([hidden]) .program-menu__legend").textContent()).toBe("ПП — профессиональная переподготовка, ПК — повышение квалификации");
    await page.locator('.program-menu__type[data-type="bachelor"]').hover();
    await expect.poll(() => page.locator(".program-menu__list:not([hidden]) .program-menu__legend").textContent()).toBe("ВО — высшее образование");
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

  it("opens the icon dropdown with the low-vision card and the distance-learning login, under its button, its right edge at the button's; closes it on a press outside and on Escape", async () => {
    const eye = page.getByRole("button", { name: "Версия для слабовидящих и вход в личный кабинет" });
    await eye.click();
    const dropdown = page.getByTestId("account-dropdown");
    await expect.poll(() => dropdown.isVisible()).toBe(true);
    const [button, panel] = await Promise.all([eye.boundingBox(), dropdown.boundingBox()]);
    expect(Math.abs(panel!.x + panel!.width - (button!.x + button!.width))).toBeLessThan(1);
    expect(Math.abs(panel!.y - (button!.y + button!.height + 12))).toBeLessThan(1);
    await expect.poll(() => dropdown.getByText("Версия для слабовидящих").isVisible()).toBe(true);
    await expect.poll(() => dropdown.getByText("Вход в систему дистанционного обучения").isVisible()).toBe(true);
    const login = dropdown.getByRole("link", { name: "Войти" });
    await expect.poll(() => login.getAttribute("href")).toBe(catalogue.site.links.account);
    await expect.poll(() => login.getAttribute("target")).toBe("_blank");
    await expect.poll(() => login.getAttribute("rel")).toBe("noopener noreferrer");
    await screenshot(page, "desktop-account-dropdown");
    await page.mouse.click(640, 600);
    await expect.poll(() => dropdown.isVisible()).toBe(false);
    await eye.click();
    await expect.poll(() => dropdown.isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => dropdown.isVisible()).toBe(false);
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

  it("opens the program menu from a link elsewhere on the page", async () => {
    await page.locator(".hero").getByRole("link", { name: "Подобрать программу" }).click();
    await expect.poll(() => programMenu().isVisible()).toBe(true);
  });

  it("opens the header's search from 'Найти программу', closing the menu, once the header has woken; a type hovered before the menu's script came is shown", async () => {
    // React's code held back: the header sleeps until it comes
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/chunks\/react-runtime-[^/]*\.js/, async (route) => {
      await held;
      await route.continue();
    });
    // the menu's script held back too, until the pointer is over a type
    let releaseMenu = () => {};
    const menuHeld = new Promise<void>((resolve) => (releaseMenu = resolve));
    await page.route(/\/assets\/chunks\/program-menu-[^/]*\.js/, async (route) => {
      await menuHeld;
      await route.continue();
    });
    await page.reload();
    await openProgramMenu();
    await page.locator('.program-menu__type[data-type="course"]').hover();
    expect(await page.locator(".program-menu__list:not([hidden])").getAttribute("data-type")).toBe("all");
    // the script comes with the pointer already on "course": that type is shown; before it, the link goes to the search page
    releaseMenu();
    await expect.poll(() => page.locator(".program-menu__list:not([hidden])").getAttribute("data-type")).toBe("course");
    await programMenu().getByRole("link", { name: "Найти программу" }).click();
    await expect.poll(() => programMenu().isVisible()).toBe(false);
    expect(await page.locator('[data-island="layout/Header"]').getAttribute("data-hydrated")).toBeNull();
    release();
    await expect.poll(() => programMenu().isVisible()).toBe(false);
    await expect.poll(() => page.locator("#header-search").isVisible()).toBe(true);
    await page.waitForFunction(() => document.activeElement?.id === "header-search", undefined, { timeout: 2000 });
  });

  it("goes to the search page from 'Найти программу' while the menu's script has not come", async () => {
    await page.route(/\/assets\/chunks\/program-menu-[^/]*\.js/, (route) => route.abort());
    await page.reload();
    await openProgramMenu();
    await programMenu().getByRole("link", { name: "Найти программу" }).click();
    await page.waitForURL((url) => url.pathname === "/search");
  });

  it("goes to the search page from 'Найти программу' when the header's code never comes", async () => {
    // React's code refused, every time: the header cannot wake, and the press waits for it only so long
    await page.route(/\/assets\/chunks\/react-runtime-[^/]*\.js/, (route) => route.abort());
    await page.reload();
    await openProgramMenu();
    // the menu's script has come: a hovered type shows its list
    await page.locator('.program-menu__type[data-type="course"]').hover();
    await expect.poll(() => page.locator(".program-menu__list:not([hidden])").getAttribute("data-type")).toBe("course");
    await programMenu().getByRole("link", { name: "Найти программу" }).click();
    await page.waitForURL((url) => url.pathname === "/search", { timeout: 20_000 });
  });

  it("shows all programs when its script is lost, and asks for it again as it next opens", async () => {
    const asked: string[] = [];
    let lose = true;
    await page.route(/\/assets\/chunks\/program-menu-[^/]*\.js/, (route) => {
      asked.push(route.request().url());
      return lose ? route.abort() : route.continue();
    });
    await page.reload();
    await openProgramMenu();
    // asked three times over about 4 s (load-chunk.ts), then given up
    await expect.poll(() => asked.length, { timeout: 15_000 }).toBe(3);
    await page.waitForTimeout(500);
    expect(await page.locator(".program-menu__list:not([hidden])").getAttribute("data-type")).toBe("all");
    expect(await page.locator(".program-menu__list:not([hidden]) li a").count()).toBeGreaterThan(0);
    await page.keyboard.press("Escape");
    await expect.poll(() => programMenu().isVisible()).toBe(false);
    lose = false;
    await openProgramMenu();
    await page.locator('.program-menu__type[data-type="course"]').hover();
    await expect.poll(() => page.locator(".program-menu__list:not([hidden])").getAttribute("data-type")).toBe("course");
    expect(asked.length).toBe(4);
  });

  it("follows its button when the window narrows while it is open", async () => {
    await openProgramMenu();
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect
      .poll(async () => {
        const [button, menu] = await Promise.all([programsButton().boundingBox(), programMenu().boundingBox()]);
        return Math.abs(menu!.x - button!.x) < 1;
      })
      .toBe(true);
  });

  it("stays under its button, which the sticky header keeps in sight, when the page is scrolled before and while it is open", async () => {
    await page.mouse.wheel(0, 1500);
    await page.waitForFunction(() => window.scrollY > 1000);
    await openProgramMenu();
    const under = async () => {
      const [button, menu] = await Promise.all([programsButton().boundingBox(), programMenu().boundingBox()]);
      return Math.abs(menu!.x - button!.x) < 1 && Math.abs(menu!.y - (button!.y + button!.height + 12)) < 1;
    };
    expect(await under()).toBe(true);
    await page.evaluate(() => window.scrollBy(0, 600));
    await page.waitForFunction(() => window.scrollY > 1700);
    expect(await under()).toBe(true);
    await screenshot(page, "desktop-program-menu-scrolled");
  });

  it("stays inside a narrower window (1,024 px): from its button to 24 px short of the right edge, all of its list readable", async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await openProgramMenu();
    const [button, menu] = await Promise.all([programsButton().boundingBox(), programMenu().boundingBox()]);
    expect(Math.abs(menu!.x - button!.x)).toBeLessThan(1);
    expect(menu!.x + menu!.width).toBeLessThanOrEqual(1024 - 24 + 1);
    // no program's title runs out of the menu's list
    const cut = await page.evaluate(() => {
      const list = document.querySelector(".program-menu__list:not([hidden])")!.getBoundingClientRect();
      return [...document.querySelectorAll(".program-menu__list:not([hidden]) li a")].filter((link) => link.getBoundingClientRect().right > list.right + 1).length;
    });
    expect(cut).toBe(0);
    await screenshot(page, "desktop-program-menu-1024");
  });

  it("in the low-vision version, whose header is not sticky, scrolls away with the header", async () => {
    await page.context().addCookies([{ name: LOW_VISION_COOKIE, value: encodeLowVision({ size: 1, scheme: "white", images: true, spacing: 0 }), url: siteUrl() }]);
    try {
      await page.reload();
      await openProgramMenu();
      const gap = async () => {
        const [button, menu] = await Promise.all([programsButton().boundingBox(), programMenu().boundingBox()]);
        return { x: Math.round(menu!.x - button!.x), y: Math.round(menu!.y - (button!.y + button!.height)) };
      };
      expect(await gap()).toEqual({ x: 0, y: 12 });
      await page.evaluate(() => window.scrollBy(0, 40));
      await page.waitForFunction(() => window.scrollY >= 40);
      expect(await gap()).toEqual({ x: 0, y: 12 });
    } finally {
      await page.context().clearCookies({ name: LOW_VISION_COOKIE });
    }
  });

  it("asks the API for nothing to open the menu, and closes it as the page is left", async () => {
    const asked: string[] = [];
    page.on("request", (request) => asked.push(new URL(request.url()).pathname));
    await openProgramMenu();
    await programMenu().locator(".program-menu__list:not([hidden]) a").first().hover();
    // a hovered link's page is fetched ahead (prefetch.ts), nothing from the API
    expect(asked.filter((path) => path.startsWith("/api/"))).toEqual([]);
    // the menu's script has come (a hovered type shows its list): it is what closes the menu
    await page.locator('.program-menu__type[data-type="bachelor"]').hover();
    await expect.poll(() => page.locator(".program-menu__list:not([hidden])").getAttribute("data-type")).toBe("bachelor");
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent("pagehide", { persisted: true })));
    await expect.poll(() => programMenu().isVisible()).toBe(false);
  });

  it("is reached by the Tab key from its button, and closes on Escape, the focus back on its button", async () => {
    await programsButton().focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => programMenu().isVisible()).toBe(true);
    // the popover comes next after its button in the Tab order, though it is drawn after the footer
    await page.keyboard.press("Tab");
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest("#program-menu") !== null)).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => programMenu().isVisible()).toBe(false);
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains("header-programs-btn"))).toBe(true);
  });
});

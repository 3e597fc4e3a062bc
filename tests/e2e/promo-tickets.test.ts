import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages, outcomes } from "../../src/services/leads/messages";
import { discountDeadline } from "../../src/services/promo";
import { formatPrice } from "../../src/services/text";
import { prizeLabel, prizes, wrapLabel } from "../../src/services/wheel";
import { DESKTOP, MOBILE, widths } from "../support/browser";
import { defaultCatalogue } from "../support/content";
import { open, reachPromoDock, screenshot, sharedChromium, siteUrl } from "./helpers";
import { E2E_VARS } from "./setup";

const catalogue = defaultCatalogue();
const ops = { Authorization: `Bearer ${E2E_VARS.OPS_TOKEN}`, "Content-Type": "application/json" };
let browser: Browser;

beforeAll(async () => {
  browser = await sharedChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function setTickets(seminarId: string, quantity: number) {
  const response = await fetch(`${siteUrl()}/ops/seminars/${seminarId}/tickets`, { method: "PUT", headers: ops, body: JSON.stringify({ tickets_quantity: quantity }) });
  expect(response.status).toBe(200);
}

describe.each(widths)("buying seminar tickets on %s", (name, makeContext) => {
  const seminar = catalogue.seminars.filter((s) => s.price > 0 && s.tickets_quantity > 0)[name === "desktop" ? 0 : 1]!;
  const path = `/seminars/${seminar.studyFieldSlug}/${seminar.slug}`;

  it("counts tickets within what is left, prices the order, and shows the new count after it", async () => {
    await setTickets(seminar.id, 3);
    const page = await (await makeContext(browser, siteUrl())).newPage();
    await open(page, path);
    await page.waitForSelector('[data-island="forms/LeadPopup"][data-hydrated="true"]', { state: "attached" });
    await page.waitForFunction(() => document.querySelector('[data-testid="tickets-left"]')?.getAttribute("data-left") === "3");
    await page.getByRole("link", { name: "Купить билет" }).first().click();
    const dialog = page.locator("dialog.lead-popup");
    await expect.poll(() => dialog.locator(".modal__title").textContent()).toBe("Выбрать билеты");
    const count = dialog.getByTestId("ticket-count");
    const total = dialog.getByTestId("ticket-total");
    const plus = dialog.getByRole("button", { name: "Больше билетов" });
    const minus = dialog.getByRole("button", { name: "Меньше билетов" });
    await expect.poll(() => count.textContent()).toBe("1");
    await expect.poll(() => minus.count()).toBe(0);
    await expect.poll(() => total.textContent()).toBe(formatPrice(seminar.price));
    await plus.click();
    await plus.click();
    await expect.poll(() => count.textContent()).toBe("3");
    await expect.poll(() => plus.count()).toBe(0);
    await expect.poll(() => total.textContent()).toBe(formatPrice(seminar.price * 3));
    await minus.click();
    await expect.poll(() => count.textContent()).toBe("2");
    await dialog.getByLabel("Имя *").fill("Глеб");
    await dialog.locator("#popup-phone").pressSequentially("9057776655");
    // the tickets and the payment link go by e-mail: a purchase without it is not sent
    const buy = dialog.getByRole("button", { name: "Купить билеты" });
    await buy.click();
    await expect.poll(() => dialog.locator("#popup-email-error").textContent()).toBe(messages.emailRequired);
    await expect.poll(() => dialog.getByText("Сюда придут билеты и ссылка на оплату").isVisible()).toBe(true);
    await dialog.getByLabel("Электронная почта *").fill("gleb@example.ru");
    await screenshot(page, `${name}-tickets-popup`);
    await buy.click();
    await dialog.getByText("Спасибо за заказ!").waitFor();
    await expect.poll(() => page.getByTestId("tickets-left").first().getAttribute("data-left")).toBe("1");
    // the confirmation names the order as the server took it
    const summary = dialog.getByTestId("order-summary");
    await expect.poll(() => summary.textContent()).toContain(seminar.title);
    await expect.poll(() => summary.locator("time").first().getAttribute("datetime")).toBe(seminar.targetDate);
    // a paid order is held for a day unless it is paid (decision 050): the confirmation says until when
    const heldUntil = Date.parse((await summary.getByTestId("held-until").getAttribute("datetime")) ?? "");
    expect(heldUntil).toBeGreaterThan(Date.now() + 23 * 3600_000);
    await expect.poll(() => dialog.getByText("Оплатите заказ до конца брони", { exact: false }).isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText("Билеты и ссылка на оплату придут на электронную почту", { exact: false }).isVisible()).toBe(true);
    await expect.poll(() => summary.textContent()).toContain("2 билета");
    await expect.poll(() => summary.textContent()).toContain(formatPrice(seminar.price * 2));
    await screenshot(page, `${name}-tickets-ordered`);
  });

  it("moves nothing when «−» appears or «+» goes: the counter keeps both buttons' places", async () => {
    await setTickets(seminar.id, 3);
    const page = await (await makeContext(browser, siteUrl())).newPage();
    await open(page, path);
    await page.waitForSelector('[data-island="forms/LeadPopup"][data-hydrated="true"]', { state: "attached" });
    await page.waitForFunction(() => document.querySelector('[data-testid="tickets-left"]')?.getAttribute("data-left") === "3");
    await page.getByRole("link", { name: "Купить билет" }).first().click();
    const dialog = page.locator("dialog.lead-popup");
    const count = dialog.getByTestId("ticket-count");
    await count.waitFor();
    // the dialog's opening animation done, so only the counter could move what is measured
    await dialog.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
    const boxes = () =>
      Promise.all(
        [count, dialog.locator(".ticket-counter"), dialog.locator(".ticket-counter__btn").last(), dialog.getByLabel("Имя *"), dialog.locator(".lead-form__submit")].map(
          (locator) => locator.boundingBox(),
        ),
      );
    const before = await boxes();
    await dialog.getByRole("button", { name: "Больше билетов" }).click();
    await expect.poll(() => count.textContent()).toBe("2");
    await expect.poll(() => dialog.getByRole("button", { name: "Меньше билетов" }).isVisible()).toBe(true);
    expect(await boxes()).toEqual(before);
    await dialog.getByRole("button", { name: "Больше билетов" }).click();
    await expect.poll(() => count.textContent()).toBe("3");
    await expect.poll(() => dialog.getByRole("button", { name: "Больше билетов" }).count()).toBe(0);
    expect(await boxes()).toEqual(before);
    await screenshot(page, `${name}-tickets-counter-at-most`);
    await setTickets(seminar.id, seminar.tickets_quantity);
  });

  it("shows the limit of one order before sending, and the counter stops there", async () => {
    await setTickets(seminar.id, 20);
    const page = await (await makeContext(browser, siteUrl())).newPage();
    await open(page, path);
    await page.waitForSelector('[data-island="forms/LeadPopup"][data-hydrated="true"]', { state: "attached" });
    await page.waitForFunction(() => document.querySelector('[data-testid="tickets-left"]')?.getAttribute("data-left") === "20");
    await page.getByRole("link", { name: "Купить билет" }).first().click();
    const dialog = page.locator("dialog.lead-popup");
    await dialog.getByText("Не больше 5 билетов в одном заказе").waitFor();
    const plus = dialog.getByRole("button", { name: "Больше билетов" });
    for (let i = 0; i < 4; i++) await plus.click();
    await expect.poll(() => dialog.getByTestId("ticket-count").textContent()).toBe("5");
    await expect.poll(() => plus.count()).toBe(0);
    await setTickets(seminar.id, seminar.tickets_quantity);
  });

  it("says when the seminar is sold out and offers the waiting list", async () => {
    await setTickets(seminar.id, 0);
    const page = await (await makeContext(browser, siteUrl())).newPage();
    await open(page, path);
    // the page may come from the edge cache with tickets left: the live count, read by the loader
    // without React, differs, so the count and the buttons wake and turn into the waiting list
    const hero = page.locator(".detail-hero");
    await hero.getByText("Все билеты проданы.").waitFor();
    await expect.poll(() => hero.getByRole("link", { name: "Записаться в лист ожидания" }).isVisible()).toBe(true);
    await expect.poll(() => hero.getByRole("link", { name: "Купить билет" }).count()).toBe(0);
    // on a phone the bar after the hero (decision 026) woke with them, and says the same
    const bar = page.locator(".sticky-actions");
    if (await bar.isVisible()) {
      await bar.scrollIntoViewIfNeeded();
      await bar.getByRole("link", { name: "Записаться в лист ожидания" }).waitFor();
      await expect.poll(() => bar.getByRole("link", { name: "Купить билет" }).count()).toBe(0);
    }
    await screenshot(page, `${name}-sold-out`);
    await setTickets(seminar.id, seminar.tickets_quantity);
  });
});

describe.each(widths)("promo surfaces on %s", (name, makeContext) => {
  const campaign = `e2e-${name}`;

  it("shows the banner of an active promo with its code and gift, fills the promo field, and closes", async () => {
    const put = await fetch(`${siteUrl()}/ops/promos/${campaign}`, {
      method: "PUT",
      headers: ops,
      body: JSON.stringify({ promo_code: "ZIMA10", redirect_url: "https://gift.mip.institute/course", is_active: true, show_sticky_bottom: true }),
    });
    expect(put.status).toBe(200);
    const page = await (await makeContext(browser, siteUrl())).newPage();
    await open(page, `/programs?utm_source=vk&utm_campaign=${campaign}`);
    const banner = page.getByRole("complementary", { name: "Акция" });
    await banner.waitFor();
    await expect.poll(() => banner.textContent()).toContain("ZIMA10");
    await expect.poll(() => banner.textContent()).toContain("дополнительная скидка 10%");
    await expect.poll(() => banner.getByRole("link", { name: "мини-курс в подарок" }).getAttribute("href")).toBe("https://gift.mip.institute/course");
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("promoData") ?? "null"));
    expect(stored).toEqual({ name: campaign, promo_code: "ZIMA10", redirect_url: "https://gift.mip.institute/course" });
    await screenshot(page, `${name}-promo-banner`);

    // the next page finds the campaign in the UTM cookie
    await open(page, `/professions/${catalogue.programs[0]!.studyFieldSlug}/${catalogue.programs[0]!.slug}`);
    await page.waitForSelector('[data-island="forms/LeadPopup"][data-hydrated="true"]', { state: "attached" });
    await banner.waitFor();
    await page.locator('[data-cta="reserve"]').first().click();
    await expect.poll(() => page.locator("dialog.lead-popup").getByLabel("Промокод").inputValue()).toBe("ZIMA10");
    await page.keyboard.press("Escape");
    await banner.getByRole("button", { name: "Закрыть" }).click();
    await expect.poll(() => banner.count()).toBe(0);
  });

  it("forgets a promo that the server no longer has", async () => {
    const page = await (await makeContext(browser, siteUrl())).newPage();
    await page.goto("/");
    await page.evaluate(() => localStorage.setItem("promoData", JSON.stringify({ name: "old", promo_code: "OLD", redirect_url: null })));
    await open(page, "/?utm_campaign=no-such-campaign");
    await page.waitForFunction(() => localStorage.getItem("promoData") === null);
    await expect.poll(() => page.getByRole("complementary", { name: "Акция" }).count()).toBe(0);
  });

  it("shows the sticky discount bar with the date snippet and its tooltip", async () => {
    const page = await (await makeContext(browser, siteUrl())).newPage();
    await open(page, "/");
    await reachPromoDock(page);
    const bar = page.getByRole("complementary", { name: "Скидка" });
    await bar.waitFor();
    await expect.poll(() => bar.textContent()).toContain(`Скидка до ${catalogue.site.discount} ${catalogue.site.discountCovers.text} ${discountDeadline(new Date())}`);
    const info = bar.getByRole("button", { name: "Подробнее" });
    if (name === "desktop") await info.hover();
    else await info.click();
    await expect.poll(() => page.getByRole("tooltip").textContent()).toBe("Подробности о скидках уточняйте у менеджеров приёмной комиссии.");
    await screenshot(page, `${name}-sticky-bar`);
    await bar.getByRole("button", { name: "Закрыть" }).click();
    await expect.poll(() => bar.count()).toBe(0);
  });

  it("hides the sticky bar when the promo says show_sticky_bottom: false", async () => {
    await fetch(`${siteUrl()}/ops/promos/${campaign}-quiet`, {
      method: "PUT",
      headers: ops,
      body: JSON.stringify({ promo_code: "TIHO", redirect_url: null, is_active: true, show_sticky_bottom: false }),
    });
    const page = await (await makeContext(browser, siteUrl())).newPage();
    await open(page, `/?utm_campaign=${campaign}-quiet`);
    await page.getByRole("complementary", { name: "Акция" }).waitFor();
    // the bar has read the same promo as the banner once it has hydrated
    await reachPromoDock(page);
    await expect.poll(() => page.getByRole("complementary", { name: "Скидка" }).count()).toBe(0);
  });
});

describe.each(widths)("the fortune wheel on %s", (name, makeContext) => {
  // on the phone the visitor has asked for less motion: the wheel comes to rest on the prize at once
  // instead of spinning 4.5 s (FortuneWheel), the same prize, the same labels the right way up
  const motion = name === "mobile" ? "reduce" : "no-preference";
  it(`spins (motion: ${motion}), lands on the server's prize, keeps it, and carries the gift into the lead form`, async () => {
    const page: Page = await (await makeContext(browser, siteUrl())).newPage();
    await page.emulateMedia({ reducedMotion: motion });
    await open(page, "/");
    // pressed as the visitor scrolls to it: a click before its island is awake is held and replayed
    await page.getByRole("button", { name: "Колесо фортуны" }).click();
    // at rest every label reads from left to right: none is upside down
    const labels = page.locator(".wheel__svg text");
    await expect.poll(() => labels.count()).toBe(prizes.length);
    const directions = await labels.evaluateAll((texts) => texts.map((text) => (text as SVGTextElement).getScreenCTM()!.a));
    expect(directions.every((a) => a > 0), `reading directions ${directions.join(", ")}`).toBe(true);
    await expect.poll(() => labels.allTextContents()).toEqual(prizes.map((p) => wrapLabel(p.short).join("")));
    await screenshot(page, `${name}-wheel-at-rest`);
    // the phone first: a spin without it is said where it was typed, and draws nothing
    const wheel = page.locator("dialog.wheel");
    let spins = 0;
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/wheel/spin") spins++;
    });
    await wheel.getByRole("button", { name: "Крутить колесо" }).click();
    await expect.poll(() => wheel.locator(".field--phone .field__error").textContent()).toBeTruthy();
    expect(spins).toBe(0);
    await wheel.locator("#wheel-phone").pressSequentially(name === "mobile" ? "9031234568" : "9031234567");
    const [response] = await Promise.all([page.waitForResponse("**/api/wheel/spin"), wheel.getByRole("button", { name: "Крутить колесо" }).click()]);
    const drawn = (await response.json()) as { text: string; giftCode: string };
    const result = page.locator(".wheel__result");
    await result.waitFor({ timeout: 10_000 });
    // the prize in words for people; its code of spec 3 travels with the lead, unseen
    await expect.poll(() => result.textContent()).toContain(prizeLabel(drawn.giftCode));
    await expect.poll(() => page.locator("dialog.wheel").textContent()).not.toMatch(/promo\d/);
    // where it came to rest, too
    const after = await labels.evaluateAll((texts) => texts.map((text) => (text as SVGTextElement).getScreenCTM()!.a));
    expect(after.every((a) => a > -0.001), `reading directions after the spin ${after.join(", ")}`).toBe(true);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("fortuneWheelResult") ?? "null"));
    expect(stored).toMatchObject({ giftCode: drawn.giftCode, text: drawn.text });
    await screenshot(page, `${name}-wheel`);
    await result.getByRole("button", { name: "Получить подарок" }).click();
    const popup = page.locator("dialog.lead-popup[open]");
    await expect.poll(() => popup.locator(".lead-form__gift").textContent()).toBe(`Ваш подарок: ${prizeLabel(drawn.giftCode)}`);
    // the gift goes with the phone it was drawn for: the form starts with it
    await expect.poll(() => popup.locator("#popup-phone").inputValue()).toBe(name === "mobile" ? "+7 (903) 123-45-68" : "+7 (903) 123-45-67");
    const [lead] = await Promise.all([
      page.waitForRequest((request) => new URL(request.url()).pathname === "/api/leads" && request.method() === "POST"),
      (async () => {
        await popup.getByLabel("Имя *").fill("Зоя");
        await popup.getByRole("button", { name: outcomes.send }).click();
      })(),
    ]);
    expect((lead.postDataJSON() as { gift?: string }).gift).toBe(drawn.giftCode);
    await popup.getByText("Спасибо за заявку!").waitFor();
  });
});

describe.each([
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
] as const)("buying seminar tickets without JavaScript on %s", (name, viewport) => {
  const seminar = catalogue.seminars.filter((s) => s.price > 0 && s.tickets_quantity > 0)[name === "desktop" ? 2 : 3]!;
  const path = `/seminars/${seminar.studyFieldSlug}/${seminar.slug}`;

  it("the buy link leads to a ticket form; the order takes the seats and ends on a confirmation of the order", async () => {
    await setTickets(seminar.id, 10);
    const page = await (await browser.newContext({ baseURL: siteUrl(), viewport, locale: "ru-RU", javaScriptEnabled: false })).newPage();
    await page.goto(path);
    await page.getByRole("link", { name: "Купить билет" }).first().click();
    await page.waitForURL((url) => url.pathname === "/apply");
    await page.getByText("Не больше 5 билетов в одном заказе").waitFor();
    await page.getByRole("combobox", { name: "Билеты" }).selectOption("2");
    await page.getByLabel("Имя *").fill("Вера");
    await page.locator("#apply-phone").fill("+7 (912) 555-44-33");
    // without an e-mail the form comes back with the message, the values kept
    await page.getByRole("button", { name: "Купить билет" }).click();
    await page.getByText(messages.emailRequired).waitFor();
    await expect.poll(() => page.getByLabel("Имя *").inputValue()).toBe("Вера");
    await page.getByRole("combobox", { name: "Билеты" }).selectOption("2");
    await page.getByLabel("Электронная почта *").fill("vera@example.ru");
    await screenshot(page, `${name}-nojs-tickets`);
    await page.getByRole("button", { name: "Купить билет" }).click();
    await page.waitForURL((url) => url.pathname === "/gratefull");
    await page.getByRole("heading", { level: 1, name: "Спасибо за заказ!" }).waitFor();
    const summary = page.getByTestId("order-summary");
    await expect.poll(() => summary.textContent()).toContain(seminar.title);
    await expect.poll(() => summary.textContent()).toContain("2 билета");
    await expect.poll(() => summary.textContent()).toContain(formatPrice(seminar.price * 2));
    await screenshot(page, `${name}-nojs-tickets-ordered`);
    const left = (await (await fetch(`${siteUrl()}/api/seminars/${seminar.id}/tickets`)).json()) as { tickets_quantity: number };
    expect(left.tickets_quantity).toBe(8);
    await setTickets(seminar.id, seminar.tickets_quantity);
  });
});

/**
 * A ticket paid on the site (decision 085), in a real browser without JavaScript, against a server
 * of its own with YooKassa pointed at the fake: the order lands on its page, «Оплатить» goes to YooKassa's page, the buyer pays,
 * and comes back to the order's page, which shows the e-ticket (its notification reaches the site
 * too). At 1280 px and 390 px. And a free seminar's registration (decision 093) on a phone, with
 * JavaScript: the popup says to confirm by the letter, the letter (the fake mail API's) links to the
 * page with one button, and the press shows the e-ticket.
 */
import type { Browser } from "playwright-core";
import jsQR from "jsqr";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../scripts/lib/wrangler";
import { seminarHref } from "../../src/services/catalogue/links";
import { DESKTOP, MOBILE } from "../support/browser";
import { defaultCatalogue } from "../support/content";
import { FAKE_YOOKASSA_SHOP, type FakeYooKassa, startFakeYooKassa } from "../support/fake-yookassa";
import { type FakeThirdParties, fakeSinkEnv, type Receipt, startFakeThirdParties } from "../support/fake-third-parties";
import { screenshot, sharedChromium } from "./helpers";
import { seedCrmToken, startOwnServer } from "./own-server";

const catalogue = defaultCatalogue();
let yookassa: FakeYooKassa;
let fakes: FakeThirdParties;
let server: DevServer;
let browser: Browser;

beforeAll(async () => {
  yookassa = await startFakeYooKassa(0);
  // FAKE_PORT + 41 beside the own server's offset, so runs side by side keep their ports apart; any free port without it
  fakes = await startFakeThirdParties(process.env.FAKE_PORT ? Number(process.env.FAKE_PORT) + 41 : 0);
  // offset 41: this file's own server; the e-tickets and the registrations' letters go to the fake mail API
  server = await startOwnServer(41, {
    ...fakeSinkEnv(fakes.url),
    YOOKASSA_SHOP_ID: FAKE_YOOKASSA_SHOP.shopId,
    YOOKASSA_SECRET_KEY: FAKE_YOOKASSA_SHOP.secretKey,
    YOOKASSA_API_URL: yookassa.apiUrl,
    YOOKASSA_VAT_CODE: "1",
  });
  yookassa.notifyUrl = `${server.url}/api/payments/yookassa`;
  await seedCrmToken(server);
  browser = await sharedChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await yookassa?.close();
  await fakes?.close();
});

describe.each([
  ["desktop", DESKTOP, 0],
  ["mobile", MOBILE, 1],
] as const)("a ticket paid with YooKassa on %s", (name, viewport, index) => {
  const seminar = catalogue.seminars.filter((s) => s.price > 0 && s.tickets_quantity > 0)[index]!;

  it("goes from the ticket form to YooKassa's page and back to the order's page, which shows the e-ticket", async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport, locale: "ru-RU", javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/seminars/${seminar.studyFieldSlug}/${seminar.slug}`);
    await page.getByRole("link", { name: "Купить билет" }).first().click();
    await page.waitForURL((url) => url.pathname === "/apply");
    await page.getByRole("combobox", { name: "Билеты" }).selectOption("2");
    await page.getByLabel("Имя *").fill("Вера");
    await page.locator("#apply-phone").fill(`+7 (912) 555-44-3${index}`);
    await page.getByLabel("Электронная почта *").fill("vera@example.ru");
    await page.getByRole("button", { name: "Купить билет" }).click();
    // the order's page, waiting for its payment; «Оплатить» leads to YooKassa's page (the fake's)
    await page.waitForURL((url) => url.pathname.startsWith("/orders/"));
    await page.getByRole("heading", { level: 1, name: "Заказ ждёт оплаты" }).waitFor();
    await screenshot(page, `${name}-order-awaiting`, true);
    await page.getByRole("link", { name: "Оплатить" }).click();
    await page.waitForURL((url) => url.href.startsWith(`${yookassa.url}/checkout/`));
    await page.getByRole("button", { name: "Оплатить" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/orders/"));
    await page.getByRole("heading", { level: 1, name: "Заказ оплачен: ваш электронный билет" }).waitFor();
    await expect.poll(() => page.getByTestId("order-summary").textContent()).toContain(seminar.title);
    await expect.poll(() => page.getByTestId("ticket-code").textContent()).toMatch(/\.[0-9a-f]{16}$/);
    // a scanner at the door reads the code from the QR code as the screen shows it
    const qr = page.getByRole("img", { name: /^QR-код билета / });
    const { data, info } = await sharp(await qr.screenshot()).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(await page.getByTestId("ticket-code").textContent());
    await expect.poll(() => page.getByTestId("refund-terms").isVisible()).toBe(true);
    await screenshot(page, `${name}-order-paid`, true);
    await context.close();
  });
});

describe("a free seminar's registration on a phone", () => {
  const seminar = catalogue.seminars.find((s) => s.price === 0 && s.tickets_quantity > 0 && Date.parse(s.targetDate) > Date.now())!;

  it("is held until the visitor confirms it from the letter; the press on the letter's page shows the e-ticket", async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: MOBILE, isMobile: true, hasTouch: true, locale: "ru-RU" });
    const page = await context.newPage();
    await page.goto(seminarHref(seminar));
    // the page's islands asleep, its loader run (a press before it follows the link to /apply, as
    // without JavaScript): the press is held until React has come, then opens the popup
    await page.waitForSelector("html.js", { state: "attached" });
    await page.getByRole("link", { name: "Получить билет" }).first().click();
    const dialog = page.locator("dialog.lead-popup");
    // the name, the phone and the e-mail: no count of tickets, no promo code, no word of payment
    await dialog.getByLabel("Имя *").waitFor();
    expect(await dialog.locator(".ticket-counter, [name='promocode']").count()).toBe(0);
    expect(await dialog.textContent()).not.toMatch(/оплат/i);
    await dialog.getByLabel("Имя *").fill("Дана");
    await dialog.locator("#popup-phone").pressSequentially("9125554477");
    const email = `dana-${Date.now()}@example.ru`;
    await dialog.getByLabel("Электронная почта *").fill(email);
    await dialog.getByRole("button", { name: /^Получить билет/ }).click();
    await dialog.getByRole("heading", { name: "Спасибо за регистрацию!" }).waitFor();
    await dialog.getByText("Осталось подтвердить регистрацию").waitFor();
    await expect.poll(() => dialog.getByTestId("held-until").isVisible()).toBe(true);
    await screenshot(page, "mobile-registration-to-confirm", true);
    // the seminar's page counts the seat as held until the registration is confirmed, with no word of payment
    await page.reload();
    await expect.poll(() => page.getByTestId("tickets-left").first().textContent()).toMatch(/забронирован.*: могут освободиться, если регистрацию не подтвердят/);

    // the letter, as the fake mail API took it: its link opens the page with one button
    let link = "";
    await expect
      .poll(
        async () => {
          const letters = (await (await fetch(`${fakes.url}/__received?sink=mail&id=${encodeURIComponent(email)}`)).json()) as Receipt[];
          const text = letters.map((r) => (r.body as { message: { body: { plaintext: string } } }).message.body.plaintext).join("\n");
          link = /(http:\/\/127\.0\.0\.1:\d+\/orders\/[^\s]+\/confirm\?key=[0-9a-f]{32})/.exec(text)?.[1] ?? "";
          return link;
        },
        { timeout: 30_000 },
      )
      .not.toBe("");
    await page.goto(link);
    await page.getByRole("heading", { level: 1, name: "Подтвердите регистрацию" }).waitFor();
    await screenshot(page, "mobile-registration-confirm-page", true);
    await page.getByRole("button", { name: "Подтвердить регистрацию" }).click();
    await page.waitForURL((url) => /^\/orders\/[^/]+$/.test(url.pathname));
    await page.getByRole("heading", { level: 1, name: "Вы зарегистрированы: ваш электронный билет" }).waitFor();
    await expect.poll(() => page.getByTestId("order-summary").textContent()).toContain(seminar.title);
    await expect.poll(() => page.getByTestId("ticket-code").textContent()).toMatch(/\.[0-9a-f]{16}$/);
    // nothing to return of a free ticket: no refund terms
    expect(await page.getByTestId("refund-terms").count()).toBe(0);
    await screenshot(page, "mobile-registration-confirmed", true);
    // the e-ticket comes by mail too
    await expect
      .poll(async () => {
        const letters = (await (await fetch(`${fakes.url}/__received?sink=mail&id=${encodeURIComponent(email)}`)).json()) as Receipt[];
        return letters.map((r) => (r.body as { message: { subject: string } }).message.subject);
      }, { timeout: 30_000 })
      .toContain(`Ваш билет: ${seminar.title}`);
    await context.close();
  });
});

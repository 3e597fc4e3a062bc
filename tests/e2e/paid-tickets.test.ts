/**
 * A ticket paid on the site (decision 085), in a real browser without JavaScript, against a server
 * of its own with YooKassa pointed at the fake: the order lands on its page, «Оплатить» goes to YooKassa's page, the buyer pays,
 * and comes back to the order's page, which shows the e-ticket (its notification reaches the site
 * too). At 1280 px and 390 px.
 */
import type { Browser } from "playwright-core";
import jsQR from "jsqr";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DevServer } from "../../scripts/lib/wrangler";
import { DESKTOP, MOBILE } from "../support/browser";
import { defaultCatalogue } from "../support/content";
import { FAKE_YOOKASSA_SHOP, type FakeYooKassa, startFakeYooKassa } from "../support/fake-yookassa";
import { screenshot, sharedChromium } from "./helpers";
import { startOwnServer } from "./own-server";

const catalogue = defaultCatalogue();
let yookassa: FakeYooKassa;
let server: DevServer;
let browser: Browser;

beforeAll(async () => {
  yookassa = await startFakeYooKassa(0);
  // offset 41: this file's own server
  server = await startOwnServer(41, {
    YOOKASSA_SHOP_ID: FAKE_YOOKASSA_SHOP.shopId,
    YOOKASSA_SECRET_KEY: FAKE_YOOKASSA_SHOP.secretKey,
    YOOKASSA_API_URL: yookassa.apiUrl,
    YOOKASSA_VAT_CODE: "1",
  });
  yookassa.notifyUrl = `${server.url}/api/payments/yookassa`;
  browser = await sharedChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await yookassa?.close();
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

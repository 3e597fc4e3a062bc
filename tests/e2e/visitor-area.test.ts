/**
 * Issue #19 in a real browser at 1280px: a visitor from Kazakhstan sees Almaty's admissions line in
 * the header, a seminar's time on Almaty's clock first and the ticket form's picker at Kazakhstan;
 * a visitor from Russia sees Moscow's. The islands hydrate with what the server rendered.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP } from "../support/browser";
import { defaultCatalogue } from "../support/content";
import { axeViolations } from "./axe";
import { open, screenshot, sharedChromium, siteUrl } from "./helpers";
import { E2E_VARS } from "./setup";

const catalogue = defaultCatalogue();
const { site } = catalogue;
// a seminar the other browser tests leave alone
const seminar = catalogue.seminars.filter((s) => s.price > 0 && s.tickets_quantity > 0)[2]!;
const path = `/seminars/${seminar.studyFieldSlug}/${seminar.slug}`;
const clock = (timeZone: string) => new Intl.DateTimeFormat("ru-RU", { hour: "2-digit", minute: "2-digit", timeZone }).format(new Date(seminar.targetDate));
const study = (area: "RU" | "KZ") => [...site.phones, ...site.almatyOffice.phones].find((p) => p.contactType === "study" && p.areas.includes(area))!;

let browser: Browser;
beforeAll(async () => {
  browser = await sharedChromium();
  const response = await fetch(`${siteUrl()}/ops/seminars/${seminar.id}/tickets`, {
    method: "PUT",
    headers: { Authorization: `Bearer ${E2E_VARS.OPS_TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify({ tickets_quantity: 10 }),
  });
  expect(response.status).toBe(200);
});
afterAll(async () => {
  await browser?.close();
});

/** A page of a visitor whose requests Cloudflare marks with this country, with every error the page logs (the CSP is bypassed for axe-core alone). */
async function visitorFrom(country: string): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: siteUrl(), viewport: DESKTOP, locale: "ru-RU", bypassCSP: true, extraHTTPHeaders: { "CF-IPCountry": country } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return { page, errors };
}

/** The seminar's «Когда», as the visitor reads it. */
const when = (page: Page) => page.locator(".facts div", { has: page.locator("dt", { hasText: "Когда" }) }).locator("dd").innerText();

describe("the visitor's area at 1280px", () => {
  it.each([
    ["KZ", "kz", `${clock("Asia/Almaty")} в Алматы`, `${clock("Europe/Moscow")} по Москве`],
    ["RU", "ru", `${clock("Europe/Moscow")} по Москве`, `${clock("Asia/Almaty")} в Алматы`],
  ] as const)("a visitor from %s gets their admissions line, their clock first and the picker at their country", async (country, picked, first, beside) => {
    const { page, errors } = await visitorFrom(country);
    await open(page, path);
    const phone = study(country === "KZ" ? "KZ" : "RU");
    await expect.poll(() => page.locator(".header-phone").getAttribute("href")).toBe(`tel:${phone.number}`);
    await expect.poll(() => page.locator(".header-phone__number").textContent()).toBe(phone.display);
    const text = await when(page);
    expect(text).toContain(first);
    expect(text.indexOf(beside)).toBeGreaterThan(text.indexOf(first));

    await page.waitForSelector('[data-island="forms/LeadPopup"][data-hydrated="true"]', { state: "attached" });
    await page.getByRole("link", { name: "Купить билет" }).first().click();
    const dialog = page.locator("dialog.lead-popup");
    const picker = dialog.getByLabel("Код страны");
    await expect.poll(() => picker.inputValue()).toBe(picked);
    if (country === "KZ") {
      // a Kazakh mobile number typed as at home: read for Kazakhstan, not Russia
      await dialog.locator("#popup-phone").pressSequentially("87015556231");
      await dialog.locator("#popup-phone").blur();
      await expect.poll(() => dialog.locator("#popup-phone").inputValue()).toMatch(/^\+7 701 555/);
      await dialog.getByLabel("Имя *").fill("Айгерим");
      await dialog.getByLabel("Электронная почта *").fill("aigerim@example.kz");
      await screenshot(page, `area-${country}-seminar-form`);
      // the server reads the number for Kazakhstan too, and the confirmation gives the time on Almaty's clock
      await dialog.getByRole("button", { name: "Купить билет" }).click();
      await dialog.getByText("Спасибо за заказ!").waitFor();
      await expect.poll(() => dialog.getByTestId("order-summary").textContent()).toContain(`${clock("Asia/Almaty")} в Алматы (${clock("Europe/Moscow")} мск)`);
    }
    // the header's popup lists the same line first
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Ещё" }).click();
    await expect.poll(() => page.getByTestId("institute-popup").locator(".contact-list a").first().getAttribute("href")).toBe(`tel:${phone.number}`);
    await screenshot(page, `area-${country}-header-popup`);
    // the lines' places and languages read as well as the rest
    await expect.poll(() => axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages, outcomes, refusals, sendFailedLine } from "../../src/services/leads/messages";
import { desktopContext, mobileContext } from "../support/browser";
import { defaultCatalogue } from "../support/content";
import { open, reachFor, screenshot, sharedChromium, siteUrl } from "./helpers";
import { E2E_VARS } from "./setup";

const catalogue = defaultCatalogue();
const program = catalogue.programs.find((p) => p.slug === "psiholog-konsultant")!;
const programPath = `/professions/${program.studyFieldSlug}/${program.slug}`;
let browser: Browser;

beforeAll(async () => {
  browser = await sharedChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** Ops see the lead the visitor sent (by the id the form generated). */
async function opsSee(id: string): Promise<boolean> {
  const response = await fetch(`${siteUrl()}/ops/leads`, { headers: { Authorization: `Bearer ${E2E_VARS.OPS_TOKEN}` } });
  const { leads } = (await response.json()) as { leads: { id: string }[] };
  return leads.some((lead) => lead.id === id);
}

async function withVariant(context: BrowserContext, variant: "hidden" | "visible") {
  await context.addCookies([{ name: "roistat_ab", value: variant, url: siteUrl() }]);
}

const dialog = (page: Page) => page.locator("dialog.lead-popup");
const errorOf = (page: Page, scope: string, field: string) => page.locator(`${scope} #${field}-error`);

describe.each([
  ["desktop", desktopContext],
  ["mobile", mobileContext],
] as const)("the popup lead form on %s", (name, makeContext) => {
  it("opens from a CTA with that key's title and description, validates with the spec's texts and ends on the thank-you", async () => {
    const context = await makeContext(browser, siteUrl());
    await withVariant(context, "hidden");
    const page = await context.newPage();
    await open(page, programPath);
    await page.waitForSelector('[data-island="forms/LeadPopup"][data-hydrated="true"]', { state: "attached" });
    const cta = catalogue.site.cta.signUpForProfession;
    await page.locator('[data-cta="signUpForProfession"]').first().click();
    await expect.poll(() => dialog(page).locator(".modal__title").textContent()).toBe(cta.title);
    await expect.poll(() => dialog(page).locator(".modal__description").textContent()).toBe(cta.description);
    // the form itself loads with the first click; the promo field is folded behind «Есть промокод?» and opens on it
    const promo = dialog(page).getByText("Есть промокод?");
    await promo.waitFor();
    await expect.poll(() => dialog(page).locator('input[name="promocode"]').isVisible()).toBe(false);
    await promo.click();
    await expect.poll(() => dialog(page).locator('input[name="promocode"]').isVisible()).toBe(true);
    await expect.poll(() => dialog(page).locator('textarea[name="question"]').count()).toBe(0);

    await dialog(page).getByRole("button", { name: outcomes.send }).click();
    await expect.poll(() => errorOf(page, "dialog", "popup-name").textContent()).toBe(messages.nameRequired);
    await expect.poll(() => errorOf(page, "dialog", "popup-phone").textContent()).toBe(messages.phoneRequired);

    await dialog(page).getByLabel("Имя *").fill("А");
    await dialog(page).getByLabel("Имя *").blur();
    await expect.poll(() => errorOf(page, "dialog", "popup-name").textContent()).toBe(messages.nameTooShort);
    await dialog(page).getByLabel("Имя *").fill("Анна Тестовая");
    await dialog(page).locator("#popup-phone").pressSequentially("9123456789");
    await expect.poll(() => dialog(page).locator("#popup-phone").inputValue()).toBe("+7 (912) 345-67-89");
    await dialog(page).getByLabel("Электронная почта").fill("anna@");
    await dialog(page).getByLabel("Электронная почта").blur();
    await expect.poll(() => errorOf(page, "dialog", "popup-email").textContent()).toBe(messages.emailInvalid);
    await dialog(page).getByLabel("Электронная почта").fill("anna@example.ru");
    await screenshot(page, `${name}-lead-popup`);
    const [request] = await Promise.all([
      page.waitForRequest("**/api/leads"),
      dialog(page).getByRole("button", { name: outcomes.send }).click(),
    ]);
    await dialog(page).getByText("Спасибо за заявку!").waitFor();
    await screenshot(page, `${name}-lead-popup-thanks`);
    const sent = request.postDataJSON() as { id: string; name: string; cta: string; leadPage: string };
    expect(sent).toMatchObject({ name: "Анна Тестовая", cta: "signUpForProfession", leadPage: programPath });
    expect(await opsSee(sent.id)).toBe(true);
  });

  it("shows the question field for askQuestion and its 320-character limit", async () => {
    const context = await makeContext(browser, siteUrl());
    const page = await context.newPage();
    await open(page, "/practical-training/supervision");
    await page.waitForSelector('[data-island="forms/LeadPopup"][data-hydrated="true"]', { state: "attached" });
    await page.locator('[data-cta="askQuestion"]').first().click();
    const question = dialog(page).getByLabel("Ваш вопрос");
    await question.fill("в".repeat(321));
    await question.blur();
    await expect.poll(() => errorOf(page, "dialog", "popup-question").textContent()).toBe(messages.questionTooLong);
    await expect.poll(() => dialog(page).locator('input[name="promocode"]').count()).toBe(0);
  });
});

describe("the popup lead form when sending fails", () => {
  it("keeps the values and shows the error line with the phone and WhatsApp links", async () => {
    const context = await desktopContext(browser, siteUrl());
    const page = await context.newPage();
    await page.route("**/api/leads", (route) => route.fulfill({ status: 500, body: "{}" }));
    await open(page, programPath);
    await page.waitForSelector('[data-island="forms/LeadPopup"][data-hydrated="true"]', { state: "attached" });
    await page.locator('[data-cta="reserve"]').first().click();
    await dialog(page).getByLabel("Имя *").fill("Борис");
    await dialog(page).locator("#popup-phone").pressSequentially("9001112233");
    await dialog(page).getByRole("button", { name: outcomes.send }).click();
    const line = dialog(page).locator(".lead-form__failed");
    await line.waitFor();
    await expect.poll(() => line.textContent()).toMatch(/^Невозможно отправить форму, пожалуйста, свяжитесь с нами по номеру .+ или Напишите в WhatsApp$/);
    await expect.poll(() => line.getByRole("link", { name: "Напишите в WhatsApp" }).getAttribute("href")).toBe(catalogue.site.links.whatsapp);
    await expect.poll(() => line.locator('a[href^="tel:"]').count()).toBe(1);
    await expect.poll(() => dialog(page).getByLabel("Имя *").inputValue()).toBe("Борис");
  });
});

describe("a form refused for its rate (decision 053)", () => {
  const rateLimited = { status: 429, contentType: "application/json", body: JSON.stringify({ ok: false, message: refusals.rateLimited }) };

  it("the popup shows the rate message alone, not the line for a form that could not be sent", async () => {
    const context = await desktopContext(browser, siteUrl());
    const page = await context.newPage();
    await page.route("**/api/leads", (route) => route.fulfill(rateLimited));
    await open(page, programPath);
    await page.waitForSelector('[data-island="forms/LeadPopup"][data-hydrated="true"]', { state: "attached" });
    await page.locator('[data-cta="reserve"]').first().click();
    await dialog(page).getByLabel("Имя *").fill("Борис");
    await dialog(page).locator("#popup-phone").pressSequentially("9001112233");
    await dialog(page).getByRole("button", { name: outcomes.send }).click();
    const alert = dialog(page).getByRole("alert");
    await alert.waitFor();
    await expect.poll(() => alert.textContent()).toBe(refusals.rateLimited);
    await expect.poll(() => dialog(page).locator(".lead-form__failed").allTextContents()).toEqual([refusals.rateLimited]);
    await expect.poll(() => dialog(page).getByText(sendFailedLine.before).count()).toBe(0);
    await expect.poll(() => dialog(page).getByLabel("Имя *").inputValue()).toBe("Борис");
  });
});

describe("the phone field", () => {
  it("defaults to Russia, lists Russia, Kazakhstan and Uzbekistan first, and formats other countries their way", async () => {
    const context = await desktopContext(browser, siteUrl());
    const page = await context.newPage();
    await open(page, "/apply?cta=consultMe");
    await reachFor(page, "forms/LeadForm");
    const select = page.getByLabel("Код страны");
    await expect.poll(() => select.inputValue()).toBe("ru");
    const first = await select.locator("option").evaluateAll((options) => options.slice(0, 3).map((o) => (o as HTMLOptionElement).value));
    expect(first).toEqual(["ru", "kz", "uz"]);
    await select.selectOption("uz");
    await page.locator("#apply-phone").pressSequentially("+998901234567");
    // a person types slower than this test: the formatting library, asked for at the first focus, may
    // still be on its way; leaving the field formats what was typed once it is there
    const phone = page.locator("#apply-phone");
    await expect
      .poll(async () => {
        await phone.focus();
        await phone.blur();
        return phone.inputValue();
      })
      .toBe("+998 90 123 45 67");
  });

  it("formats a number typed and left before its formatting library came by the country's mask, and the library agrees when it comes (a slow network)", async () => {
    const context = await desktopContext(browser, siteUrl());
    const page = await context.newPage();
    // libphonenumber's chunk held back until the visitor has typed and moved on
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = false;
    await page.route(/\/assets\/chunks\/phone-library-[^/]*\.js$/, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await open(page, "/apply?cta=consultMe");
    await reachFor(page, "forms/LeadForm");
    await page.getByLabel("Код страны").selectOption("kz");
    const phone = page.locator("#apply-phone");
    await phone.pressSequentially("87015556231");
    await phone.blur();
    await expect.poll(() => asked).toBe(true);
    // the country's mask (phone-masks.data.ts) reads the trunk 8 and formats before the library comes
    await expect.poll(() => phone.inputValue()).toBe("+7 701 555 62 31");
    release();
    await expect.poll(() => phone.evaluate(() => performance.getEntriesByType("resource").some((r) => /phone-library-/.test(r.name)))).toBe(true);
    await phone.focus();
    await phone.blur();
    await expect.poll(() => phone.inputValue()).toBe("+7 701 555 62 31");
  });
});

describe("forms without JavaScript", () => {
  it("a CTA leads to its form page, which posts and lands on the thank-you page", async () => {
    const context = await browser.newContext({ baseURL: siteUrl(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(programPath);
    await page.locator('[data-cta="consultMe"]').first().click();
    await page.waitForURL((url) => url.pathname === "/apply");
    await expect.poll(() => page.locator("h1").textContent()).toBe(catalogue.site.cta.consultMe.title);
    await page.getByLabel("Имя *").fill("Вера");
    await page.locator("#apply-phone").fill("+7 (912) 555-44-33");
    await page.getByRole("button", { name: outcomes.send }).click();
    await page.waitForURL((url) => url.pathname === "/gratefull");
    await expect.poll(() => page.getByText("Спасибо за заявку!").isVisible()).toBe(true);
    await screenshot(page, "nojs-thanks");
  });

  it("an invalid post comes back with the messages and the values", async () => {
    const context = await browser.newContext({ baseURL: siteUrl(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/apply?cta=askQuestion");
    await page.getByLabel("Имя *").fill("Г");
    await page.getByRole("button", { name: outcomes.send }).click();
    await page.waitForURL((url) => url.pathname === "/api/leads");
    await expect.poll(() => page.locator("#apply-name-error").textContent()).toBe(messages.nameTooShort);
    await expect.poll(() => page.locator("#apply-phone-error").textContent()).toBe(messages.phoneRequired);
    await expect.poll(() => page.getByLabel("Имя *").inputValue()).toBe("Г");
  });

  it("the subscription posts and says so", async () => {
    const context = await browser.newContext({ baseURL: siteUrl(), javaScriptEnabled: false });
    await withVariant(context, "hidden");
    const page = await context.newPage();
    await page.goto("/");
    await page.locator("#subscribe-email").fill(`reader-${Date.now()}@example.ru`);
    await page.locator("#subscribe").getByRole("button", { name: outcomes.subscribe }).click();
    await expect.poll(() => page.locator("h1").textContent()).toBe(outcomes.subscribed);
  });

  it("the subscription of the variant 'visible' asks the consent on the next page, then subscribes", async () => {
    const context = await browser.newContext({ baseURL: siteUrl(), javaScriptEnabled: false });
    await withVariant(context, "visible");
    const page = await context.newPage();
    await page.goto("/");
    await page.locator("#subscribe-email").fill(`reader-${Date.now()}@example.ru`);
    await page.locator("#subscribe").getByRole("button", { name: outcomes.subscribe }).click();
    await expect.poll(() => page.getByText(messages.consentRequired).isVisible()).toBe(true);
    await page.locator("main").getByLabel(/обработку персональных данных/).check();
    await page.locator("main").getByRole("button", { name: outcomes.subscribe }).click();
    await expect.poll(() => page.locator("h1").textContent()).toBe(outcomes.subscribed);
  });
});

describe.each(["hidden", "visible"] as const)("the not-found form, variant %s", (variant) => {
  it("sends, clears the stored UTM and referrer, and thanks", async () => {
    const context = await mobileContext(browser, siteUrl());
    await withVariant(context, variant);
    const page = await context.newPage();
    await open(page, "/net-takoj-stranicy?utm_source=vk&utm_campaign=autumn");
    // kept by the helpers that run after the first paint (client/after-paint.ts)
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem("utms"))).toContain("autumn");
    const panel = page.locator(".nothing-found");
    await panel.scrollIntoViewIfNeeded();
    await reachFor(page, "forms/NothingFound");
    await panel.getByRole("button", { name: outcomes.send }).click();
    await expect.poll(() => panel.locator("#not-found-name-error").textContent()).toBe(messages.nameRequiredNotFound);
    await expect.poll(() => panel.locator("#not-found-email-error").textContent()).toBe(messages.emailRequired);
    await expect.poll(() => panel.getByRole("checkbox").count()).toBe(variant === "visible" ? 2 : 0);
    if (variant === "visible") await expect.poll(() => panel.locator("#not-found-consent-error").textContent()).toBe(messages.consentRequired);
    await panel.getByLabel("Имя *").fill("Дина");
    await panel.locator("#not-found-phone").pressSequentially("9161234567");
    await panel.getByLabel("Электронная почта *").fill("dina@example.ru");
    if (variant === "visible") await panel.getByLabel(/обработку персональных данных/).check();
    await screenshot(page, `mobile-not-found-${variant}`);
    await panel.getByRole("button", { name: outcomes.send }).click();
    await panel.getByText("Спасибо за заявку!").waitFor();
    expect(await page.evaluate(() => [sessionStorage.getItem("utms"), sessionStorage.getItem("referer")])).toEqual([null, null]);
  });
});

describe("the subscribe form", () => {
  const form = (page: Page) => page.locator("#subscribe");

  async function footer(variant: "hidden" | "visible") {
    const context = await desktopContext(browser, siteUrl());
    await withVariant(context, variant);
    const page = await context.newPage();
    await open(page, "/");
    await form(page).scrollIntoViewIfNeeded();
    await page.waitForSelector('[data-island="forms/SubscribeForm"][data-hydrated="true"]', { state: "attached" });
    return page;
  }

  it("stays disabled while invalid, explains a bad address, subscribes and resets", async () => {
    const page = await footer("hidden");
    const button = form(page).getByRole("button", { name: outcomes.subscribe });
    await expect.poll(() => button.isDisabled()).toBe(true);
    await form(page).locator("#subscribe-email").fill("name@");
    await expect.poll(() => form(page).locator(".field__error").textContent()).toBe(messages.emailInvalid);
    await expect.poll(() => form(page).locator(".field__hint").textContent()).toBe("Например: name@example.ru");
    await form(page).locator("#subscribe-email").fill("");
    await expect.poll(() => form(page).locator(".field__error").textContent()).toBe(messages.emailRequiredSubscribe);
    await form(page).locator("#subscribe-email").fill(`reader-${Date.now()}@example.ru`);
    await expect.poll(() => button.isEnabled()).toBe(true);
    await button.click();
    await expect.poll(() => form(page).getByRole("alert").textContent()).toBe(outcomes.subscribed);
    await expect.poll(() => form(page).locator("#subscribe-email").inputValue()).toBe("");
    await form(page).screenshot({ path: "test-results/screenshots/desktop-subscribe.jpg", quality: 85 });
  });

  it("under the variant 'visible' needs the personal-data consent", async () => {
    const page = await footer("visible");
    await form(page).locator("#subscribe-email").fill(`reader-${Date.now()}@example.ru`);
    const button = form(page).getByRole("button", { name: outcomes.subscribe });
    await expect.poll(() => button.isDisabled()).toBe(true);
    await form(page).getByLabel(/обработку персональных данных/).check();
    await expect.poll(() => button.isEnabled()).toBe(true);
    await button.click();
    await expect.poll(() => form(page).getByRole("alert").textContent()).toBe(outcomes.subscribed);
  });

  it("refused for its rate, shows the rate message alone (decision 053)", async () => {
    const page = await footer("hidden");
    await page.route("**/api/subscribe", (route) => route.fulfill({ status: 429, contentType: "application/json", body: JSON.stringify({ success: false, message: refusals.rateLimited }) }));
    await form(page).locator("#subscribe-email").fill("reader@example.ru");
    await form(page).getByRole("button", { name: outcomes.subscribe }).click();
    await form(page).getByRole("alert").waitFor();
    await expect.poll(() => form(page).locator(".subscribe-form__result").allTextContents()).toEqual([refusals.rateLimited]);
  });

  it("says so when the server does not confirm, or the network fails", async () => {
    const page = await footer("hidden");
    await page.route("**/api/subscribe", (route) => route.fulfill({ status: 200, contentType: "application/json", body: '{"success":false}' }));
    await form(page).locator("#subscribe-email").fill("reader@example.ru");
    await form(page).getByRole("button", { name: outcomes.subscribe }).click();
    await expect.poll(() => form(page).getByRole("alert").textContent()).toBe(outcomes.subscribeFailed);
    await page.unroute("**/api/subscribe");
    await page.route("**/api/subscribe", (route) => route.abort("internetdisconnected"));
    await form(page).getByRole("button", { name: outcomes.subscribe }).click();
    await expect.poll(() => form(page).getByRole("alert").textContent()).toBe(outcomes.networkFailed);
  });
});

describe("tracking set by the server from the first request", () => {
  it("keeps UTM 120 days for leadmagnet, and the A/B cookies 210 days, assigned once", async () => {
    const context = await desktopContext(browser, siteUrl());
    const page = await context.newPage();
    await open(page, "/?utm_source=leadmagnet&utm_medium=cpa&utm_campaign=spring");
    const now = Date.now() / 1000;
    const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c]));
    expect(JSON.parse(decodeURIComponent(cookies.utm!.value))).toEqual({ utm_source: "leadmagnet", utm_medium: "cpa", utm_campaign: "spring" });
    expect(cookies.utm!.expires - now).toBeGreaterThan(120 * 86400 - 60);
    expect(cookies.utm!.expires - now).toBeLessThan(120 * 86400 + 60);
    expect(["hidden", "visible"]).toContain(cookies.roistat_ab!.value);
    expect(cookies.roistat_ab_submit!.value).toBe("1");
    expect(cookies.roistat_ab!.expires - now).toBeGreaterThan(18_144_000 - 60);
    expect(cookies.roistat_ab!.path).toBe("/");
    const variant = cookies.roistat_ab!.value;
    await open(page, "/programs");
    expect((await context.cookies()).find((c) => c.name === "roistat_ab")?.value).toBe(variant);
  });
});

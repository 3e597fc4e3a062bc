/**
 * Every form says a refusal where it was typed (issue 42, point 2: the popup, the ticket form, /apply,
 * /free-access, the 404 form, the footer subscription): each refusal the server can
 * give (a field's message, the minimum fill time, the rate limit, an outage, a cut connection) is
 * on screen, one message per cause, what was typed is kept, and a field in error has the focus.
 * Without JavaScript the form comes back with the same messages. A Kazakh number typed with
 * «Казахстан» chosen is accepted.
 */
import type { Browser, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanMessages, outcomes, refusals, sendFailedLine } from "../../src/services/leads/messages";
import { desktopContext, mobileContext } from "../support/browser";
import { defaultCatalogue } from "../support/content";
import { open, screenshot, sharedChromium, siteUrl } from "./helpers";

const catalogue = defaultCatalogue();
const program = catalogue.programs.find((p) => p.slug === "psiholog-konsultant")!;
const programPath = `/professions/${program.studyFieldSlug}/${program.slug}`;
const seminar = catalogue.seminars.filter((s) => s.price > 0 && s.tickets_quantity > 0)[2]!;
let browser: Browser;

beforeAll(async () => {
  browser = await sharedChromium();
});
afterAll(async () => {
  await browser?.close();
});

const json = (status: number, body: unknown) => (route: Route) => route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) });

/**
 * Each refusal the server gives, and the one line the form must show for it, in the order one form
 * meets them: each line differs from the one before it, so the line shown is the last answer's, and
 * the field's own refusal comes last, after the form has said the others without one.
 */
const answers = [
  { cause: "the minimum fill time (400)", answer: json(400, { ok: false, message: refusals.tooFast }), line: refusals.tooFast },
  { cause: "an outage (503)", answer: json(503, { ok: false, message: refusals.storeFailed }), line: "failed" },
  { cause: "the rate limit (429)", answer: json(429, { ok: false, message: refusals.rateLimited }), line: refusals.rateLimited },
  { cause: "a cut connection", answer: (route: Route) => route.abort("connectionreset"), line: "failed" },
  { cause: "a phone that does not exist (400)", answer: json(400, { ok: false, message: refusals.badValue, errors: { phone: cleanMessages.phoneInvalid } }), line: refusals.badValue, field: cleanMessages.phoneInvalid },
] as const;

interface FormUnderTest {
  name: string;
  path: string;
  /** the form's scope on its page, once shown */
  scope: (page: Page) => Promise<ReturnType<Page["locator"]>>;
  idPrefix: string;
  withEmail: boolean;
  /** where it posts (the lead API unless said), and its send button's words (outcomes.send unless said) */
  endpoint?: string;
  submit?: string;
  /** the line this form shows when nothing could be read from the server */
  failed: RegExp;
}

const popupFailed = new RegExp(`^${sendFailedLine.before} .+ или ${sendFailedLine.whatsapp}$`);
const forms: FormUnderTest[] = [
  {
    name: "the lead popup",
    path: programPath,
    idPrefix: "popup",
    withEmail: false,
    failed: popupFailed,
    scope: async (page) => {
      await page.waitForSelector('[data-island="forms/LeadPopup"][data-hydrated="true"]', { state: "attached" });
      await page.locator('[data-cta="reserve"]').first().click();
      return page.locator("dialog.lead-popup");
    },
  },
  {
    name: "the ticket form",
    path: `/seminars/${seminar.studyFieldSlug}/${seminar.slug}`,
    idPrefix: "popup",
    withEmail: true,
    endpoint: "**/api/tickets",
    submit: "Купить билет",
    failed: popupFailed,
    scope: async (page) => {
      await page.waitForSelector('[data-island="forms/LeadPopup"][data-hydrated="true"]', { state: "attached" });
      await page.getByRole("link", { name: "Купить билет" }).first().click();
      const dialog = page.locator("dialog.lead-popup");
      await expect.poll(() => dialog.locator(".modal__title").textContent()).toBe("Выбрать билеты");
      return dialog;
    },
  },
  { name: "/apply", path: "/apply?cta=consultMe", idPrefix: "apply", withEmail: false, failed: popupFailed, scope: async (page) => hydrated(page, "forms/LeadForm") },
  { name: "/free-access", path: "/free-access", idPrefix: "free-access", withEmail: true, failed: new RegExp(`^${outcomes.networkFailed}$`), scope: async (page) => hydrated(page, "forms/NothingFound") },
  { name: "the 404 page", path: "/net-takoj-stranicy", idPrefix: "not-found", withEmail: true, failed: new RegExp(`^${outcomes.networkFailed}$`), scope: async (page) => hydrated(page, "forms/NothingFound") },
];

async function hydrated(page: Page, island: string) {
  const selector = `[data-island="${island}"]`;
  await page.waitForSelector(`${selector}[data-hydrated="true"]`, { state: "attached" });
  return page.locator(selector).first();
}

/** The one line on top a form shows for a refusal: `failed` is the form's own line for an answer it could not read. */
const expectedLine = (form: FormUnderTest, line: string): RegExp =>
  line === "failed" ? form.failed : new RegExp(`^${line.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);

// one page a form: the visitor who is refused sends again, and each answer in turn replaces the line before it (a page a cause took 25 page loads)
describe.each(forms)("$name", (form) => {
  it("says each refusal where it was typed, one line for the last answer, and keeps what was typed", async () => {
    const context = await desktopContext(browser, siteUrl());
    // the A/B variant with the consent boxes (spec 4, one visitor in ten) refuses an unticked box before sending: pinned to the other
    await context.addCookies([{ name: "roistat_ab", value: "hidden", url: siteUrl() }]);
    const page = await context.newPage();
    let answer: (route: Route) => Promise<void> = answers[0].answer;
    let asked = 0;
    await page.route(form.endpoint ?? "**/api/leads", (route) => {
      asked++;
      return answer(route);
    });
    await open(page, form.path);
    const scope = await form.scope(page);
    await scope.getByLabel("Имя *").fill("Борис");
    await scope.locator(`#${form.idPrefix}-phone`).pressSequentially("9001112233");
    if (form.withEmail) await scope.getByLabel("Электронная почта *").fill("boris@example.ru");
    const top = scope.locator(".lead-form__failed");
    for (const [index, { cause, line, ...rest }] of answers.entries()) {
      answer = answers[index]!.answer;
      await scope.getByRole("button", { name: form.submit ?? outcomes.send, exact: true }).click();
      await expect.poll(() => asked, { message: cause }).toBe(index + 1);
      // one line on top, one message per cause: this answer's
      await expect.poll(() => top.allTextContents(), { message: cause }).toEqual([expect.stringMatching(expectedLine(form, line))]);
      if ("field" in rest) {
        await expect.poll(() => scope.locator(`#${form.idPrefix}-phone-error`).textContent(), { message: cause }).toBe(rest.field);
        await expect.poll(() => page.evaluate(() => document.activeElement?.id), { message: cause }).toBe(`${form.idPrefix}-phone`);
        await screenshot(page, `refusal-${form.idPrefix}`);
      }
      // what was typed stays
      await expect.poll(() => scope.getByLabel("Имя *").inputValue(), { message: cause }).toBe("Борис");
      await expect.poll(() => scope.locator(`#${form.idPrefix}-phone`).inputValue(), { message: cause }).toBe("+7 (900) 111-22-33");
    }
  });
});

describe("the footer subscription", () => {
  it("says each refusal once, the last answer's, and keeps the address typed", async () => {
    const causes = [
      [json(400, { success: false, message: refusals.tooFast }), refusals.tooFast],
      [json(429, { success: false, message: refusals.rateLimited }), refusals.rateLimited],
      [json(503, { success: false, message: outcomes.subscribeFailed }), outcomes.subscribeFailed],
      [(route: Route) => route.abort("connectionreset"), outcomes.networkFailed],
    ] as const;
    const context = await desktopContext(browser, siteUrl());
    // the variant with the consent boxes keeps the button off until the box is ticked: pinned to the other
    await context.addCookies([{ name: "roistat_ab", value: "hidden", url: siteUrl() }]);
    const page = await context.newPage();
    let answer: (route: Route) => Promise<void> = causes[0][0];
    let asked = 0;
    await page.route("**/api/subscribe", (route) => {
      asked++;
      return answer(route);
    });
    await open(page, "/");
    // the footer's form woke with the header (open), as every island waiting for the visitor does
    await page.locator("#subscribe").scrollIntoViewIfNeeded();
    const form = await hydrated(page, "forms/SubscribeForm");
    await form.locator("#subscribe-email").fill("reader@example.ru");
    for (const [index, [next, line]] of causes.entries()) {
      answer = next;
      await form.getByRole("button", { name: outcomes.subscribe }).click();
      await expect.poll(() => asked, { message: line }).toBe(index + 1);
      await expect.poll(() => form.locator(".subscribe-form__result").allTextContents(), { message: line }).toEqual([line]);
      await expect.poll(() => form.locator("#subscribe-email").inputValue(), { message: line }).toBe("reader@example.ru");
    }
  });
});

describe("without JavaScript", () => {
  it("/free-access comes back with the phone's message under it, one line on top, and what was typed", async () => {
    const context = await browser.newContext({ baseURL: siteUrl(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/free-access");
    await page.getByLabel("Имя *").fill("Вера");
    await page.locator("#free-access-phone").fill("+7 (123) 456-78-90");
    await page.getByLabel("Электронная почта *").fill("vera@example.ru");
    await page.getByRole("button", { name: outcomes.send }).click();
    await page.waitForURL((url) => url.pathname === "/api/leads");
    await expect.poll(() => page.locator("#apply-phone-error").textContent()).toBe(cleanMessages.phoneInvalid);
    await expect.poll(() => page.locator(".form-page__error, .lead-form__failed").allTextContents()).toEqual([refusals.badValue]);
    await expect.poll(() => page.getByLabel("Имя *").inputValue()).toBe("Вера");
    await expect.poll(() => page.locator("#apply-phone").inputValue()).toBe("+7 (123) 456-78-90");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("apply-phone");
  });
});

describe("a Kazakh number with «Казахстан» chosen", () => {
  it("is read as people type it, and the popup's lead is accepted", async () => {
    const context = await mobileContext(browser, siteUrl());
    const page = await context.newPage();
    await open(page, programPath);
    const popup = await forms[0]!.scope(page);
    await expect.poll(() => popup.locator(".modal__about").textContent()).toBe(`Заявка на программу «${program.title}»`);
    await popup.getByLabel("Имя *").fill("Айгерим");
    await popup.getByLabel("Код страны").selectOption("kz");
    await expect.poll(() => popup.locator("#popup-phone").getAttribute("placeholder")).toBe("+7 XXX XXX XX XX");
    await popup.locator("#popup-phone").pressSequentially("701 234 56 78");
    await expect.poll(() => popup.locator("#popup-phone").inputValue()).toBe("+7 701 234 56 78");
    await popup.getByRole("button", { name: outcomes.send }).click();
    await popup.getByText("Спасибо за заявку!").waitFor();
    await screenshot(page, "mobile-kazakh-number-accepted");
  });
});

/**
 * The mirror for Russian hosting in a real browser (decision 042): `writeMirror` (npm run mirror)
 * copies a few pages of a Worker of its own, a plain static server serves them, and the Worker is
 * reached only through the wall model (13,000 bytes per connection). A lead, a ticket order and a
 * subscription sent from the mirror's pages, and a form posted without JavaScript, each reach the
 * fake CRM. The Worker runs with MIRROR_ORIGINS naming the static server and a minimum fill time,
 * so no lead is taken without the evidence of a visit the mirror's pages get from the Worker.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryPagePath } from "../../scripts/lib/mirror-html";
import type { DevServer } from "../../scripts/lib/wrangler";
import { type MirrorManifest, writeMirror } from "../../scripts/mirror";
import { outcomes } from "../../src/services/leads/messages";
import { desktopContext } from "../support/browser";
import { defaultCatalogue } from "../support/content";
import { type FakeThirdParties, type Receipt, startFakeThirdParties } from "../support/fake-third-parties";
import { type StaticServer, startStaticServer } from "../support/static-server";
import { startWall, type Wall } from "../support/wall-model";
import { screenshot, sharedChromium, wakeIslands } from "./helpers";
import { startOwnServer } from "./own-server";
import { e2ePort } from "./setup";

const catalogue = defaultCatalogue();
const program = catalogue.programs.find((p) => p.slug === "psiholog-konsultant")!;
const programPath = `/professions/${program.studyFieldSlug}/${program.slug}`;
const seminar = catalogue.seminars.filter((s) => s.price > 0 && s.tickets_quantity > 2 && Date.parse(s.targetDate) > Date.now()).at(-1)!;
const seminarPath = `/seminars/${seminar.studyFieldSlug}/${seminar.slug}`;
const askPath = "/apply?cta=askQuestion";

/** Ports of this file (own-server.ts: offset 33 for the Worker): the static host and the wall beside it, and the fakes. */
const staticPort = e2ePort() + 34;
const wallPort = e2ePort() + 35;
const fakePort = Number(process.env.FAKE_PORT ?? 9181) + 33;

let fakes: FakeThirdParties;
let server: DevServer;
let wall: Wall;
let mirror: StaticServer;
let browser: Browser;
let manifest: MirrorManifest;
let out: string;
/** the Worker's origin as the mirror's pages know it: the wall in front of it */
const api = `http://127.0.0.1:${wallPort}`;

beforeAll(async () => {
  fakes = await startFakeThirdParties(fakePort);
  const mirrorOrigin = `http://127.0.0.1:${staticPort}`;
  server = await startOwnServer(33, { MIRROR_ORIGINS: mirrorOrigin, CRM_WEBHOOK_URL: `${fakes.url}/genezis`, LEAD_MIN_FILL_MS: "1" });
  wall = await startWall({ target: Number(new URL(server.url).port), port: wallPort, budget: 13_000, mode: "connection" });
  out = mkdtempSync(join(tmpdir(), "mirror-"));
  manifest = await writeMirror({ out, apiOrigin: api, source: server.url, area: "RU", only: ["/", programPath, seminarPath, askPath] });
  mirror = await startStaticServer(out, staticPort);
  browser = await sharedChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await mirror?.close();
  wall?.close();
  await server?.stop();
  await fakes?.close();
  if (out) rmSync(out, { recursive: true, force: true });
});

/** What the fake CRM webhook received that names `text` (an id, an e-mail). */
const crmGot = async (text: string): Promise<Receipt[]> => (await (await fetch(`${fakes.url}/__received?sink=genezis&id=${encodeURIComponent(text)}`)).json()) as Receipt[];

/** A visitor of the mirror; the requests of its pages to the Worker that did not finish are kept (none may: each is under the wall). */
async function visitor(javaScriptEnabled = true): Promise<{ context: BrowserContext; page: Page; cut: string[]; toWorker: string[]; blocked: string[] }> {
  const context = javaScriptEnabled ? await desktopContext(browser, mirror.url) : await browser.newContext({ baseURL: mirror.url, locale: "ru-RU", javaScriptEnabled: false });
  const page = await context.newPage();
  const cut: string[] = [];
  const toWorker: string[] = [];
  // what the page's policy (its <meta>) refused
  const blocked: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });
  page.on("request", (request) => {
    if (request.url().startsWith(api)) toWorker.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  page.on("requestfailed", (request) => {
    if (request.url().startsWith(api)) cut.push(`${request.method()} ${request.url()}: ${request.failure()?.errorText}`);
  });
  return { context, page, cut, toWorker, blocked };
}

/** A page of the mirror, its islands awake. */
async function openMirror(page: Page, path: string) {
  await page.goto(path);
  await wakeIslands(page);
}

describe("the mirror, written", () => {
  it("has the pages asked for, the 404 page, the build's files and the content's menu and index; its manifest says so", () => {
    expect(manifest).toMatchObject({ source: server.url, apiOrigin: api, area: "RU", pages: 5, only: ["/", programPath, seminarPath, askPath] });
    expect(mirror.url).toMatch(/^http:/);
  });
});

describe("the mirror, served by a plain static host, with the Worker behind the wall", () => {
  it("sends a lead from a program page's popup; it reaches the CRM", async () => {
    const { page, cut, toWorker, blocked } = await visitor();
    await openMirror(page, programPath);
    expect(await page.evaluate(() => document.documentElement.dataset.apiOrigin)).toBe(api);
    await page.waitForSelector('[data-island="forms/LeadPopup"][data-hydrated="true"]', { state: "attached" });
    await page.locator('[data-cta="signUpForProfession"]').first().click();
    const dialog = page.locator("dialog.lead-popup");
    await dialog.getByLabel("Имя *").fill("Анна Зеркальная");
    await dialog.locator("#popup-phone").pressSequentially("9123456780");
    const [request] = await Promise.all([page.waitForRequest(`${api}/api/leads`), dialog.getByRole("button", { name: outcomes.send }).click()]);
    await dialog.getByText("Спасибо за заявку!").waitFor();
    await screenshot(page, "mirror-lead-sent");
    const { id } = request.postDataJSON() as { id: string };
    await expect.poll(async () => (await crmGot(id)).length).toBeGreaterThan(0);
    // the evidence of the visit came from the Worker, asked by the page itself
    expect(toWorker).toContain("GET /api/visit");
    expect(cut).toEqual([]);
    expect(blocked).toEqual([]);
  });

  it("orders a seminar's tickets from its page, the seats left read from the Worker; the order reaches the CRM", async () => {
    const { page, cut } = await visitor();
    await openMirror(page, seminarPath);
    await page.waitForSelector('[data-island="forms/LeadPopup"][data-hydrated="true"]', { state: "attached" });
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="tickets-left"]')?.getAttribute("data-left")) > 0);
    await page.getByRole("link", { name: "Купить билет" }).first().click();
    const dialog = page.locator("dialog.lead-popup");
    await dialog.getByLabel("Имя *").fill("Глеб Зеркальный");
    await dialog.locator("#popup-phone").pressSequentially("9057776600");
    await dialog.getByLabel("Электронная почта *").fill("gleb-mirror@example.ru");
    await screenshot(page, "mirror-tickets-popup");
    const [request] = await Promise.all([page.waitForRequest(`${api}/api/tickets`), dialog.getByRole("button", { name: /^Купить билет/ }).click()]);
    await dialog.getByText("Спасибо за заказ!").waitFor();
    await expect.poll(() => dialog.getByTestId("order-summary").textContent()).toContain(seminar.title);
    const { id } = request.postDataJSON() as { id: string };
    await expect.poll(async () => (await crmGot(id)).length).toBeGreaterThan(0);
    expect(cut).toEqual([]);
  });

  it("subscribes from the footer of the home page; the subscription reaches the CRM", async () => {
    const { context, page, cut } = await visitor();
    // the variant that asks no consent in the footer (the Worker and the page read the same cookie)
    await context.addCookies([{ name: "roistat_ab", value: "hidden", url: mirror.url }]);
    await openMirror(page, "/");
    const form = page.locator("#subscribe");
    await form.scrollIntoViewIfNeeded();
    const email = `mirror-reader-${Date.now()}@example.ru`;
    // the form wakes as the visitor's focus comes into it
    await form.locator("#subscribe-email").fill(email);
    await page.waitForSelector('[data-island="forms/SubscribeForm"][data-hydrated="true"]', { state: "attached" });
    await form.getByRole("button", { name: outcomes.subscribe }).click();
    await expect.poll(() => form.getByRole("alert").textContent()).toBe(outcomes.subscribed);
    await expect.poll(async () => (await crmGot(email)).length).toBeGreaterThan(0);
    expect(cut).toEqual([]);
  });

  it("a form posted without JavaScript reaches the Worker, which answers with its thank-you page; the lead reaches the CRM", async () => {
    const { page } = await visitor(false);
    await page.goto(queryPagePath(askPath));
    // the form posts to the Worker; the page's image fetched the visit's evidence from it
    await expect.poll(() => page.locator("main form.lead-form").getAttribute("action")).toBe(`${api}/api/leads`);
    await page.getByLabel("Имя *").fill("Нина Безскриптовая");
    await page.locator("#apply-phone").fill("+7 (912) 555-00-11");
    await Promise.all([
      page.waitForURL((url) => url.origin === api && url.pathname === "/gratefull", { waitUntil: "commit" }),
      page.getByRole("button", { name: outcomes.send }).click(),
    ]);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Спасибо за заявку!");
    const lead = new URL(page.url()).searchParams.get("lead")!;
    await expect.poll(async () => (await crmGot(lead)).length).toBeGreaterThan(0);
  });
});

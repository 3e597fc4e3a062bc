/**
 * A phone whose connection drops a request now and then: a script chunk that fails to load once is
 * asked again, under an address of its own, so the island still hydrates and the lead form still
 * opens, in a browser that keeps a failed module in its module map as well (Chromium 150 did:
 * issue 42). Such a browser is played here by the route: an address that failed once fails for
 * good, whatever the engine running the test does with a failed module. Every wait is on what the
 * visitor would see or on a request seen, none on a count of requests or on time.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import manifest from "../../build/manifest.json";
import { encodeLowVision, LOW_VISION_COOKIE } from "../../src/services/low-vision";
import { desktopContext, mobileContext } from "../support/browser";
import { defaultCatalogue } from "../support/content";
import { pageTrouble, sharedChromium, siteUrl, wakeIslands } from "./helpers";

let browser: Browser;
const program = defaultCatalogue().programs.find((p) => p.slug === "psiholog-konsultant");
const programPath = `/professions/${program?.studyFieldSlug}/${program?.slug}`;

beforeAll(async () => {
  browser = await sharedChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** The chunks the connection lost, and every request for a matching script (path and query). */
interface Network {
  lost: Set<string>;
  asked: string[];
  /** while true, every request for a matching script is lost; afterwards only those lost before stay lost */
  dropping: boolean;
}

/**
 * The connection loses matching scripts (the first request for each address, or every one while
 * `dropping`), and the browser remembers each loss: a lost address never loads, as a module map
 * that keeps failures answers it without the network.
 */
async function lossyNetwork(page: Page, pattern: RegExp, dropping: boolean): Promise<Network> {
  const network: Network = { lost: new Set(), asked: [], dropping };
  await page.route(pattern, (route) => {
    const url = new URL(route.request().url());
    const address = `${url.pathname}${url.search}`;
    network.asked.push(address);
    const known = network.asked.filter((a) => a.replace(/\?.*/, "") === url.pathname).length > 1;
    if (network.lost.has(address) || network.dropping || !known) {
      network.lost.add(address);
      return route.abort("connectionreset");
    }
    return route.continue();
  });
  return network;
}

describe("a script that fails to load once", () => {
  it("the lead popup's island and its form are asked again at an address of their own, and the form opens from a CTA", async () => {
    const page = await (await desktopContext(browser, siteUrl())).newPage();
    const trouble = pageTrouble(page);
    const popupChunk = manifest.islands["forms/LeadPopup"][0] as string;
    const network = await lossyNetwork(page, /\/assets\/chunks\/(LeadPopup\.island|LeadForm)-[^/]*\.js(\?.*)?$/, false);
    await page.goto(programPath);
    // the visitor reaches for the header: the popup wakes with it
    await trouble.explain(wakeIslands(page));
    await trouble.explain(page.waitForSelector('[data-island="forms/LeadPopup"][data-hydrated="true"]', { state: "attached", timeout: 30_000 }));
    expect(network.lost.has(popupChunk)).toBe(true);
    expect(network.asked.some((address) => address.startsWith(`${popupChunk}?`))).toBe(true);

    await page.locator('[data-cta="signUpForProfession"]').first().click();
    const dialog = page.locator("dialog.lead-popup[open]");
    await trouble.explain(dialog.getByLabel("Имя *").waitFor({ timeout: 30_000 }));
    expect([...network.lost].some((address) => /\/LeadForm-[^/?]*\.js$/.test(address))).toBe(true);
  });

  it("the address a retry asks for is the chunk itself, cached as it, and allowed by the page's policy", async () => {
    const context = await desktopContext(browser, siteUrl());
    const chunk = manifest.islands["forms/LeadPopup"][0] as string;
    const [plain, again, page] = await Promise.all([context.request.get(chunk), context.request.get(`${chunk}?retry=2`), context.request.get(programPath)]);
    expect(again.status()).toBe(200);
    expect(await again.body()).toEqual(await plain.body());
    expect(again.headers()["cache-control"]).toBe(plain.headers()["cache-control"]);
    expect(again.headers()["cache-control"]).toContain("immutable");
    expect(page.headers()["content-security-policy"]).toMatch(/script-src 'self'/);
  });
});

describe("a script that never came", () => {
  it("an island that hydrates at once wakes up when the visitor reaches for it", async () => {
    const context = await mobileContext(browser, siteUrl());
    const url = new URL(siteUrl());
    await context.addCookies([{ name: LOW_VISION_COOKIE, value: encodeLowVision({ size: 1, scheme: "white", images: true, spacing: 0 }), domain: url.hostname, path: "/" }]);
    const page = await context.newPage();
    const trouble = pageTrouble(page);
    // the connection drops the panel's chunk until the visitor reaches for the panel
    const network = await lossyNetwork(page, /\/assets\/chunks\/LowVisionPanel\.island-[^/]*\.js(\?.*)?$/, true);
    // the island's own report once it gives up (hydrate.ts), not the browser's line for each failed request
    const gaveUp = page.waitForEvent("console", { predicate: (message) => /dynamically imported module|module script failed/i.test(message.text()), timeout: 30_000 });
    await page.goto("/contacts");
    await trouble.explain(gaveUp);
    // no address was asked twice: each retry reached the network under its own
    expect(new Set(network.asked).size).toBe(network.asked.length);
    network.dropping = false;
    const panel = page.getByRole("region", { name: "Настройки версии для слабовидящих" });
    await panel.getByRole("button", { name: "А размер 3" }).tap();
    await trouble.explain(page.waitForSelector('[data-island="layout/LowVisionPanel"][data-hydrated="true"]', { state: "attached", timeout: 30_000 }));
    // the tap that woke it is not lost: the size it asked for applies
    await page.waitForSelector("html.lv-size-3", { state: "attached" });
  });

  it("a click held for an island whose code never comes is given back: the link goes", async () => {
    const page = await (await desktopContext(browser, siteUrl())).newPage();
    // the main button's island (a program's call to action) never gets its code
    await page.route(/\/assets\/chunks\/CtaButton\.island-[^/]*\.js(\?.*)?$/, (route) => route.abort("connectionreset"));
    await page.goto(programPath);
    // the client has run (its first act is the class): the islands listen for the first interaction
    await page.waitForSelector("html.js", { state: "attached" });
    const button = page.locator("[data-main-action][data-replay]").first();
    const href = new URL((await button.getAttribute("href"))!, siteUrl());
    // its press, which once awake would open something on the page, is held and starts a round of
    // tries (1 s and 3 s apart); when they fail, the browser follows the link itself
    await button.click();
    await page.waitForURL((url) => url.pathname === href.pathname, { timeout: 30_000 });
  });
});

import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { defaultCatalogue } from "../support/content";
import { seedCatalogue } from "./seed";
import { fetchWith, settingsWith } from "./with-settings";
import { CLIENT_LOADER, CLIENT_LOADER_HASH } from "../../src/services/client-loader";

beforeAll(async () => {
  await seedCatalogue(defaultCatalogue("analytics-v1"));
});

const COUNTER = "98765432";
const withMetrika = settingsWith({ YM_COUNTER_ID: COUNTER });
const directive = (csp: string, name: string) => csp.split("; ").find((part) => part.startsWith(`${name} `)) ?? "";

describe("analytics switched off (no YM_COUNTER_ID)", () => {
  it("asks no consent, names no Metrika host, offers no cookie settings", async () => {
    const response = await fetchWith(env, "/");
    const html = await response.text();
    expect(html).not.toContain("data-ym-counter");
    expect(html).not.toContain('data-island="layout/CookieConsent"');
    expect(html).not.toContain("data-cookie-settings");
    expect(response.headers.get("content-security-policy")).not.toContain("yandex");
  });
});

describe("analytics switched on", () => {
  it("allows https://mc.yandex.ru for the tag, its beacons and pixels, and nothing inline", async () => {
    const csp = (await fetchWith(withMetrika, "/")).headers.get("content-security-policy") ?? "";
    expect(directive(csp, "script-src")).toBe(`script-src 'self' ${CLIENT_LOADER_HASH} https://mc.yandex.ru`);
    expect(directive(csp, "connect-src")).toBe("connect-src 'self' https://mc.yandex.ru");
    expect(directive(csp, "img-src")).toBe("img-src 'self' data: https://mc.yandex.ru");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  });

  it("ships the consent banner as an island with the counter, never the tag itself", async () => {
    const html = await (await fetchWith(withMetrika, "/contacts")).text();
    expect(html).toContain(`data-ym-counter="${COUNTER}"`);
    expect(html).toContain('data-island="layout/CookieConsent" data-hydrate="consent"');
    expect(html).toContain(`{"counterId":"${COUNTER}"}`);
    // the banner itself is drawn in the browser, where the visitor's answer is known
    expect(html).not.toContain("cookie-consent__title");
    expect(html).not.toContain("mc.yandex.ru");
    // no script but the client's loader: the counter's tag is added in the browser after consent
    const code = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attributes]) => !/type="application\/(?:ld\+)?json"/.test(attributes ?? ""));
    expect(code.map(([, , text]) => text)).toEqual([CLIENT_LOADER]);
  });

  it("puts 'Настройки cookie' beside the legal links, next to the analytics consent document", async () => {
    const html = await (await fetchWith(withMetrika, "/")).text();
    expect(html).toContain('<a href="/docs/pdf/analytics-policy.pdf">Согласие на обработку данных для аналитики</a>');
    expect(html).toMatch(/<button type="button" class="legal-links__button" data-cookie-settings="">Настройки cookie<\/button>/);
  });

  it("never serves a page cached without analytics once analytics is switched on", async () => {
    await fetchWith(env, "/teachers");
    const cached = await fetchWith(env, "/teachers");
    expect(cached.headers.get("x-cache")).toBe("HIT");
    expect(await cached.text()).not.toContain("data-ym-counter");
    const switched = await fetchWith(withMetrika, "/teachers");
    expect(switched.headers.get("x-cache")).toBe("MISS");
    expect(await switched.text()).toContain(`data-ym-counter="${COUNTER}"`);
  });
});

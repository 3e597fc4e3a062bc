import { afterEach, describe, expect, it, vi } from "vitest";
import { popupLeadSchema } from "../services/leads/schemas";
import { rememberVisit, visitContext } from "./visit";

/** A page opened at `href` from `referrer`, with an empty session storage. */
function openPage(href: string, referrer: string) {
  const store = new Map<string, string>();
  vi.stubGlobal("location", new URL(href));
  vi.stubGlobal("document", { referrer });
  vi.stubGlobal("sessionStorage", {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => store.set(key, value),
    removeItem: (key: string) => store.delete(key),
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("what the browser keeps of the visit for the forms", () => {
  it("keeps the UTM parameters and the referrer of a link", () => {
    openPage("https://mip.institute/?utm_source=vk&utm_campaign=%D0%B7%D0%B8%D0%BC%D0%B0", "https://ya.ru/search?q=1");
    rememberVisit();
    expect(visitContext()).toEqual({ utms: { utm_source: "vk", utm_campaign: "зима" }, referer: "https://ya.ru/search?q=1" });
  });

  it("drops what the server would refuse, so a junk link cannot make the session's forms fail", () => {
    openPage(
      "https://mip.institute/?utm_source=vk&utm_medium=%3Cb%3E&utm_term=a%E2%80%AEb&utm_content=%00&utm_source_platform=x&utm_Campaign=y",
      "javascript:alert(1)",
    );
    rememberVisit();
    const kept = visitContext();
    expect(kept).toEqual({ utms: { utm_source: "vk" } });
    expect(popupLeadSchema.safeParse({ name: "Анна", phone: "+7 912 345-67-89", ...kept }).success).toBe(true);
  });
});

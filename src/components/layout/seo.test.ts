import { describe, expect, it } from "vitest";
import { defaultCatalogue } from "../../../tests/support/content";
import { resolveMeta } from "./seo";
import { siteJsonLd } from "./structured-data";

const { site } = defaultCatalogue();

describe("page metadata defaults of spec 2.7", () => {
  it("uses the institute's Russian title, the canonical URL and index, follow", () => {
    const meta = resolveMeta({}, site, "https://mip.institute", "/");
    expect(meta.title).toBe(site.defaultTitle);
    expect(meta.canonical).toBe("https://mip.institute/");
    expect(meta.robots).toBe("index, follow");
  });

  it("cuts the description to 120 characters", () => {
    const meta = resolveMeta({ description: "Описание ".repeat(40) }, site, "https://mip.institute", "/x");
    expect(meta.description.length).toBeLessThanOrEqual(120);
    expect(meta.description.endsWith("...")).toBe(true);
  });

  it("names a page's own title after the institute", () => {
    expect(resolveMeta({ title: "Контакты" }, site, "https://mip.institute", "/contacts").title).toBe(`Контакты — ${site.shortName}`);
  });

  it("keeps the canonical address of any path on this site, a path starting with // included", () => {
    expect(resolveMeta({}, site, "https://mip.institute", "//%3Cxss-a%3E").canonical).toBe("https://mip.institute//%3Cxss-a%3E");
    expect(resolveMeta({}, site, "https://mip.institute", "//evil.example/x").canonical).toBe("https://mip.institute//evil.example/x");
  });

  it("describes navigation, header, logo, footer and organisation in JSON-LD", () => {
    const types = siteJsonLd(site, "https://mip.institute").map((block) => block["@type"]);
    expect(types).toEqual(["SiteNavigationElement", "WPHeader", "ImageObject", "WPFooter", "EducationalOrganization"]);
  });
});

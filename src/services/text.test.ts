import { describe, expect, it } from "vitest";
import { formatPrice, pluralize, truncate } from "./text";

describe("truncate", () => {
  it("keeps text that fits", () => {
    expect(truncate("Короткое описание", 120)).toBe("Короткое описание");
  });

  it("cuts to the maximum length and ends with '...'", () => {
    const cut = truncate("а".repeat(200), 120);
    expect(cut).toHaveLength(120);
    expect(cut.endsWith("...")).toBe(true);
  });

  it("folds white space before measuring", () => {
    expect(truncate("  два\n\nслова  ", 120)).toBe("два слова");
  });
});

describe("Russian plurals", () => {
  it.each([
    [1, "1 программа"],
    [2, "2 программы"],
    [5, "5 программ"],
    [11, "11 программ"],
    [21, "21 программа"],
    [22, "22 программы"],
    [112, "112 программ"],
  ])("%i -> %s", (count, text) => {
    expect(pluralize(count, ["программа", "программы", "программ"])).toBe(text);
  });
});

describe("prices", () => {
  it("groups thousands and adds the rouble sign", () => {
    expect(formatPrice(89000).replace(/\s/g, " ")).toBe("89 000 ₽");
  });
});

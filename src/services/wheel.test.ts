import { describe, expect, it } from "vitest";
import { drawPrize, labelRotation, landingRotation, prizeLabel, prizeOfDigest, prizes, wrapLabel } from "./wheel";

describe("the fortune wheel's draw", () => {
  it("follows the weights of spec 3 within 1% over 100,000 digests (a phone's draw), and a weight of 0 never wins", () => {
    const counts = new Array<number>(prizes.length).fill(0);
    const draws = 100_000;
    const words = new Uint32Array(draws);
    for (let start = 0; start < draws; start += 16_384) crypto.getRandomValues(words.subarray(start, start + 16_384));
    for (const word of words) counts[prizeOfDigest(`${word.toString(16).padStart(8, "0")}${"0".repeat(56)}`)]! += 1;
    const total = prizes.reduce((sum, p) => sum + p.weight, 0);
    prizes.forEach((prize, index) => {
      expect(Math.abs(counts[index]! / draws - prize.weight / total), prize.text).toBeLessThan(0.01);
    });
    expect(counts[prizes.findIndex((p) => p.giftCode === "promo2")]).toBe(0);
  });

  it("maps the edges of the random range to winnable prizes", () => {
    expect(drawPrize(0)).toBe(0);
    expect(prizes[drawPrize(0.999999999)]!.weight).toBeGreaterThan(0);
  });

  it("lands the wheel with the prize's segment under the pointer", () => {
    for (let index = 0; index < prizes.length; index++) {
      const rest = landingRotation(index) % 360;
      const under = Math.floor(((360 - rest) % 360) / (360 / prizes.length));
      expect(under).toBe(index);
    }
  });

  it("names every prize in full words for the visitor, and keeps the text and code of spec 3 for the CRM", () => {
    for (const prize of prizes) {
      for (const label of [prize.label, prize.short]) {
        expect(label, prize.giftCode).toMatch(/^[А-ЯЁ]/);
        expect(label, prize.giftCode).not.toMatch(/(?<!\p{L})(?:доп|пк|руб|мес)(?!\p{L})/iu);
      }
      expect(prizeLabel(prize.giftCode)).toBe(prize.label);
    }
    expect(prizes.map((p) => [p.text, p.giftCode])).toContainEqual(["Пк в подарок (до 2 мес)", "promo7"]);
  });

  it("fits each prize's short label on the wheel: three lines of twelve characters at most", () => {
    for (const prize of prizes) {
      const lines = wrapLabel(prize.short);
      expect(lines.length, prize.short).toBeLessThanOrEqual(3);
      for (const line of lines) expect(line.length, prize.short).toBeLessThanOrEqual(12);
    }
  });

  it("turns no label upside down where the wheel rests, before a spin and after", () => {
    const rests = [0, ...prizes.map((_, index) => landingRotation(index)), ...prizes.map((_, index) => landingRotation(index, 0))];
    for (const rest of rests) {
      for (let index = 0; index < prizes.length; index++) {
        const angle = ((labelRotation(index, rest) + rest) * Math.PI) / 180;
        // at the top or the bottom a label stands upright along the radius: never turned past it
        expect(Math.cos(angle), `${prizes[index]!.short} at ${rest}°`).toBeGreaterThan(-1e-9);
      }
    }
  });
});

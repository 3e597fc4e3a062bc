import { describe, expect, it } from "vitest";
import { drawPrize, landingRotation, prizes, secureRandom } from "./wheel";

describe("the fortune wheel's draw", () => {
  it("follows the weights of spec 3 within 1% over 100,000 draws, and a weight of 0 never wins", () => {
    const counts = new Array<number>(prizes.length).fill(0);
    const draws = 100_000;
    for (let i = 0; i < draws; i++) counts[drawPrize(secureRandom())]! += 1;
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
});

/** The fortune wheel of spec 3: prizes, their gift codes and weights (a weight of 0 never wins). */
export const prizes = [
  { text: "1 месяц супервизий", giftCode: "promo6", weight: 1 },
  { text: "Доп скидка 10%", giftCode: "promo5", weight: 2 },
  { text: "Доп скидка 7%", giftCode: "promo4", weight: 2 },
  { text: "Доп скидка 5%", giftCode: "promo3", weight: 3 },
  { text: "Пк в подарок (до 2 мес)", giftCode: "promo7", weight: 1 },
  { text: "Сертификат на 20 000 руб", giftCode: "promo8", weight: 1 },
  { text: "Сертификат на 30 000 руб", giftCode: "promo1", weight: 1 },
  { text: "1 семинар", giftCode: "promo2", weight: 0 },
] as const;

export const WHEEL_CODES: readonly string[] = prizes.map((p) => p.giftCode);

/** Spec 3: the result is stored locally as the fortune wheel result. */
export const WHEEL_STORAGE_KEY = "fortuneWheelResult";

export interface WheelResult {
  index: number;
  text: string;
  giftCode: string;
  /** the server's signature of this visitor's draw: a forged prize does not verify */
  token: string;
}

/** Picks a prize by weight from a uniform number in [0, 1). */
export function drawPrize(random: number): number {
  const total = prizes.reduce((sum, p) => sum + p.weight, 0);
  let point = random * total;
  for (let index = 0; index < prizes.length; index++) {
    const weight = prizes[index]!.weight;
    if (point < weight) return index;
    point -= weight;
  }
  // random is below 1, so this is reached only by rounding at the very top: the last winnable prize
  return prizes.findLastIndex((p) => p.weight > 0);
}

/** A uniform number in [0, 1) from the platform's cryptographic generator. */
export function secureRandom(): number {
  const [value] = crypto.getRandomValues(new Uint32Array(1));
  return value! / 2 ** 32;
}

/** Rotation (degrees) that brings a segment under the pointer at the top, after a few full turns. */
export function landingRotation(index: number, turns = 6): number {
  const segment = 360 / prizes.length;
  return turns * 360 + (360 - (index * segment + segment / 2));
}

/**
 * The fortune wheel of spec 3: prizes, their gift codes and weights (a weight of 0 never wins).
 * `text` and `giftCode` are the spec's, kept for the CRM and the stored result; the visitor reads
 * `label` (the prize in full words) and, on the wheel itself, `short`.
 */
export const prizes = [
  { text: "1 месяц супервизий", giftCode: "promo6", weight: 1, label: "Месяц групповых супервизий", short: "Месяц супервизий" },
  { text: "Доп скидка 10%", giftCode: "promo5", weight: 2, label: "Дополнительная скидка 10% на обучение", short: "Ещё 10% скидки" },
  { text: "Доп скидка 7%", giftCode: "promo4", weight: 2, label: "Дополнительная скидка 7% на обучение", short: "Ещё 7% скидки" },
  { text: "Доп скидка 5%", giftCode: "promo3", weight: 3, label: "Дополнительная скидка 5% на обучение", short: "Ещё 5% скидки" },
  {
    text: "Пк в подарок (до 2 мес)",
    giftCode: "promo7",
    weight: 1,
    label: "Курс повышения квалификации длительностью до 2 месяцев в подарок",
    short: "Курс в подарок",
  },
  { text: "Сертификат на 20 000 руб", giftCode: "promo8", weight: 1, label: "Сертификат на 20 000 ₽ на обучение", short: "Сертификат 20 000 ₽" },
  { text: "Сертификат на 30 000 руб", giftCode: "promo1", weight: 1, label: "Сертификат на 30 000 ₽ на обучение", short: "Сертификат 30 000 ₽" },
  { text: "1 семинар", giftCode: "promo2", weight: 0, label: "Семинар в подарок", short: "Семинар в подарок" },
] as const;

/** A gift code's prize in words, for the visitor (the result, the lead form); undefined for a code that is no prize. */
export function prizeLabel(giftCode: string): string | undefined {
  return prizes.find((p) => p.giftCode === giftCode)?.label;
}

/** Splits a label into lines of at most 12 characters at spaces, for a segment of the wheel. */
export function wrapLabel(text: string): string[] {
  const lines: string[] = [];
  for (const word of text.split(" ")) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= 12) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/**
 * The rotation (degrees) of a segment's label inside the wheel turned by `wheelRotation`: along
 * the radius, reading outwards where the segment is on the right half of the screen and inwards
 * on the left, so that no label is upside down where the wheel rests, before a spin or after.
 */
export function labelRotation(index: number, wheelRotation = 0): number {
  const segment = 360 / prizes.length;
  const middle = index * segment + segment / 2;
  const onScreen = (((middle + wheelRotation) % 360) + 360) % 360;
  return onScreen <= 180 ? middle - 90 : middle + 90 - 360;
}

export const WHEEL_CODES: readonly string[] = prizes.map((p) => p.giftCode);

/** Spec 3: the result is stored locally as the fortune wheel result. */
export const WHEEL_STORAGE_KEY = "fortuneWheelResult";

export interface WheelResult {
  index: number;
  text: string;
  giftCode: string;
  /** the server's signature of this phone's draw: a forged prize does not verify */
  token: string;
  /** the phone the draw is for, as typed: the lead form starts with it, since the gift goes with it alone */
  phone?: { phone: string; country: string };
}

/** A token of a phone's draw (decision 052 since issue 40); one of a visit's draw names no phone and is honoured for none. */
export const isPhoneDrawToken = (token: unknown): boolean => typeof token === "string" && /^p[0-9a-f]{32}\./.test(token);

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

/** The prize a keyed digest (hex) draws: its first 32 bits as a uniform number, by the weights. */
export const prizeOfDigest = (hex: string): number => drawPrize(Number.parseInt(hex.slice(0, 8), 16) / 2 ** 32);

/** Rotation (degrees) that brings a segment under the pointer at the top, after a few full turns. */
export function landingRotation(index: number, turns = 6): number {
  const segment = 360 / prizes.length;
  return turns * 360 + (360 - (index * segment + segment / 2));
}

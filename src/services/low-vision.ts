/**
 * The version for visually impaired visitors (GOST R 52872-2019): type size in three steps,
 * three colour schemes, images on or off, letter spacing in three steps. Kept in one cookie so
 * the server renders the page in it from the first byte, with no flash.
 */
export const LOW_VISION_COOKIE = "low_vision";

export type Scheme = "white" | "black" | "blue";

export interface LowVision {
  size: 1 | 2 | 3;
  scheme: Scheme;
  images: boolean;
  spacing: 0 | 1 | 2;
}

const defaultLowVision: LowVision = { size: 1, scheme: "white", images: true, spacing: 0 };

const schemeCodes: Record<Scheme, string> = { white: "w", black: "b", blue: "u" };

export function encodeLowVision(settings: LowVision): string {
  return `${settings.size}${schemeCodes[settings.scheme]}${settings.images ? 1 : 0}${settings.spacing}`;
}

/** The cookie's settings, or null when the visitor uses the ordinary version. */
export function parseLowVision(value: string | undefined): LowVision | null {
  if (!value) return null;
  if (value === "1") return defaultLowVision;
  const match = /^([123])([wbu])([01])([012])$/.exec(value);
  if (!match) return null;
  const scheme = (Object.entries(schemeCodes).find(([, code]) => code === match[2])?.[0] ?? "white") as Scheme;
  return { size: Number(match[1]) as LowVision["size"], scheme, images: match[3] === "1", spacing: Number(match[4]) as LowVision["spacing"] };
}

/** Classes on <html> that switch the stylesheet's low-vision rules on. */
export function lowVisionClasses(settings: LowVision): string {
  return ["low-vision", `lv-size-${settings.size}`, `lv-scheme-${settings.scheme}`, settings.images ? "" : "lv-no-images", `lv-spacing-${settings.spacing}`]
    .filter(Boolean)
    .join(" ");
}

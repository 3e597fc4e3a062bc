/**
 * Generated raster images (covers, portraits): scripts/images.ts renders them at build time from
 * SVG into public/images/gen/<kind>/<slug>-<width>.webp, at the widths of spec section 7 that fit.
 * Pages never load an image from another host, and always give its size so nothing shifts.
 */
export const imageKinds = {
  program: { width: 1200, height: 750, widths: [384, 640, 750, 828, 1080, 1200] },
  seminar: { width: 1200, height: 750, widths: [384, 640, 750, 828, 1080, 1200] },
  article: { width: 1200, height: 630, widths: [384, 640, 750, 828, 1080, 1200] },
  teacher: { width: 640, height: 800, widths: [128, 256, 384, 640] },
  /** a graduation document's sample, an open spread of two A5 pages (decision 061) */
  diploma: { width: 1200, height: 848, widths: [384, 640, 828, 1080, 1200] },
} as const;

export type ImageKind = keyof typeof imageKinds;

/**
 * The institute's mark as crawlers get it (decision 017): a raster square, since Google takes an
 * organisation's logo at 112 px each way at least and the mark itself (public/images/logo.svg) is
 * 33×40; scripts/images.ts draws it at the build.
 */
export const organizationLogoImage = { src: "/images/gen/logo-512.png", width: 512, height: 512 } as const;

export interface ResponsiveImage {
  src: string;
  srcSet: string;
  width: number;
  height: number;
}

/** The slug of a graduation document's sample: «образец» and the document's id, so its address says what it is. */
export const diplomaSampleSlug = (documentId: string) => `obrazec-${documentId}`;

export const generatedImagePath = (kind: ImageKind, slug: string, width: number) => `/images/gen/${kind}/${slug}-${width}.webp`;

export function generatedImage(kind: ImageKind, slug: string): ResponsiveImage {
  const { width, height, widths } = imageKinds[kind];
  return {
    src: generatedImagePath(kind, slug, width),
    srcSet: widths.map((w) => `${generatedImagePath(kind, slug, w)} ${w}w`).join(", "),
    width,
    height,
  };
}

const isImageKind = (value: string): value is ImageKind => value in imageKinds;

/** The kind, slug and width of a generated image's path; null for any other path. */
export function parseGeneratedImagePath(path: string): { kind: ImageKind; slug: string; width: number } | null {
  const match = /^\/images\/gen\/([a-z]+)\/([\w-]+)-(\d+)\.webp$/.exec(path);
  if (!match || !isImageKind(match[1]!)) return null;
  return { kind: match[1], slug: match[2]!, width: Number(match[3]) };
}

/** The built width closest to the one asked for; the larger of two as close. */
export function nearestWidth(widths: readonly number[], wanted: number): number {
  return widths.reduce((best, width) => {
    const gap = Math.abs(width - wanted) - Math.abs(best - wanted);
    return gap < 0 || (gap === 0 && width > best) ? width : best;
  });
}

import { generatedImage, type ImageKind } from "../../services/images";

interface PictureProps {
  kind: ImageKind;
  slug: string;
  alt: string;
  /** how wide the image shows, for the browser to pick from srcset */
  sizes: string;
  className?: string;
  /**
   * in the first screen on some width: loaded at once, not lazily. No high priority is named: the
   * browser raises what its layout shows, and a program's picture, shown beside its title on a wide
   * screen, is below the first screen on a phone, whose network it would take before the page (decision 063)
   */
  priority?: boolean;
}

/**
 * What a cover says to a screen reader: the content's words for a real photo; nothing for a drawn
 * one, which only repeats the title beside it (decision 028).
 */
export const coverAlt = (item: { cover?: { alt?: string } }) => item.cover?.alt ?? "";

/** A teacher's portrait, drawn or photographed: the content's words, else «Портрет: <имя>». */
export const portraitAlt = (teacher: { name: string; photo?: { alt?: string } }) => teacher.photo?.alt ?? `Портрет: ${teacher.name}`;

/** A generated image with its srcset and intrinsic size, so nothing shifts while it loads. */
export function Picture({ kind, slug, alt, sizes, className, priority = false }: PictureProps) {
  const image = generatedImage(kind, slug);
  return (
    <img
      className={className}
      src={image.src}
      srcSet={image.srcSet}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
    />
  );
}

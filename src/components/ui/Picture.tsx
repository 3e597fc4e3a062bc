import { generatedImage, type ImageKind } from "../../services/images";

interface PictureProps {
  kind: ImageKind;
  slug: string;
  alt: string;
  /** how wide the image shows, for the browser to pick from srcset */
  sizes: string;
  className?: string;
  /** above the fold: load at once with high priority */
  priority?: boolean;
}

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
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
    />
  );
}

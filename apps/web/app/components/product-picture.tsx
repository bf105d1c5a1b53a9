import type { Locale } from "@souls/core/locales";
import { isPhotoHash, photoFallbackPath, photoSrcset, type ShownPhoto } from "@souls/core/photos";

/**
 * A model's photo: AVIF then WebP at the widths the layout needs (`sizes`), a JPEG for browsers
 * with neither, its intrinsic size reserved (no layout shift), its words in the page's language.
 * A launch drawing (a file of the site's own) is a plain image. The first photo a page shows is
 * `priority` (fetched first, never lazy); the others load as they come into view.
 */
export function ProductPicture({
  photo,
  locale,
  sizes,
  priority = false,
  alt,
  className,
}: {
  photo: ShownPhoto;
  locale: Locale;
  sizes: string;
  priority?: boolean;
  /** Instead of the photo's own words (e.g. "" where a link beside it says the same). */
  alt?: string;
  className?: string;
}) {
  const words = alt ?? photo.alt[locale];
  const image = {
    width: photo.width,
    height: photo.height,
    className,
    ...(priority
      ? { fetchPriority: "high" as const }
      : { loading: "lazy" as const, decoding: "async" as const }),
  };
  if (!isPhotoHash(photo.source)) return <img src={photo.source} alt={words} {...image} />;
  return (
    <picture>
      <source type="image/avif" srcSet={photoSrcset(photo, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={photoSrcset(photo, "webp")} sizes={sizes} />
      <img src={photoFallbackPath(photo)} alt={words} {...image} />
    </picture>
  );
}

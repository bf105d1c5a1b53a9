import type { MetaDescriptor } from "@remix-run/react";
import type { Locale } from "@souls/core/locales";
import { isPhotoHash, pageWidths, photoPath, photoSrcset, type ShownPhoto } from "@souls/core/photos";
import { EnlargeIcon } from "~/components/icons";
import { ProductPicture } from "~/components/product-picture";
import { useTranslation } from "~/lib/translations";

// The widths app.css gives them: the page (1200 px at most, 1.25rem margins), on a laptop its
// 7 of 12 columns less the 4rem gap; four thumbnails 0.6rem apart. A phone then takes the 720 cut,
// not the 960.
const MAIN_SIZES =
  "(min-width: 1240px) 663px, (min-width: 960px) calc((100vw - 6.5rem) * 0.583), calc(100vw - 2.5rem)";
const THUMB_SIZES =
  "(min-width: 1240px) 159px, (min-width: 960px) calc((100vw - 6.5rem) * 0.146 - 0.45rem), calc(25vw - 1.1rem)";

/**
 * The shown photo, asked for from the head before anything the body names (the logo, the
 * thumbnails): it is the page's largest paint, and the first request after the page's own takes
 * its warm connection. AVIF only, as every browser that reads `imagesrcset` does; a drawing is
 * small enough as it is.
 */
export function galleryPreload(photo: ShownPhoto | undefined): MetaDescriptor | null {
  if (!photo || !isPhotoHash(photo.source)) return null;
  return {
    tagName: "link",
    rel: "preload",
    as: "image",
    type: "image/avif",
    imageSrcSet: photoSrcset(photo, "avif"),
    imageSizes: MAIN_SIZES,
    fetchPriority: "high",
  };
}

/**
 * The photo at its largest cut, for the link that enlarges it: WebP, which every browser opening
 * an image by itself shows (a launch drawing is its own file).
 */
export function largePhotoHref(photo: Pick<ShownPhoto, "source" | "width">): string {
  if (!isPhotoHash(photo.source)) return photo.source;
  const widths = pageWidths(photo.width);
  return photoPath(photo.source, widths[widths.length - 1] ?? photo.width, "webp");
}

/**
 * The model's photos with thumbnails: each thumbnail is a link to the page with that photo
 * selected (`?photo=2`, back at the gallery) — no script: the page is light, and the next photo
 * is fetched as the page is. The shown photo keeps its own proportions (its width and height as
 * stored; a landscape photo is not cropped into a portrait frame) and is a link to its largest cut.
 */
export function Gallery({
  photos,
  initial,
  locale,
}: {
  photos: ShownPhoto[];
  initial: number;
  locale: Locale;
}) {
  const { t: tc } = useTranslation();
  const selected = initial;
  const current = photos[selected] ?? photos[0];
  if (!current) return null;
  return (
    <section id="gallery" className="gallery" aria-label={tc("product.galleryLabel")}>
      <figure className="gallery__main">
        <a href={largePhotoHref(current)} className="gallery__enlarge">
          <ProductPicture key={current.id} photo={current} locale={locale} sizes={MAIN_SIZES} priority />
          <span className="gallery__enlarge-label">
            <EnlargeIcon /> {tc("product.enlargePhoto")}
          </span>
        </a>
      </figure>
      {photos.length > 1 ? (
        <ul className="gallery__thumbs">
          {photos.map((photo, index) => (
            <li key={photo.id}>
              <a
                href={`?photo=${index + 1}#gallery`}
                className="gallery__thumb"
                aria-current={index === selected ? "true" : undefined}
              >
                <ProductPicture
                  photo={photo}
                  locale={locale}
                  sizes={THUMB_SIZES}
                  alt={tc("product.showPhoto", { number: index + 1, count: photos.length })}
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

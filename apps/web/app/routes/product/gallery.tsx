import type { Locale } from "@souls/core/locales";
import type { ShownPhoto } from "@souls/core/photos";
import { ProductPicture } from "~/components/product-picture";
import { useTranslation } from "~/lib/translations";

/**
 * The model's photos with thumbnails: each thumbnail is a link to the page with that photo
 * selected (`?photo=2`, back at the gallery) — no script: the page is light, and the next photo
 * is fetched as the page is.
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
        <ProductPicture
          key={current.id}
          photo={current}
          locale={locale}
          sizes="(min-width: 960px) 56vw, 100vw"
          priority
        />
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
                  sizes="(min-width: 960px) 13vw, 25vw"
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

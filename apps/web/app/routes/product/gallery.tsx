import { useState } from "react";
import { productImage } from "~/lib/images";
import { useTranslation } from "~/lib/translations";

/**
 * Four photos with thumbnails. Without JavaScript each thumbnail is a link that reloads the page
 * with that photo selected (`?photo=2`); with it, the photo changes in place.
 */
export function Gallery({ model, initial }: { model: string; initial: number }) {
  const { list } = useTranslation("products");
  const { t: tc } = useTranslation();
  const [selected, setSelected] = useState(initial);
  const photos = list<{ alt: string; title: string }>(`${model}.gallery`);
  const current = photos[selected] ?? photos[0];
  return (
    <section id="gallery" className="gallery" aria-label={tc("product.galleryLabel")}>
      <figure className="gallery__main">
        <img
          src={productImage(model, selected + 1)}
          alt={current?.alt ?? ""}
          width="1000"
          height="1250"
          fetchPriority="high"
        />
        <figcaption className="visually-hidden">{current?.title}</figcaption>
      </figure>
      <ul className="gallery__thumbs">
        {photos.map((photo, index) => (
          <li key={photo.title}>
            <a
              href={`?photo=${index + 1}#gallery`}
              className="gallery__thumb"
              aria-current={index === selected ? "true" : undefined}
              onClick={(event) => {
                event.preventDefault();
                setSelected(index);
              }}
            >
              <img
                src={productImage(model, index + 1)}
                alt={tc("product.showPhoto", { title: photo.title })}
                width="200"
                height="250"
                loading="lazy"
                decoding="async"
              />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

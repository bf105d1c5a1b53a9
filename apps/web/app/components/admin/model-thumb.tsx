import { photoThumbnailPath } from "@souls/core/photos";

/**
 * A model's cover, small, beside its name in the owner's lists (what to pack, what runs low).
 * Decorative: the name next to it says what it is. A model without a photo shows none.
 */
export function ModelThumb({ cover }: { cover: { source: string; width: number } | null }) {
  if (!cover) return null;
  return (
    <img
      className="admin-thumb"
      src={photoThumbnailPath(cover)}
      alt=""
      width={40}
      height={40}
      loading="lazy"
      decoding="async"
    />
  );
}

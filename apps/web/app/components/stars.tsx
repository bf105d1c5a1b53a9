import { StarIcon } from "./icons";

/**
 * A rating out of 5 as five stars (halves for an average), read by screen readers as its label:
 * the stars themselves are drawn, never written (the shop's fonts have no star).
 */
export function Stars({ rating, label, size }: { rating: number; label: string; size?: number }) {
  const halves = Math.round(rating * 2);
  return (
    <span className="stars" role="img" aria-label={label}>
      {[1, 2, 3, 4, 5].map((star) => (
        <StarIcon
          key={star}
          size={size}
          fill={halves >= star * 2 ? "full" : halves === star * 2 - 1 ? "half" : "empty"}
        />
      ))}
    </span>
  );
}

import { copy, labelOf } from "@souls/api/admin-words";
import { LANGUAGE_NAMES_FR } from "@souls/core/catalogue-rules";
import { fill } from "@souls/core/placeholders";
import { formatCents, formatDateTime } from "./format";

/** A line of a model's history as the API sends it (products.history, catalogue.detail). */
export interface ProductHistoryEvent {
  kind: string;
  fromValue: string | null;
  toValue: string | null;
  actor: string;
  /** Who in the panel did it (decision 043), when the panel did it. */
  actorName?: string | null;
  createdAt: string;
}

const TEXT = copy.productHistory;

/** Every change the owner made on a model, newest first (the stock page's dialog, the editor). */
export function ProductHistoryList({ events }: { events: ProductHistoryEvent[] }) {
  if (events.length === 0) return <p className="admin-muted">{TEXT.empty}</p>;
  return (
    <ol className="admin-timeline">
      {events.map((event, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the history is append-only
        <li key={index}>
          <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
          <span>
            {describeProductEvent(event)}{" "}
            <span className="admin-muted">
              {fill(TEXT.by, { actor: event.actorName ?? labelOf(copy.labels.actor, event.actor) })}
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** Kinds whose values are prices in cents; stock counts and the catalogue's words are shown as they are. */
const PRICES = new Set(["created", "price_changed", "sale_started", "sale_ended"]);

/**
 * "Prix modifié : 169,00 € → 149,00 €", "Textes modifiés (anglais)", "Adresse changée : /a → /b".
 * Values are stored as text: each kind is shown as the owner reads it.
 */
export function describeProductEvent(event: ProductHistoryEvent): string {
  const label = labelOf(copy.labels.productEvent, event.kind);
  const show = (value: string | null) => {
    if (value === null || value === "") return copy.common.dash;
    if (!PRICES.has(event.kind)) return value;
    const cents = Number(value);
    return Number.isInteger(cents) ? formatCents(cents) : value;
  };
  if (event.kind === "created") {
    return event.toValue === null ? label : fill(TEXT.created, { label, price: show(event.toValue) });
  }
  if (
    event.kind === "texts_changed" &&
    event.fromValue === null &&
    event.toValue &&
    event.toValue in LANGUAGE_NAMES_FR
  ) {
    return fill(TEXT.inLanguage, {
      label,
      language: LANGUAGE_NAMES_FR[event.toValue as keyof typeof LANGUAGE_NAMES_FR],
    });
  }
  if (event.kind === "photos_changed") {
    const photos = (ids: string | null) => (ids ? ids.split(",").filter((id) => id.trim()).length : 0);
    return fill(TEXT.photos, { label, from: photos(event.fromValue), to: photos(event.toValue) });
  }
  if (event.fromValue === null && event.toValue === null) return label;
  return fill(TEXT.change, { label, from: show(event.fromValue), to: show(event.toValue) });
}

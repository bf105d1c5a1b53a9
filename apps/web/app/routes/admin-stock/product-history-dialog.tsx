import { fill } from "@souls/core/placeholders";
import { ACTOR_LABELS, copy, labelOf, PRODUCT_EVENT_LABELS } from "~/components/admin/copy";
import { formatCents, formatDateTime } from "~/components/admin/format";
import { Modal } from "~/components/admin/modal";
import { errorMessage } from "~/components/admin/notify";
import { type RouterOutputs, trpc } from "~/lib/trpc";
import type { ProductRow } from "./stock-table";

type HistoryEntry = RouterOutputs["products"]["history"]["events"][number];

const TEXT = copy.productHistory;

/** « Historique » of a product (products.history): every change the owner made, newest first. */
export function ProductHistoryDialog({
  product,
  onClose,
}: {
  product: ProductRow | null;
  onClose: () => void;
}) {
  return (
    <Modal open={product !== null} onClose={onClose} title={fill(TEXT.title, { name: product?.name ?? "" })}>
      {product ? <ProductHistory id={product.id} /> : null}
    </Modal>
  );
}

function ProductHistory({ id }: { id: number }) {
  const history = trpc.products.history.useQuery({ id });
  if (history.isPending) {
    return (
      <p role="status" className="admin-muted">
        {TEXT.loading}
      </p>
    );
  }
  if (history.isError) {
    return (
      <p role="alert" className="form-error">
        {TEXT.failed} : {errorMessage(history.error)}
      </p>
    );
  }
  const { events } = history.data;
  if (events.length === 0) return <p className="admin-muted">{TEXT.empty}</p>;
  return (
    <ol className="admin-timeline">
      {events.map((event, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the history is append-only
        <li key={index}>
          <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
          <span>
            {describe(event)}{" "}
            <span className="admin-muted">
              {fill(TEXT.by, { actor: labelOf(ACTOR_LABELS, event.actor) })}
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}

/**
 * "Prix modifié : 169,00 € → 149,00 €". Prices are stored in cents and stock as counts, both as
 * text: each is shown as the owner reads it.
 */
function describe(event: HistoryEntry): string {
  const label = labelOf(PRODUCT_EVENT_LABELS, event.kind);
  const show = (value: string | null) => {
    if (value === null) return copy.common.dash;
    if (event.kind === "stock_adjusted") return value;
    const cents = Number(value);
    return Number.isInteger(cents) ? formatCents(cents) : value;
  };
  if (event.kind === "created") {
    return event.toValue === null ? label : fill(TEXT.created, { label, price: show(event.toValue) });
  }
  if (event.fromValue === null && event.toValue === null) return label;
  return fill(TEXT.change, { label, from: show(event.fromValue), to: show(event.toValue) });
}

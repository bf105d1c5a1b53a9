import { type RouterOutputs, trpc } from "~/lib/trpc";
import { copy, fill } from "./copy";
import { formatCents } from "./format";
import { notifyFailure, notifySuccess } from "./notify";

export type ProductRow = RouterOutputs["stock"]["list"]["products"][number];

const TEXT = copy.stock;
const COLUMNS = TEXT.columns;
/** Spec §9: fewer than 3 pieces available is low stock. */
export const LOW_STOCK_BELOW = 3;

/** The products with their stock; one tap adds or removes a piece. */
export function StockTable({
  products,
  onRemove,
}: {
  products: ProductRow[];
  onRemove: (product: ProductRow) => void;
}) {
  return (
    <table className="admin-table admin-table--stock">
      <caption className="visually-hidden">{TEXT.caption}</caption>
      <thead>
        <tr>
          <th scope="col">{COLUMNS.reference}</th>
          <th scope="col">{COLUMNS.name}</th>
          <th scope="col">{COLUMNS.stock}</th>
          <th scope="col" className="admin-table__number">
            {COLUMNS.price}
          </th>
          <th scope="col">{COLUMNS.actions}</th>
        </tr>
      </thead>
      <tbody>
        {products.map((product) => (
          <StockRow key={product.id} product={product} onRemove={onRemove} />
        ))}
      </tbody>
    </table>
  );
}

function StockRow({ product, onRemove }: { product: ProductRow; onRemove: (product: ProductRow) => void }) {
  const utils = trpc.useUtils();
  const adjust = trpc.stock.adjust.useMutation({
    onSuccess: (row) => {
      notifySuccess(TEXT.updated, fill(TEXT.updatedText, { name: row.name, n: row.stock }));
      void utils.stock.list.invalidate();
    },
    onError: (error) => notifyFailure(TEXT.updateFailed, error),
  });
  // One change at a time; the buttons stay enabled (and focused) while the server answers.
  const step = (delta: -1 | 1) => {
    if (!adjust.isPending) adjust.mutate({ id: product.id, delta });
  };
  const low = !product.archived && product.available < LOW_STOCK_BELOW;
  // Pieces held by unpaid orders cannot be taken away (the server refuses too).
  const canDecrement = product.stock > 0 && product.stock > product.reserved;
  const rowClass = [low ? "admin-row--low" : "", product.archived ? "admin-row--archived" : ""]
    .filter(Boolean)
    .join(" ");

  return (
    <tr className={rowClass || undefined}>
      <td data-label={COLUMNS.reference} className="admin-mono">
        {product.reference}
      </td>
      {/* One wrapper per cell: on a phone the cell is a two-column grid (label, content). */}
      <th scope="row" data-label={COLUMNS.name}>
        <span>
          {product.name}
          {product.archived ? <span className="admin-badge admin-badge--muted">{TEXT.archived}</span> : null}
          {low ? <span className="admin-badge admin-badge--warn">{TEXT.lowBadge}</span> : null}
        </span>
      </th>
      <td data-label={COLUMNS.stock}>
        <span>
          <span className="admin-stock__count">{product.stock}</span>
          {product.reserved > 0 ? (
            <span className="admin-stock__reserved">
              {fill(TEXT.reserved, { n: product.reserved })} ·{" "}
              {fill(TEXT.available, { n: product.available })}
            </span>
          ) : null}
        </span>
      </td>
      <td data-label={COLUMNS.price} className="admin-table__number">
        {formatCents(product.priceCents)}
      </td>
      <td data-label={COLUMNS.actions} className="admin-table__actions">
        {product.archived ? (
          // The server refuses to change an archived product: nothing to offer.
          <span>
            <span aria-hidden="true">{copy.common.dash}</span>
            <span className="visually-hidden">{copy.orders.noAction}</span>
          </span>
        ) : (
          <div className="admin-actions admin-actions--row">
            <div className="admin-stepper">
              <button
                type="button"
                className="admin-stepper__button"
                aria-label={fill(TEXT.decrement, { name: product.name })}
                disabled={!canDecrement}
                aria-busy={adjust.isPending || undefined}
                onClick={() => step(-1)}
              >
                <span aria-hidden="true">−</span>
              </button>
              <button
                type="button"
                className="admin-stepper__button"
                aria-label={fill(TEXT.increment, { name: product.name })}
                aria-busy={adjust.isPending || undefined}
                onClick={() => step(1)}
              >
                <span aria-hidden="true">+</span>
              </button>
            </div>
            <button
              type="button"
              className="button button--ghost button--small admin-danger-text"
              aria-label={fill(TEXT.removeLabel, { name: product.name })}
              aria-haspopup="dialog"
              onClick={() => onRemove(product)}
            >
              {TEXT.remove}
            </button>
          </div>
        )}
      </td>
    </tr>
  );
}

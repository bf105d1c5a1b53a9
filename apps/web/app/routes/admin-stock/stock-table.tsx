import { copy, count } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { BusyButton } from "~/components/admin/busy-button";
import { formatCents } from "~/components/admin/format";
import { notifyFailure, notifySuccess } from "~/components/admin/notify";
import { RowButton } from "~/components/admin/panel-table";
import { type RouterOutputs, trpc } from "~/lib/trpc";

export type ProductRow = RouterOutputs["products"]["list"]["products"][number];

const TEXT = copy.stock;
const COLUMNS = TEXT.columns;
/** Spec §9: fewer than 3 pieces available is low stock. */
export const LOW_STOCK_BELOW = 3;

/** What a row opens in the page's dialogs. */
export interface ProductDialogs {
  onRemove: (product: ProductRow) => void;
  onEditPrice: (product: ProductRow) => void;
  onHistory: (product: ProductRow) => void;
}

/** The products with their stock; one tap adds or removes a piece. */
export function StockTable({ products, ...dialogs }: { products: ProductRow[] } & ProductDialogs) {
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
          <StockRow key={product.id} product={product} {...dialogs} />
        ))}
      </tbody>
    </table>
  );
}

function StockRow({ product, onRemove, onEditPrice, onHistory }: { product: ProductRow } & ProductDialogs) {
  const adjust = trpc.products.adjust.useMutation({
    onSuccess: (row) => {
      notifySuccess(TEXT.updated, fill(TEXT.updatedText, { name: row.name, n: row.stock }));
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
          {product.sample ? <span className="admin-badge admin-badge--warn">{TEXT.testBadge}</span> : null}
          {product.archived ? <span className="admin-badge admin-badge--muted">{TEXT.archived}</span> : null}
          {low ? <span className="admin-badge admin-badge--warn">{TEXT.lowBadge}</span> : null}
        </span>
      </th>
      <td data-label={COLUMNS.stock}>
        <span>
          <span className="admin-stock__count">{product.stock}</span>
          {product.reserved > 0 ? (
            <span className="admin-stock__reserved">
              {count(product.reserved, TEXT.reserved)} · {count(product.available, TEXT.available)}
            </span>
          ) : null}
        </span>
      </td>
      <td data-label={COLUMNS.price} className="admin-table__number">
        {formatCents(product.priceCents)}
      </td>
      <td data-label={COLUMNS.actions} className="admin-table__actions">
        {product.archived ? (
          // The server refuses to change an archived product: it comes back first.
          <div className="admin-actions admin-actions--row">
            <UnarchiveButton product={product} />
            <HistoryButton product={product} onHistory={onHistory} />
          </div>
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
            <RowButton
              label={TEXT.editPrice}
              ariaLabel={fill(TEXT.editPriceLabel, { name: product.name })}
              opensDialog
              onClick={() => onEditPrice(product)}
            />
            <HistoryButton product={product} onHistory={onHistory} />
            <RowButton
              label={TEXT.remove}
              ariaLabel={fill(TEXT.removeLabel, { name: product.name })}
              tone="ghost-danger"
              opensDialog
              onClick={() => onRemove(product)}
            />
          </div>
        )}
      </td>
    </tr>
  );
}

function HistoryButton({
  product,
  onHistory,
}: {
  product: ProductRow;
  onHistory: ProductDialogs["onHistory"];
}) {
  return (
    <RowButton
      label={TEXT.history}
      ariaLabel={fill(TEXT.historyLabel, { name: product.name })}
      tone="ghost"
      opensDialog
      onClick={() => onHistory(product)}
    />
  );
}

/** An archived product back in the shop, with the stock it left with. */
function UnarchiveButton({ product }: { product: ProductRow }) {
  const unarchive = trpc.products.unarchive.useMutation({
    onSuccess: (row) => {
      notifySuccess(TEXT.unarchived, fill(TEXT.unarchivedText, { name: row.name }));
    },
    onError: (error) => notifyFailure(TEXT.unarchiveFailed, error),
  });
  return (
    <BusyButton
      type="button"
      className="button button--outline button--small"
      aria-label={fill(TEXT.unarchiveLabel, { name: product.name })}
      busy={unarchive.isPending}
      busyLabel={copy.orders.processing}
      onClick={() => unarchive.mutate({ id: product.id })}
    >
      {TEXT.unarchive}
    </BusyButton>
  );
}

import { copy, count } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { keepPreviousData } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { AdminShell, adminLinks, adminMeta } from "~/components/admin/admin-shell";
import { BusyButton } from "~/components/admin/busy-button";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { errorMessage, notifyFailure, notifySuccess } from "~/components/admin/notify";
import { TableWrap } from "~/components/admin/table-wrap";
import { useDebouncedValue } from "~/components/admin/use-debounced-value";
import { adminPageLoader } from "~/lib/admin-session.server";
import { trpc } from "~/lib/trpc";
import { LiveIndicator } from "./live-indicator";
import { PriceDialog } from "./price-dialog";
import { ProductFormDialog } from "./product-form-dialog";
import { ProductHistoryDialog } from "./product-history-dialog";
import { StockSummary } from "./stock-summary";
import { type ProductRow, StockTable } from "./stock-table";
import { useLiveStock } from "./use-live-stock";

const TEXT = copy.stock;

export const loader = adminPageLoader;

export const meta = adminMeta(TEXT.metaTitle);

export const links = adminLinks;

export default function AdminStockPage() {
  return (
    <AdminShell title={TEXT.title}>
      <StockScreen />
    </AdminShell>
  );
}

/** "Gestion des Stocks": products and their pieces, kept current by the live subscription. */
function StockScreen() {
  const live = useLiveStock();
  const searchRef = useRef<HTMLInputElement>(null);
  const [searchInput, setSearchInput] = useState("");
  const search = useDebouncedValue(searchInput.trim());
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<ProductRow | null>(null);
  const [pricing, setPricing] = useState<ProductRow | null>(null);
  const [historyOf, setHistoryOf] = useState<ProductRow | null>(null);
  // « Test DB » asks first; the draft it adds is named a test and removed in one click.
  const [askingSample, setAskingSample] = useState(false);
  const [sample, setSample] = useState<{ id: number; name: string; reference: string } | null>(null);
  const sampleButton = useRef<HTMLButtonElement>(null);

  const list = trpc.products.list.useQuery(
    { search: search || undefined },
    { placeholderData: keepPreviousData },
  );

  const testProduct = trpc.products.createSample.useMutation({
    onSuccess: (product) => {
      setSample({ id: product.id, name: product.name, reference: product.reference });
      notifySuccess(TEXT.testProductAdded, `${product.name} (${product.reference})`);
    },
    onError: (error) => notifyFailure(copy.productForm.addFailed, error),
    onSettled: () => setAskingSample(false),
  });
  const removeSample = trpc.products.remove.useMutation({
    onSuccess: () => {
      setSample(null);
      notifySuccess(TEXT.testProductRemoved);
      requestAnimationFrame(() => sampleButton.current?.focus());
    },
    onError: (error) => notifyFailure(TEXT.removeFailed, error),
  });

  const remove = trpc.products.remove.useMutation({
    onSuccess: (answer, { id }) => {
      const name = removing?.id === id ? removing.name : "";
      if (answer.outcome === "archived") notifySuccess(TEXT.archivedToast, fill(TEXT.archivedText, { name }));
      else notifySuccess(TEXT.removed, name || undefined);
      setRemoving(null);
      // The row (and the button that opened the dialog) goes away: continue from the search box.
      requestAnimationFrame(() => searchRef.current?.focus());
    },
    onError: (error) => notifyFailure(TEXT.removeFailed, error),
  });

  const data = list.data;
  return (
    <div className="admin-stack">
      <div className="admin-toolbar">
        <button
          type="button"
          className="button button--primary button--small"
          onClick={() => setAdding(true)}
        >
          {TEXT.add}
        </button>
        <button
          ref={sampleButton}
          type="button"
          className="button button--ghost button--small"
          onClick={() => setAskingSample(true)}
          disabled={testProduct.isPending}
          aria-busy={testProduct.isPending || undefined}
          aria-haspopup="dialog"
        >
          {testProduct.isPending ? TEXT.testDbBusy : TEXT.testDb}
        </button>
        <LiveIndicator state={live} />
      </div>

      {sample ? (
        <div className="admin-panel admin-sample" role="status">
          <p>{fill(TEXT.testProductNotice, { name: sample.name, reference: sample.reference })}</p>
          <BusyButton
            type="button"
            className="button button--outline button--small"
            onClick={() => removeSample.mutate({ id: sample.id })}
            busy={removeSample.isPending}
            busyLabel={copy.orders.processing}
          >
            {TEXT.testProductRemove}
          </BusyButton>
        </div>
      ) : null}

      {data ? <StockSummary summary={data.summary} /> : null}

      <search className="admin-filters">
        <div className="field admin-filters__search">
          <label htmlFor="stock-search">{TEXT.search}</label>
          <div className="admin-search">
            <input
              ref={searchRef}
              id="stock-search"
              type="search"
              value={searchInput}
              maxLength={100}
              placeholder={TEXT.searchPlaceholder}
              autoComplete="off"
              aria-describedby="stock-count"
              onChange={(event) => setSearchInput(event.target.value)}
            />
            <span id="stock-count" className="admin-count" role="status">
              {data ? count(data.products.length, TEXT.countBadge) : ""}
            </span>
          </div>
        </div>
      </search>

      {list.isPending ? (
        <p role="status">{TEXT.loading}</p>
      ) : list.isError ? (
        <div role="alert" className="form-error">
          <p className="notice__title">{TEXT.loadErrorTitle}</p>
          <p>
            {TEXT.loadError} : {errorMessage(list.error)}
          </p>
        </div>
      ) : data && data.products.length === 0 ? (
        <p className="admin-empty">{TEXT.empty}</p>
      ) : data ? (
        <TableWrap stale={list.isPlaceholderData || search !== searchInput.trim()}>
          <StockTable
            products={data.products}
            onRemove={setRemoving}
            onEditPrice={setPricing}
            onHistory={setHistoryOf}
          />
        </TableWrap>
      ) : null}

      <ProductFormDialog open={adding} onClose={() => setAdding(false)} />
      <PriceDialog product={pricing} onClose={() => setPricing(null)} />
      <ProductHistoryDialog product={historyOf} onClose={() => setHistoryOf(null)} />
      <ConfirmDialog
        open={askingSample}
        title={TEXT.testConfirmTitle}
        question={TEXT.testConfirmQuestion}
        note={TEXT.testConfirmNote}
        confirmLabel={TEXT.testConfirm}
        busyLabel={TEXT.testDbBusy}
        busy={testProduct.isPending}
        tone="primary"
        finalFocus={sampleButton}
        onConfirm={() => {
          if (!testProduct.isPending) testProduct.mutate();
        }}
        onClose={() => setAskingSample(false)}
      />
      <ConfirmDialog
        open={removing !== null}
        title={TEXT.confirmRemoveTitle}
        question={fill(TEXT.confirmRemove, { name: removing?.name ?? "" })}
        note={TEXT.confirmRemoveNote}
        confirmLabel={TEXT.remove}
        busyLabel={copy.orders.processing}
        busy={remove.isPending}
        onConfirm={() => {
          if (removing && !remove.isPending) remove.mutate({ id: removing.id });
        }}
        onClose={() => setRemoving(null)}
      />
    </div>
  );
}

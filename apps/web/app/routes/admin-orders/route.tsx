import { copy } from "@souls/core/admin-copy";
import { fill } from "@souls/core/placeholders";
import { ORDER_STATUSES, type OrderStatus } from "@souls/core/statuses";
import { keepPreviousData } from "@tanstack/react-query";
import { useState } from "react";
import { AdminShell, adminLinks, adminMeta } from "~/components/admin/admin-shell";
import { BusyButton } from "~/components/admin/busy-button";
import { errorMessage, notifyError, notifySuccess } from "~/components/admin/notify";
import { Pagination } from "~/components/admin/pagination";
import { TableWrap } from "~/components/admin/table-wrap";
import { useDebouncedValue } from "~/components/admin/use-debounced-value";
import { adminPageLoader } from "~/lib/admin-session.server";
import { trpc } from "~/lib/trpc";
import { AccountingExport } from "./accounting-export";
import { OrderDetailDialog } from "./order-detail";
import { OrdersTable } from "./orders-table";

const TEXT = copy.orders;
const PAGE_SIZE = 20;

export const loader = adminPageLoader;

export const meta = adminMeta(TEXT.metaTitle);

export const links = adminLinks;

export default function AdminOrdersPage() {
  return (
    <AdminShell title={TEXT.title}>
      <OrdersScreen />
    </AdminShell>
  );
}

/**
 * "Gestion des Commandes": the orders, their filters, the shipping work of the day, and the
 * accountant's export.
 */
function OrdersScreen() {
  const utils = trpc.useUtils();
  const [status, setStatus] = useState<OrderStatus | "">("");
  const [searchInput, setSearchInput] = useState("");
  const search = useDebouncedValue(searchInput.trim());
  const [page, setPage] = useState(1);
  const [openOrder, setOpenOrder] = useState<string | null>(null);

  const list = trpc.orders.list.useQuery(
    { status: status || undefined, search: search || undefined, page, pageSize: PAGE_SIZE },
    // While another page or filter loads, the current rows stay (no jump back to "Chargement...").
    { placeholderData: keepPreviousData },
  );

  const testOrder = trpc.sampleOrders.run.useMutation({
    onSuccess: (result) => {
      const failed = result.steps.find((step) => !step.ok);
      if (failed || !result.orderNumber) {
        const reason = failed
          ? [failed.label, failed.detail].filter(Boolean).join(" — ")
          : copy.tests.failedSummary;
        notifyError(fill(TEXT.testFailed, { message: reason }));
      } else {
        notifySuccess(TEXT.testCreated, result.orderNumber);
      }
    },
    onError: (error) => notifyError(fill(TEXT.testFailed, { message: errorMessage(error) })),
    onSettled: () => utils.orders.list.invalidate(),
  });

  const data = list.data;
  return (
    <div className="admin-stack">
      <div className="admin-toolbar">
        <BusyButton
          type="button"
          className="button button--primary button--small"
          onClick={() => testOrder.mutate()}
          busy={testOrder.isPending}
          busyLabel={TEXT.creating}
        >
          {TEXT.testOrder}
        </BusyButton>
        <button
          type="button"
          className="button button--outline button--small"
          onClick={() => void list.refetch()}
          aria-busy={list.isFetching || undefined}
        >
          {copy.common.refresh}
        </button>
      </div>

      <search className="admin-filters" aria-label={TEXT.filters}>
        <div className="field">
          <label htmlFor="orders-status">{TEXT.status}</label>
          <select
            id="orders-status"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as OrderStatus | "");
              setPage(1);
            }}
          >
            <option value="">{TEXT.allStatuses}</option>
            {ORDER_STATUSES.map((code) => (
              <option key={code} value={code}>
                {copy.labels.orderStatus[code]}
              </option>
            ))}
          </select>
        </div>
        <div className="field admin-filters__search">
          <label htmlFor="orders-search">{TEXT.search}</label>
          <input
            id="orders-search"
            type="search"
            value={searchInput}
            maxLength={100}
            placeholder={TEXT.searchPlaceholder}
            autoComplete="off"
            onChange={(event) => {
              setSearchInput(event.target.value);
              setPage(1);
            }}
          />
        </div>
      </search>

      <div role="status" className="admin-status">
        {list.isPending ? (
          <p>{TEXT.loading}</p>
        ) : list.isError ? null : (
          <p className="admin-muted">{fill(TEXT.count, { n: data?.total ?? 0 })}</p>
        )}
      </div>

      {list.isError ? (
        <p role="alert" className="form-error">
          {TEXT.loadError} : {errorMessage(list.error)}
        </p>
      ) : null}

      {data && data.orders.length === 0 ? <p className="admin-empty">{TEXT.empty}</p> : null}

      {data && data.orders.length > 0 ? (
        <TableWrap stale={list.isPlaceholderData || search !== searchInput.trim()}>
          <OrdersTable orders={data.orders} onOpen={setOpenOrder} />
        </TableWrap>
      ) : null}

      {data ? (
        <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
      ) : null}

      <AccountingExport />

      <OrderDetailDialog orderNumber={openOrder} onClose={() => setOpenOrder(null)} />
    </div>
  );
}

import { useNavigate, useSearchParams } from "@remix-run/react";
import { copy, count } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { ORDER_STATUSES, type OrderStatus } from "@souls/core/statuses";
import { keepPreviousData } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { AdminShell, adminLinks, adminMeta } from "~/components/admin/admin-shell";
import { KeysetPagination } from "~/components/admin/keyset-pagination";
import { SearchFilter, SelectFilter } from "~/components/admin/list-filters";
import { errorMessage } from "~/components/admin/notify";
import { useMayCall } from "~/components/admin/role";
import { TableWrap } from "~/components/admin/table-wrap";
import { useDebouncedValue } from "~/components/admin/use-debounced-value";
import { adminPageLoader } from "~/lib/admin-session.server";
import { trpc } from "~/lib/trpc";
import { orderPath } from "~/screens";
import { AccountingExport } from "./accounting-export";
import { OrderDetailDialog } from "./order-detail";
import { OrdersTable } from "./orders-table";
import { TestOrderButton } from "./test-order-button";

const TEXT = copy.orders;
const PAGE_SIZE = 20;
/** Where the orders list becomes cards (admin.css) and an order opens on its own page. */
const PHONE_WIDTH = "(max-width: 699px)";
/** A search reads a trigram index: three characters at least (@souls/shop/admin's ORDER_SEARCH_MIN). */
const ORDER_SEARCH_MIN = 3;

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

type Page = { after: string } | { before: string } | null;

const isStatus = (value: string | null): value is OrderStatus =>
  value !== null && (ORDER_STATUSES as readonly string[]).includes(value);

/**
 * "Gestion des Commandes": the orders, their filters, the shipping work of the day, and the
 * accountant's export. `?statut=` opens it on one status, `?commande=` with one order open (the
 * home page's links, the owner's new-order e-mail).
 */
function OrdersScreen() {
  const mayCall = useMayCall();
  const [params] = useSearchParams();
  const [status, setStatus] = useState<OrderStatus | "">(() => {
    const asked = params.get("statut");
    return isStatus(asked) ? asked : "";
  });
  const [abandoned, setAbandoned] = useState(false);
  const [searchInput, setSearchInput] = useState("");
  const typed = useDebouncedValue(searchInput.trim());
  // Fewer than three characters search nothing (a trigram index needs three).
  const search = typed.length >= ORDER_SEARCH_MIN ? typed : "";
  const [page, setPage] = useState<Page>(null);
  const [openOrder, setOpenOrder] = useState<string | null>(() => params.get("commande"));
  const navigate = useNavigate();
  // A link to one order (her new-order e-mail) opened on a phone: the order's own page, where
  // every action fits the screen; on a laptop, the dialog over the list.
  useEffect(() => {
    const asked = params.get("commande");
    if (asked && window.matchMedia(PHONE_WIDTH).matches) navigate(orderPath(asked), { replace: true });
  }, [params, navigate]);

  const list = trpc.orders.list.useQuery(
    {
      status: status || undefined,
      abandoned,
      search: search || undefined,
      ...(page ?? {}),
      pageSize: PAGE_SIZE,
    },
    // While another page or filter loads, the current rows stay (no jump back to "Chargement...").
    { placeholderData: keepPreviousData },
  );
  const attention = trpc.orders.attention.useQuery();

  const data = list.data;
  const toAttend = attention.data?.orders ?? [];
  return (
    <div className="admin-stack">
      <div className="admin-toolbar">
        <button
          type="button"
          className="button button--outline button--small"
          onClick={() => {
            void list.refetch();
            void attention.refetch();
          }}
          aria-busy={list.isFetching || undefined}
        >
          {copy.common.refresh}
        </button>
        {mayCall("sampleOrders.run") ? <TestOrderButton /> : null}
      </div>

      {toAttend.length > 0 ? (
        <section aria-labelledby="orders-attention" className="admin-panel admin-panel--alert">
          <h2 id="orders-attention">{TEXT.attention}</h2>
          <p className="admin-muted">{TEXT.attentionIntro}</p>
          <TableWrap stale={false}>
            <OrdersTable orders={toAttend} onOpen={setOpenOrder} caption={TEXT.attention} />
          </TableWrap>
        </section>
      ) : null}

      <search className="admin-filters" aria-label={TEXT.filters}>
        <SelectFilter
          id="orders-status"
          label={TEXT.status}
          value={status}
          allLabel={TEXT.allStatuses}
          options={ORDER_STATUSES.map((code) => ({ code, label: copy.labels.orderStatus[code] }))}
          onChange={(value) => {
            setStatus(value);
            setPage(null);
          }}
        />
        <SearchFilter
          id="orders-search"
          label={TEXT.search}
          hint={TEXT.searchHint}
          placeholder={TEXT.searchPlaceholder}
          value={searchInput}
          onChange={(value) => {
            setSearchInput(value);
            setPage(null);
          }}
        />
        <label className="admin-check">
          <input
            type="checkbox"
            checked={abandoned}
            disabled={status !== ""}
            aria-describedby="orders-abandoned-hint"
            onChange={(event) => {
              setAbandoned(event.target.checked);
              setPage(null);
            }}
          />
          <span>{TEXT.abandoned}</span>
        </label>
        <p className="admin-hint" id="orders-abandoned-hint">
          {TEXT.abandonedHint}
        </p>
      </search>

      <div role="status" className="admin-status">
        {list.isPending ? (
          <p>{TEXT.loading}</p>
        ) : list.isError || !data ? null : (
          <p className="admin-muted">
            {data.count.capped
              ? fill(TEXT.countCapped, { n: data.count.n })
              : count(data.count.n, TEXT.count)}
          </p>
        )}
      </div>

      {list.isError ? (
        <p role="alert" className="form-error">
          {TEXT.loadError} : {errorMessage(list.error)}
        </p>
      ) : null}

      {data && data.orders.length === 0 ? <p className="admin-empty">{TEXT.empty}</p> : null}

      {data && data.orders.length > 0 ? (
        <TableWrap stale={list.isPlaceholderData || typed !== searchInput.trim()}>
          <OrdersTable orders={data.orders} onOpen={setOpenOrder} caption={TEXT.caption} />
        </TableWrap>
      ) : null}

      {data ? (
        <KeysetPagination
          label={TEXT.pages}
          newer={data.newer}
          older={data.older}
          newerLabel={TEXT.newer}
          olderLabel={TEXT.older}
          onPage={setPage}
        />
      ) : null}

      {mayCall("accounting.summary") ? <AccountingExport /> : null}

      <OrderDetailDialog orderNumber={openOrder} onClose={() => setOpenOrder(null)} />
    </div>
  );
}

import { Link } from "@remix-run/react";
import { copy, count } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import type { WaitingKind } from "@souls/shop/admin";
import { formatCents, formatDate } from "~/components/admin/format";
import { ModelThumb } from "~/components/admin/model-thumb";
import { errorMessage } from "~/components/admin/notify";
import { type RouterOutputs, trpc } from "~/lib/trpc";
import { ADMIN_PAGES } from "~/screens";
import { Audience } from "./audience";
import { SalesChart } from "./sales-chart";

const TEXT = copy.dashboard;
type Board = RouterOutputs["dashboard"]["get"];

/**
 * What waits for the owner: each kind's words and where she handles it. A kind the shop adds to
 * its list (@souls/shop/admin's WAITING) fails the type check here until it has both.
 */
const WAITING: Record<WaitingKind, { words: { one: string; many: string }; to: string }> = {
  toPrepare: { words: TEXT.waiting.toPrepare, to: `${ADMIN_PAGES.orders}?statut=pending_preparation` },
  toShip: { words: TEXT.waiting.toShip, to: `${ADMIN_PAGES.orders}?statut=prepared` },
  refundsDue: { words: TEXT.waiting.refundsDue, to: ADMIN_PAGES.orders },
  paymentsToCheck: { words: TEXT.waiting.paymentsToCheck, to: ADMIN_PAGES.orders },
  emailsFailed: { words: TEXT.waiting.emailsFailed, to: ADMIN_PAGES.emails },
  reviewsToModerate: { words: TEXT.waiting.reviewsToModerate, to: ADMIN_PAGES.reviews },
};

/** « 3 jours », « 5 heures », « 12 minutes »: how long the oldest has waited. */
function ageOf(since: string, now = Date.now()): string {
  const minutes = Math.max(1, Math.round((now - new Date(since).getTime()) / 60_000));
  const [value, unit] =
    minutes >= 2 * 24 * 60
      ? [Math.floor(minutes / (24 * 60)), "day"]
      : minutes >= 120
        ? [Math.floor(minutes / 60), "hour"]
        : [minutes, "minute"];
  return new Intl.NumberFormat("fr-FR", { style: "unit", unit, unitDisplay: "long" }).format(value);
}

/** The owner's home page: her business at a glance, what waits for her, what runs low. */
export function Dashboard() {
  const board = trpc.dashboard.get.useQuery(undefined, { refetchOnMount: "always" });
  if (board.isPending) {
    return (
      <p role="status" className="admin-muted">
        {TEXT.loading}
      </p>
    );
  }
  if (board.isError) {
    return (
      <p role="alert" className="form-error">
        {TEXT.loadError} : {errorMessage(board.error)}
      </p>
    );
  }
  return (
    <div className="admin-stack admin-dashboard">
      {/* What waits first: she reads it between the sewing table and the post office. */}
      <Waiting board={board.data} />
      <Periods board={board.data} />
      <LowStock board={board.data} />
      <SalesChart days={board.data.days} />
      <Audience />
      <section aria-labelledby="dashboard-tests" className="admin-panel">
        <h2 id="dashboard-tests">{copy.shell.tests}</h2>
        <p className="admin-muted">{TEXT.testsHint}</p>
        <p>
          <Link to={ADMIN_PAGES.tests}>{TEXT.testsLink}</Link>
        </p>
      </section>
    </div>
  );
}

function Periods({ board }: { board: Board }) {
  const periods = [
    ["today", TEXT.today, board.today],
    ["week", TEXT.week, board.week],
    ["month", TEXT.month, board.month],
  ] as const;
  return (
    <section aria-labelledby="dashboard-periods">
      <h2 id="dashboard-periods">{TEXT.periods}</h2>
      <p className="admin-muted">{TEXT.netNote}</p>
      <ul className="admin-kpis">
        {periods.map(([key, label, figures]) => (
          <li key={key} className="admin-kpi">
            <h3>{label}</h3>
            <p className="admin-kpi__value">
              <span className="admin-kpi__label">{TEXT.gross} </span>
              {formatCents(figures.salesCents)}
            </p>
            <p className="admin-kpi__net">{fill(TEXT.net, { amount: formatCents(figures.netCents) })}</p>
            {figures.withdrawnCents > 0 ? (
              <p className="admin-muted">
                {fill(TEXT.withdrawn, { amount: formatCents(figures.withdrawnCents) })}
              </p>
            ) : null}
            <p>{count(figures.orders, TEXT.orders)}</p>
            <p className="admin-muted">
              {figures.averageCents === null
                ? TEXT.noAverage
                : fill(TEXT.average, { amount: formatCents(figures.averageCents) })}
            </p>
            <p className="admin-muted">
              {figures.refunds === 0
                ? TEXT.noRefund
                : count(figures.refunds, TEXT.refunds, { amount: formatCents(figures.refundedCents) })}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Waiting({ board }: { board: Board }) {
  const lines = (Object.keys(WAITING) as WaitingKind[]).filter((kind) => board.waiting[kind].count > 0);
  const orders = board.waitingOrders;
  return (
    <section aria-labelledby="dashboard-waiting" className="admin-panel">
      <h2 id="dashboard-waiting">{TEXT.waitingTitle}</h2>
      {lines.length === 0 && board.sellerMissing.length === 0 ? (
        <p>{TEXT.nothingWaiting}</p>
      ) : (
        <ul className="admin-waiting">
          {lines.map((kind) => {
            const { count: n, since, deadline } = board.waiting[kind];
            return (
              <li key={kind}>
                <Link to={WAITING[kind].to}>{count(n, WAITING[kind].words)}</Link>
                {since ? (
                  <span className="admin-muted"> {fill(TEXT.since, { age: ageOf(since) })}</span>
                ) : null}
                {deadline ? <strong> — {fill(TEXT.deadline, { date: formatDate(deadline) })}</strong> : null}
              </li>
            );
          })}
          {orders.length > 0 ? (
            <li>
              <span id="dashboard-waiting-orders">{TEXT.waitingOrders}</span>
              <ul className="admin-waiting__orders" aria-labelledby="dashboard-waiting-orders">
                {orders.map((order) => (
                  <li key={`${order.kind}-${order.orderNumber}`}>
                    <WaitingOrderLine order={order} />
                  </li>
                ))}
              </ul>
            </li>
          ) : null}
          {board.sellerMissing.length > 0 ? (
            <li>
              <Link to={ADMIN_PAGES.seller}>{count(board.sellerMissing.length, TEXT.sellerMissing)}</Link>
            </li>
          ) : null}
        </ul>
      )}
    </section>
  );
}

/** An order named in what waits: a refund owed by its legal deadline, or a payment to check. */
function WaitingOrderLine({ order }: { order: Board["waitingOrders"][number] }) {
  const to = `${ADMIN_PAGES.orders}?commande=${encodeURIComponent(order.orderNumber)}`;
  const words = {
    orderNumber: order.orderNumber,
    customer: order.customer,
    amount: formatCents(order.amountCents),
  };
  if (order.kind === "paymentsToCheck") return <Link to={to}>{fill(TEXT.checkOrder, words)}</Link>;
  const late = order.deadline !== null && new Date(order.deadline).getTime() < Date.now();
  return (
    <>
      <Link to={to}>
        {fill(TEXT.refundOrder, { ...words, date: order.deadline ? formatDate(order.deadline) : "" })}
      </Link>
      {late ? <strong className="form-error"> ({TEXT.lateOrder})</strong> : null}
    </>
  );
}

function LowStock({ board }: { board: Board }) {
  const { threshold, models } = board.lowStock;
  return (
    <section aria-labelledby="dashboard-low-stock" className="admin-panel">
      <h2 id="dashboard-low-stock">{TEXT.lowStockTitle}</h2>
      <p className="admin-muted">{fill(TEXT.lowStockIntro, { n: threshold })}</p>
      {models.length === 0 ? (
        <p>{TEXT.noLowStock}</p>
      ) : (
        <ul className="admin-low-stock">
          {models.map((model) => (
            <li key={model.id}>
              <ModelThumb cover={model.cover} />
              <Link to={ADMIN_PAGES.stock}>{model.name}</Link>
              <span className="admin-mono admin-muted">{model.reference}</span>
              <span>{count(model.stock, TEXT.pieces)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { copy, count } from "@souls/api/admin-words";

const TEXT = copy.stock;

/** Three figures at a glance, and the spec's low-stock alert (fewer than 3 pieces available). */
export function StockSummary({
  summary,
}: {
  summary: { totalProducts: number; lowStock: number; totalStock: number };
}) {
  return (
    <>
      <section aria-label={TEXT.summary}>
        <dl className="admin-cards">
          <div className="admin-card">
            <dt>{TEXT.totalProducts}</dt>
            <dd>{summary.totalProducts}</dd>
          </div>
          <div className={summary.lowStock > 0 ? "admin-card admin-card--warn" : "admin-card"}>
            <dt>{TEXT.lowStock}</dt>
            <dd>{summary.lowStock}</dd>
          </div>
          <div className="admin-card">
            <dt>{TEXT.totalStock}</dt>
            <dd>{summary.totalStock}</dd>
          </div>
        </dl>
      </section>
      {summary.lowStock > 0 ? (
        <p className="admin-alert">{count(summary.lowStock, TEXT.lowStockAlert)}</p>
      ) : null}
    </>
  );
}

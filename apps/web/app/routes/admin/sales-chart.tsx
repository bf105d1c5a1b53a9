import { copy, count } from "@souls/core/admin-copy";
import { fill } from "@souls/core/placeholders";
import { formatCents, formatDate } from "~/components/admin/format";

const TEXT = copy.dashboard;
const WIDTH = 900;
const HEIGHT = 180;

/**
 * The sales of the last 90 days as bars, for the eye, with the same figures as a table for
 * everyone (a screen reader, a keyboard, a printed page): the drawing is hidden from assistive
 * technologies, its summary says what it shows, the table behind it says every day.
 */
export function SalesChart({ days }: { days: { day: string; salesCents: number; orders: number }[] }) {
  const highest = Math.max(1, ...days.map((day) => day.salesCents));
  const slot = WIDTH / days.length;
  const total = days.reduce((sum, day) => sum + day.salesCents, 0);
  const orders = days.reduce((sum, day) => sum + day.orders, 0);
  const dateOf = (day: string) => formatDate(`${day}T12:00:00Z`);
  const first = days[0]?.day ?? "";
  const last = days.at(-1)?.day ?? "";
  return (
    <section aria-labelledby="dashboard-chart" className="admin-panel">
      <h2 id="dashboard-chart">{TEXT.chartTitle}</h2>
      <figure className="admin-chart">
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          aria-hidden="true"
          focusable="false"
        >
          <line x1="0" y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className="admin-chart__axis" />
          {days.map((day, index) => {
            const height = (day.salesCents / highest) * (HEIGHT - 4);
            return (
              <rect
                key={day.day}
                x={index * slot + slot * 0.15}
                y={HEIGHT - height}
                width={slot * 0.7}
                height={height}
                className="admin-chart__bar"
              />
            );
          })}
        </svg>
        <figcaption>
          {fill(TEXT.chartSummary, {
            sales: formatCents(total),
            orders: count(orders, TEXT.orders),
            from: first ? dateOf(first) : "",
            to: last ? dateOf(last) : "",
          })}
        </figcaption>
      </figure>
      <details className="admin-chart__details">
        <summary>{TEXT.chartTable}</summary>
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--compact">
            <caption className="visually-hidden">{TEXT.chartTitle}</caption>
            <thead>
              <tr>
                <th scope="col">{TEXT.chartDay}</th>
                <th scope="col" className="admin-table__number">
                  {TEXT.chartSales}
                </th>
                <th scope="col" className="admin-table__number">
                  {TEXT.chartOrders}
                </th>
              </tr>
            </thead>
            <tbody>
              {[...days].reverse().map((day) => (
                <tr key={day.day}>
                  <th scope="row">
                    <time dateTime={day.day}>{dateOf(day.day)}</time>
                  </th>
                  <td className="admin-table__number">{formatCents(day.salesCents)}</td>
                  <td className="admin-table__number">{day.orders}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}

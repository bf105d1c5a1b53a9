import { copy, count } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { DailyFiguresTable, dayOf } from "~/components/admin/daily-figures";
import { formatCents } from "~/components/admin/format";

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
            from: first ? dayOf(first) : "",
            to: last ? dayOf(last) : "",
          })}
        </figcaption>
      </figure>
      <DailyFiguresTable
        summary={TEXT.chartTable}
        caption={TEXT.chartTitle}
        dayHeader={TEXT.chartDay}
        columns={[
          { header: TEXT.chartSales, value: (day) => formatCents(day.salesCents) },
          { header: TEXT.chartOrders, value: (day) => day.orders },
        ]}
        days={days}
      />
    </section>
  );
}

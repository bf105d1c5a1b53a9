import type { ReactNode } from "react";
import { formatDate } from "./format";

/** A Paris day (`YYYY-MM-DD`) as the panel writes it. */
export const dayOf = (day: string) => formatDate(`${day}T12:00:00Z`);

/**
 * A chart's figures as a table under its own « (tableau) » summary, newest day first: what a
 * screen reader, or an owner who wants the numbers, reads instead of the drawing.
 */
export function DailyFiguresTable<Day extends { day: string }>({
  summary,
  caption,
  dayHeader,
  columns,
  days,
}: {
  summary: string;
  caption: string;
  dayHeader: string;
  columns: { header: string; value: (day: Day) => ReactNode }[];
  days: readonly Day[];
}) {
  return (
    <details className="admin-chart__details">
      <summary>{summary}</summary>
      <div className="admin-table-wrap">
        <table className="admin-table admin-table--compact">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{dayHeader}</th>
              {columns.map((column) => (
                <th key={column.header} scope="col" className="admin-table__number">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[...days].reverse().map((day) => (
              <tr key={day.day}>
                <th scope="row">
                  <time dateTime={day.day}>{dayOf(day.day)}</time>
                </th>
                {columns.map((column) => (
                  <td key={column.header} className="admin-table__number">
                    {column.value(day)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

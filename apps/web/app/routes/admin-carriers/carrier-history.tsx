import { copy, labelOf } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { formatDateTime } from "~/components/admin/format";
import type { RouterOutputs } from "~/lib/trpc";

const TEXT = copy.carriers;

/** Who added, renamed, re-addressed, retired or brought back a carrier, newest first. */
export function CarrierHistory({ history }: { history: RouterOutputs["carriers"]["list"]["history"] }) {
  return (
    <section className="admin-panel" aria-labelledby="carriers-history">
      <h2 id="carriers-history">{TEXT.history}</h2>
      {history.length === 0 ? (
        <p>{TEXT.noHistory}</p>
      ) : (
        <table className="admin-table">
          <caption className="visually-hidden">{TEXT.history}</caption>
          <thead>
            <tr>
              <th scope="col">{TEXT.when}</th>
              <th scope="col">{TEXT.carrier}</th>
              <th scope="col">{TEXT.what}</th>
              <th scope="col">{TEXT.who}</th>
            </tr>
          </thead>
          <tbody>
            {history.map((line) => (
              <tr key={line.id}>
                <td data-label={TEXT.when}>
                  <time dateTime={line.createdAt}>{formatDateTime(line.createdAt)}</time>
                </td>
                <td data-label={TEXT.carrier}>{line.carrierName}</td>
                <td data-label={TEXT.what}>
                  {labelOf(copy.labels.carrierEvent, line.kind)}
                  {line.before !== null && line.after !== null ? (
                    <>
                      <br />
                      <span className="admin-muted admin-mono">
                        {fill(TEXT.change, { before: line.before, after: line.after })}
                      </span>
                    </>
                  ) : line.after !== null ? (
                    <>
                      <br />
                      <span className="admin-muted admin-mono">{line.after}</span>
                    </>
                  ) : null}
                </td>
                <td data-label={TEXT.who}>{line.actorName ?? copy.common.dash}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

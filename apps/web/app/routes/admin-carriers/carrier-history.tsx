import { copy, labelOf } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { PanelSection, PanelTable, whenColumn } from "~/components/admin/panel-table";
import type { RouterOutputs } from "~/lib/trpc";

const TEXT = copy.carriers;

/** Who added, renamed, re-addressed, retired or brought back a carrier, newest first. */
export function CarrierHistory({ history }: { history: RouterOutputs["carriers"]["list"]["history"] }) {
  return (
    <PanelSection id="carriers-history" title={TEXT.history}>
      {history.length === 0 ? (
        <p>{TEXT.noHistory}</p>
      ) : (
        <PanelTable
          caption={TEXT.history}
          rows={history}
          rowKey={(line) => line.id}
          columns={[
            whenColumn(TEXT.when),
            { label: TEXT.carrier, cell: (line) => line.carrierName },
            { label: TEXT.what, cell: whatOf },
            { label: TEXT.who, cell: (line) => line.actorName ?? copy.common.dash },
          ]}
        />
      )}
    </PanelSection>
  );
}

/** What happened, and the address before and after (or the new one) under it. */
function whatOf(line: RouterOutputs["carriers"]["list"]["history"][number]) {
  const change =
    line.before !== null && line.after !== null
      ? fill(TEXT.change, { before: line.before, after: line.after })
      : line.after;
  return (
    <>
      {labelOf(copy.labels.carrierEvent, line.kind)}
      {change !== null ? (
        <>
          <br />
          <span className="admin-muted admin-mono">{change}</span>
        </>
      ) : null}
    </>
  );
}

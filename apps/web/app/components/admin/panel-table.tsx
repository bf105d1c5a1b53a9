import type { ReactNode } from "react";
import { formatDateTime } from "./format";

/** One column of a panel table: its heading and what each row shows in it. */
export interface Column<Row> {
  /** The heading, also each cell's `data-label` (a phone shows the table as cards). */
  label: string;
  /** The heading is read by screen readers only (a column of buttons). */
  hiddenLabel?: boolean;
  /** The cell names its row (`<th scope="row">`). */
  rowHeader?: boolean;
  cell: (row: Row) => ReactNode;
}

/**
 * A table of the panel: its caption for screen readers, its headings, and a row an item whose
 * cells carry their heading for the phone's cards.
 */
export function PanelTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
}) {
  return (
    <table className="admin-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.label} scope="col">
              {column.hiddenLabel ? <span className="visually-hidden">{column.label}</span> : column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((column) =>
              column.rowHeader ? (
                <th key={column.label} scope="row" data-label={column.label}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={column.label} data-label={column.label}>
                  {column.cell(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A history's « Quand » column: the moment, in Paris time, machine-readable. */
export function whenColumn<Row extends { createdAt: string }>(label: string): Column<Row> {
  return {
    label,
    cell: (row) => <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>,
  };
}

/** A titled panel of a page, named by its heading for screen readers. */
export function PanelSection({
  id,
  title,
  className = "admin-panel",
  children,
}: {
  /** The heading's id. */
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

const ROW_BUTTON_CLASS = {
  outline: "button button--outline button--small",
  "outline-danger": "button button--outline button--small admin-danger-text",
  ghost: "button button--ghost button--small",
  "ghost-danger": "button button--ghost button--small admin-danger-text",
  danger: "button button--danger button--small",
} as const;

/** A small button of a row or a card: « Modifier », « Retirer »… with the name it acts on. */
export function RowButton({
  label,
  ariaLabel,
  onClick,
  tone = "outline",
  opensDialog = false,
}: {
  label: string;
  /** What it acts on, for screen readers (« Modifier Colissimo »). */
  ariaLabel: string;
  onClick: () => void;
  /** `-danger`: in the danger colour; `danger`: a filled danger button. */
  tone?: keyof typeof ROW_BUTTON_CLASS;
  /** It opens a dialog (`aria-haspopup`). */
  opensDialog?: boolean;
}) {
  return (
    <button
      type="button"
      className={ROW_BUTTON_CLASS[tone]}
      aria-label={ariaLabel}
      aria-haspopup={opensDialog ? "dialog" : undefined}
      onClick={onClick}
    >
      {label}
    </button>
  );
}

import type { ReactNode } from "react";

/**
 * A table's frame. While its rows do not answer what is typed yet (the search waits for a pause,
 * then loads) they stay, dimmed, and say so to screen readers — and to tests, which measure a
 * settled table.
 */
export function TableWrap({ stale, children }: { stale: boolean; children: ReactNode }) {
  return (
    <div
      className={stale ? "admin-table-wrap admin-table-wrap--stale" : "admin-table-wrap"}
      aria-busy={stale || undefined}
    >
      {children}
    </div>
  );
}

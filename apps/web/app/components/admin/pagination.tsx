import { copy } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";

/** Previous / next between pages of a list, with where the owner is ("Page 2 sur 5"). */
export function Pagination({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="admin-pagination" aria-label={copy.common.pagination}>
      <button
        type="button"
        className="button button--outline button--small"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {copy.common.previous}
      </button>
      <p className="admin-pagination__where" aria-live="polite">
        {fill(copy.common.page, { page, pages })}
      </p>
      <button
        type="button"
        className="button button--outline button--small"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {copy.common.next}
      </button>
    </nav>
  );
}

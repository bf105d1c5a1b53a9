/**
 * Newer / older pages of a long list (the orders, the sign-ups, the e-mails): each page starts
 * from the last row the previous one showed, so the hundredth page costs what the first does.
 */
export function KeysetPagination({
  label,
  newer,
  older,
  newerLabel,
  olderLabel,
  onPage,
}: {
  /** What the navigation is called for a screen reader: « Pages de commandes ». */
  label: string;
  newer: string | null;
  older: string | null;
  newerLabel: string;
  olderLabel: string;
  onPage: (page: { before: string } | { after: string }) => void;
}) {
  if (!newer && !older) return null;
  return (
    <nav className="admin-pagination" aria-label={label}>
      <button
        type="button"
        className="button button--outline button--small"
        disabled={!newer}
        onClick={() => newer && onPage({ before: newer })}
      >
        ← {newerLabel}
      </button>
      <button
        type="button"
        className="button button--outline button--small"
        disabled={!older}
        onClick={() => older && onPage({ after: older })}
      >
        {olderLabel} →
      </button>
    </nav>
  );
}

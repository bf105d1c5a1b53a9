import { Link } from "@remix-run/react";
import { copy, count } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { keepPreviousData } from "@tanstack/react-query";
import { useState } from "react";
import { AdminShell, adminLinks, adminMeta } from "~/components/admin/admin-shell";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { KeysetPagination } from "~/components/admin/keyset-pagination";
import { errorMessage, notifyError, notifySuccess } from "~/components/admin/notify";
import { adminPageLoader } from "~/lib/admin-session.server";
import { isUnauthorized, trpc } from "~/lib/trpc";
import { ADMIN_PAGES } from "~/screens";
import { EmailStats } from "./email-stats";
import { EmailTable } from "./email-table";
import { EmailViewDialog } from "./email-view-dialog";

const TEXT = copy.emails;

export const loader = adminPageLoader;

export const meta = adminMeta(TEXT.metaTitle);

export const links = adminLinks;

export default function AdminEmailPage() {
  return (
    <AdminShell title={TEXT.title}>
      <EmailScreen />
    </AdminShell>
  );
}

// Reading the list is logged as an access (email_access_log): fetch it when asked, not on focus.
const LOGGED_READ = { refetchOnWindowFocus: false } as const;

/** The outgoing e-mail queue: figures, the last 20 messages, retries and the 2-year clean-up. */
function EmailScreen() {
  const utils = trpc.useUtils();
  const stats = trpc.emails.stats.useQuery(undefined, LOGGED_READ);
  // The pages seen so far, newest first: each older page starts after the last row of the one before.
  const [pages, setPages] = useState<string[]>([]);
  const after = pages.at(-1);
  const recent = trpc.emails.recent.useQuery(after ? { after } : undefined, {
    ...LOGGED_READ,
    placeholderData: keepPreviousData,
  });
  const [viewing, setViewing] = useState<number | null>(null);
  const [confirmingCleanup, setConfirmingCleanup] = useState(false);

  const cleanup = trpc.emails.cleanup.useMutation({
    onSuccess: ({ deleted }) => {
      setConfirmingCleanup(false);
      notifySuccess(count(deleted, TEXT.cleanupDone));
    },
    onError: (error) => {
      setConfirmingCleanup(false);
      if (!isUnauthorized(error)) notifyError(fill(TEXT.cleanupFailed, { message: errorMessage(error) }));
    },
  });

  const loadError = stats.error ?? recent.error;
  const emails = recent.data?.emails;
  const refreshing = stats.isFetching || recent.isFetching;

  return (
    <div className="admin-stack">
      <div className="admin-toolbar">
        <button
          type="button"
          className="button button--outline button--small"
          onClick={() => void utils.emails.invalidate()}
          aria-busy={refreshing || undefined}
        >
          {copy.common.refresh}
        </button>
        <button
          type="button"
          className="button button--outline button--small"
          aria-haspopup="dialog"
          onClick={() => setConfirmingCleanup(true)}
        >
          {TEXT.cleanup}
        </button>
        <p className="admin-toolbar__links">
          <Link to={ADMIN_PAGES.orders} className="text-link">
            {TEXT.ordersLink}
          </Link>
          <a href="/" className="text-link">
            {TEXT.homeLink}
          </a>
        </p>
      </div>

      {loadError ? (
        <p role="alert" className="form-error">
          {fill(TEXT.loadError, { message: errorMessage(loadError) })}
        </p>
      ) : null}

      {stats.data ? <EmailStats stats={stats.data} /> : null}

      {recent.isPending ? (
        <p role="status">{copy.common.loading}</p>
      ) : emails && emails.length === 0 ? (
        <p className="admin-empty">{TEXT.empty}</p>
      ) : emails ? (
        <div className="admin-table-wrap">
          <EmailTable emails={emails} onView={setViewing} />
        </div>
      ) : null}
      {recent.data ? (
        <KeysetPagination
          label={TEXT.pages}
          newer={pages.length > 0 ? "newer" : null}
          older={recent.data.older}
          newerLabel={TEXT.newer}
          olderLabel={TEXT.older}
          onPage={(page) => setPages((seen) => ("after" in page ? [...seen, page.after] : seen.slice(0, -1)))}
        />
      ) : null}

      <EmailViewDialog emailId={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        open={confirmingCleanup}
        title={TEXT.cleanupTitle}
        question={TEXT.cleanupConfirm}
        confirmLabel={TEXT.cleanupAction}
        busyLabel={TEXT.cleaning}
        busy={cleanup.isPending}
        onConfirm={() => {
          if (!cleanup.isPending) cleanup.mutate();
        }}
        onClose={() => setConfirmingCleanup(false)}
      />
    </div>
  );
}

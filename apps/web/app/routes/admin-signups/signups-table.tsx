import { copy, count } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { useState } from "react";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { formatDate } from "~/components/admin/format";
import { notifyFailure, notifySuccess } from "~/components/admin/notify";
import { Badge } from "~/components/admin/status-badge";
import { type RouterOutputs, trpc } from "~/lib/trpc";

type Signup = RouterOutputs["signups"]["list"]["signups"][number];
const TEXT = copy.signups;
const COLUMNS = TEXT.columns;

/** The sign-ups, newest first, addresses masked (decision 027); on a phone each row is a card. */
export function SignupsTable({ signups }: { signups: Signup[] }) {
  const [deleting, setDeleting] = useState<Signup | null>(null);
  return (
    <>
      <table className="admin-table">
        <caption className="visually-hidden">{TEXT.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{COLUMNS.email}</th>
            <th scope="col">{COLUMNS.list}</th>
            <th scope="col">{COLUMNS.signedUp}</th>
            <th scope="col">{COLUMNS.confirmed}</th>
            <th scope="col">{COLUMNS.actions}</th>
          </tr>
        </thead>
        <tbody>
          {signups.map((signup) => (
            <tr key={signup.id}>
              <th scope="row" data-label={COLUMNS.email} className="admin-table__email">
                {signup.email}
                {signup.name ? <span className="admin-cell-note">{signup.name}</span> : null}
              </th>
              <td data-label={COLUMNS.list}>
                {copy.labels.signupList[signup.source]}
                {signup.model ? <span className="admin-cell-note">{signup.model}</span> : null}
              </td>
              <td data-label={COLUMNS.signedUp}>
                <time dateTime={signup.signedUpAt}>{formatDate(signup.signedUpAt)}</time>
              </td>
              <td data-label={COLUMNS.confirmed}>
                {signup.confirmedAt ? (
                  fill(TEXT.confirmedOn, { date: formatDate(signup.confirmedAt) })
                ) : (
                  <Badge tone="muted">{TEXT.unconfirmed}</Badge>
                )}
                {signup.notifiedAt ? (
                  <span className="admin-cell-note">
                    {fill(TEXT.notifiedOn, { date: formatDate(signup.notifiedAt) })}
                  </span>
                ) : null}
              </td>
              <td data-label={COLUMNS.actions}>
                <button
                  type="button"
                  className="button button--outline button--small admin-danger-text"
                  aria-haspopup="dialog"
                  aria-label={fill(TEXT.deleteLabel, { email: signup.email })}
                  onClick={() => setDeleting(signup)}
                >
                  {TEXT.delete}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {deleting ? <DeleteDialog signup={deleting} onClose={() => setDeleting(null)} /> : null}
    </>
  );
}

/** Asks before an address leaves every list, naming it in full. */
function DeleteDialog({ signup, onClose }: { signup: Signup; onClose: () => void }) {
  const address = trpc.signups.address.useQuery({ id: signup.id });
  const utils = trpc.useUtils();
  const remove = trpc.signups.delete.useMutation({
    onSuccess: ({ deleted }) => {
      notifySuccess(TEXT.deleted, count(deleted, TEXT.deletedText));
      void utils.signups.list.invalidate();
      onClose();
    },
    onError: (error) => notifyFailure(TEXT.deleteFailed, error),
  });
  return (
    <ConfirmDialog
      open
      title={TEXT.deleteTitle}
      question={fill(TEXT.deleteQuestion, { email: address.data?.email ?? signup.email })}
      note={TEXT.deleteNote}
      confirmLabel={TEXT.delete}
      busyLabel={TEXT.deleting}
      busy={remove.isPending}
      onConfirm={() => remove.mutate({ id: signup.id })}
      onClose={onClose}
    />
  );
}

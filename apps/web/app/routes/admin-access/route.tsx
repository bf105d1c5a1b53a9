import { copy } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { AdminShell, adminLinks, adminMeta } from "~/components/admin/admin-shell";
import { errorMessage } from "~/components/admin/notify";
import { adminPageLoader } from "~/lib/admin-session.server";
import { trpc } from "~/lib/trpc";
import { NameForm } from "./name-form";
import { PasswordForm } from "./password-form";
import { PeoplePanel } from "./people-panel";
import { SessionsPanel } from "./sessions-panel";

const TEXT = copy.access;

export const loader = adminPageLoader;

export const meta = adminMeta(TEXT.metaTitle);

export const links = adminLinks;

export default function AdminAccessPage() {
  return (
    <AdminShell title={TEXT.title}>
      <AccessScreen />
    </AdminShell>
  );
}

/**
 * « Mon accès » (decision 043): her password, her sessions; for the owner, her helpers' accesses
 * and the history of them all.
 */
function AccessScreen() {
  const me = trpc.access.me.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  if (me.isPending) return <p role="status">{TEXT.loading}</p>;
  if (me.isError) {
    return (
      <p role="alert" className="form-error">
        {TEXT.loadError} : {errorMessage(me.error)}
      </p>
    );
  }
  return (
    <div className="admin-stack">
      <p className="admin-muted">
        {me.data.name === copy.labels.role[me.data.role]
          ? fill(TEXT.signedInAsRole, { role: copy.labels.role[me.data.role] })
          : fill(TEXT.signedInAs, { name: me.data.name, role: copy.labels.role[me.data.role] })}
      </p>
      <NameForm current={me.data.name} />
      <PasswordForm />
      <SessionsPanel />
      {me.data.role === "owner" ? <PeoplePanel /> : null}
    </div>
  );
}

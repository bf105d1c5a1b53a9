import { copy } from "@souls/api/admin-words";
import { AdminShell, adminLinks, adminMeta } from "~/components/admin/admin-shell";
import { errorMessage } from "~/components/admin/notify";
import { adminPageLoader } from "~/lib/admin-session.server";
import { trpc } from "~/lib/trpc";
import { CarrierHistory } from "./carrier-history";
import { CarriersPanel } from "./carriers-panel";

const TEXT = copy.carriers;

export const loader = adminPageLoader;

export const meta = adminMeta(TEXT.metaTitle);

export const links = adminLinks;

export default function AdminCarriersPage() {
  return (
    <AdminShell title={TEXT.title}>
      <CarriersScreen />
    </AdminShell>
  );
}

/** « Transporteurs » (decision 050): her carriers, their tracking addresses, and the history of both. */
function CarriersScreen() {
  const list = trpc.carriers.list.useQuery();
  if (list.isPending) return <p role="status">{TEXT.loading}</p>;
  if (list.isError) {
    return (
      <p role="alert" className="form-error">
        {TEXT.loadError} : {errorMessage(list.error)}
      </p>
    );
  }
  return (
    <div className="admin-stack">
      <p className="admin-muted">{TEXT.intro}</p>
      <CarriersPanel carriers={list.data.carriers} maxCarriers={list.data.maxCarriers} />
      <CarrierHistory history={list.data.history} />
    </div>
  );
}

import { copy } from "@souls/api/admin-words";
import { AdminShell, adminLinks, adminMeta } from "~/components/admin/admin-shell";
import { errorMessage } from "~/components/admin/notify";
import { adminPageLoader } from "~/lib/admin-session.server";
import { trpc } from "~/lib/trpc";
import { DeliveryZones } from "./delivery-zones";

const TEXT = copy.delivery;

export const loader = adminPageLoader;

export const meta = adminMeta(TEXT.metaTitle);

export const links = adminLinks;

export default function AdminDeliveryPage() {
  return (
    <AdminShell title={TEXT.title}>
      <DeliveryScreen />
    </AdminShell>
  );
}

/** « Livraison »: her delivery zones, their prices, free delivery and times (decision 049). */
function DeliveryScreen() {
  const delivery = trpc.delivery.get.useQuery();
  if (delivery.isPending) return <p role="status">{TEXT.loading}</p>;
  if (delivery.isError) {
    return (
      <p role="alert" className="form-error">
        {TEXT.loadError} : {errorMessage(delivery.error)}
      </p>
    );
  }
  return <DeliveryZones data={delivery.data} />;
}

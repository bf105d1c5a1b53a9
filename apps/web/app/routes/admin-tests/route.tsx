import { copy } from "@souls/api/admin-words";
import { AdminShell, adminLinks, adminMeta } from "~/components/admin/admin-shell";
import { adminPageLoader } from "~/lib/admin-session.server";
import { SampleOrdersPanel } from "./sample-orders-panel";

export const loader = adminPageLoader;

export const meta = adminMeta("Administration – Tests – SOULS");

export const links = adminLinks;

/** The spec's "Administration - Tests" page: a whole order through the shop with the test payment. */
export default function AdminTestsPage() {
  return (
    <AdminShell title={copy.tests.title}>
      <SampleOrdersPanel />
    </AdminShell>
  );
}

import { copy } from "@souls/api/admin-words";
import { AdminShell, adminLinks, adminMeta } from "~/components/admin/admin-shell";
import { errorMessage } from "~/components/admin/notify";
import { adminPageLoader } from "~/lib/admin-session.server";
import { trpc } from "~/lib/trpc";
import { SettingsForm } from "./settings-form";

const TEXT = copy.settings;

export const loader = adminPageLoader;

export const meta = adminMeta(TEXT.metaTitle);

export const links = adminLinks;

export default function AdminSettingsPage() {
  return (
    <AdminShell title={TEXT.title}>
      <SettingsScreen />
    </AdminShell>
  );
}

/** « Réglages »: the owner's own e-mails, her low-stock threshold, the VAT regime of new sales. */
function SettingsScreen() {
  const settings = trpc.settings.get.useQuery();
  if (settings.isPending) return <p role="status">{TEXT.loading}</p>;
  if (settings.isError) {
    return (
      <p role="alert" className="form-error">
        {TEXT.loadError} : {errorMessage(settings.error)}
      </p>
    );
  }
  return <SettingsForm current={settings.data} />;
}

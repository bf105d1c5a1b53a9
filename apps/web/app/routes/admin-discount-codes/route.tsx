import { copy } from "@souls/api/admin-words";
import { AdminShell, adminLinks, adminMeta } from "~/components/admin/admin-shell";
import { adminPageLoader } from "~/lib/admin-session.server";
import { CodeList } from "./code-list";
import { NewCode } from "./new-code";

const TEXT = copy.discountCodes;

export const loader = adminPageLoader;

export const meta = adminMeta(TEXT.metaTitle);

export const links = adminLinks;

export default function AdminDiscountCodesPage() {
  return (
    <AdminShell title={TEXT.title}>
      <div className="admin-stack">
        <p className="admin-muted">{TEXT.intro}</p>
        <NewCode />
        <CodeList />
      </div>
    </AdminShell>
  );
}

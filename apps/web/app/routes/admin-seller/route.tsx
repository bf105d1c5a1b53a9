import { copy } from "@souls/core/admin-copy";
import { AdminShell, adminLinks, adminMeta } from "~/components/admin/admin-shell";
import { errorMessage } from "~/components/admin/notify";
import { adminPageLoader } from "~/lib/admin-session.server";
import { trpc } from "~/lib/trpc";
import { SellerForm } from "./seller-form";

const TEXT = copy.seller;

export const loader = adminPageLoader;

export const meta = adminMeta(TEXT.metaTitle);

export const links = adminLinks;

export default function AdminSellerPage() {
  return (
    <AdminShell title={TEXT.title}>
      <SellerScreen />
    </AdminShell>
  );
}

/** "Ma boutique": the seller's identity, which every legal page, the footer and the e-mails show. */
function SellerScreen() {
  const seller = trpc.seller.get.useQuery();
  return (
    <div className="admin-stack admin-seller">
      <p className="admin-muted">{TEXT.intro}</p>
      {seller.isPending ? (
        <p role="status">{TEXT.loading}</p>
      ) : seller.isError ? (
        <div role="alert" className="form-error">
          <p>
            {TEXT.loadError} : {errorMessage(seller.error)}
          </p>
        </div>
      ) : (
        <SellerForm seller={seller.data} />
      )}
    </div>
  );
}

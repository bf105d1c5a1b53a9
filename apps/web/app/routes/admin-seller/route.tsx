import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { copy } from "@souls/api/admin-words";
import { AdminShell, adminLinks, adminMeta } from "~/components/admin/admin-shell";
import { errorMessage } from "~/components/admin/notify";
import { feedAddresses } from "~/lib/feeds.server";
import { trpc } from "~/lib/trpc";
import { FeedAddresses } from "./feed-addresses";
import { noticesForPanel } from "./guarantee-notice.server";
import { GuaranteeNoticeForms } from "./guarantee-notice-form";
import { saveSellerFromForm, sellerForPage } from "./seller.server";
import { SellerForm } from "./seller-form";

const TEXT = copy.seller;

/** The seller comes with the page, so the form shows and saves without JavaScript too. */
export const loader = async ({ request }: LoaderFunctionArgs) => ({
  ...(await sellerForPage(request)),
  ...(await noticesForPanel(request)),
  feeds: feedAddresses(),
});

export const action = ({ request }: ActionFunctionArgs) => saveSellerFromForm(request);

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
  const { seller: first, notices, noticeDone, feeds } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const seller = trpc.seller.get.useQuery(undefined, { initialData: first });
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
        <SellerForm seller={seller.data} refusal={refusal} />
      )}
      <GuaranteeNoticeForms notices={notices} done={noticeDone} />
      <FeedAddresses feeds={feeds} />
    </div>
  );
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { copy } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { AdminShell, adminLinks } from "~/components/admin/admin-shell";
import { requireAdmin } from "~/lib/admin-session.server";
import { ADMIN_PAGES } from "~/screens";
import { OrderDetail } from "../admin-orders/order-detail";

const TEXT = copy.orderPage;

/** An order number's shape (`SOULS-…`); anything else is no page, before any query. */
const ORDER_NUMBER = /^[A-Za-z0-9_-]{1,40}$/;

/** The owner's session first; the order itself comes through the admin API (orders.detail). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const orderNumber = params.orderNumber ?? "";
  if (!ORDER_NUMBER.test(orderNumber)) {
    throw new Response("Not Found", { status: 404, headers: { "Cache-Control": "no-store" } });
  }
  return { orderNumber };
}

export const meta = ({ data }: { data?: { orderNumber: string } }) => [
  { title: fill(TEXT.metaTitle, { orderNumber: data?.orderNumber ?? "" }) },
  { name: "robots", content: "noindex" },
];

export const links = adminLinks;

/**
 * An order on a page of its own, `/admin-orders/SOULS-…`: the address she bookmarks or sends,
 * and where the orders list leads on a phone. Everything the list's row and its dialog offer is
 * here: shipping, refunds, cancellation, papers, the address, the e-mails again.
 */
export default function AdminOrderPage() {
  const { orderNumber } = useLoaderData<typeof loader>();
  return (
    <AdminShell title={fill(copy.orderDetail.title, { orderNumber })}>
      <div className="admin-stack">
        <p>
          <Link to={ADMIN_PAGES.orders} className="text-link">
            <span aria-hidden="true">← </span>
            {TEXT.back}
          </Link>
        </p>
        {/* Another order remounts the page: nothing of the last one's dialogs is kept. */}
        <OrderDetail key={orderNumber} orderNumber={orderNumber} onPage />
      </div>
    </AdminShell>
  );
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { renderEmail } from "@souls/emails";
import { emailForViewing } from "@souls/shop/admin";
import { AdminNotFoundError } from "@souls/shop/errors";
import { adminSession } from "~/lib/admin-session.server";
import { db } from "~/lib/db.server";
import { sellerEmailContext } from "~/lib/seller.server";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * One queued e-mail's HTML, for the frame of the owner's e-mail view. E-mails are styled inline,
 * so this answer alone allows inline styles, under a sandbox and nothing else: the admin pages
 * themselves never need `'unsafe-inline'`. Each look is logged, like the view itself.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!(await adminSession(request))) return new Response("Unauthorized", { status: 401, headers: NO_STORE });
  const id = Number(params.id);
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) {
    return new Response("Not Found", { status: 404, headers: NO_STORE });
  }
  let message: Awaited<ReturnType<typeof emailForViewing>>;
  try {
    message = await emailForViewing(db, id, "admin_preview");
  } catch (error) {
    if (error instanceof AdminNotFoundError)
      return new Response("Not Found", { status: 404, headers: NO_STORE });
    throw error;
  }
  const { html } = await renderEmail(message, await sellerEmailContext());
  return new Response(html, {
    headers: {
      ...NO_STORE,
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy":
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox; frame-ancestors 'self'",
      "X-Frame-Options": "SAMEORIGIN",
      "Referrer-Policy": "no-referrer",
    },
  });
}

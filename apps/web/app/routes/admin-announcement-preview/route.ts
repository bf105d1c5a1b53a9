import type { LoaderFunctionArgs } from "@remix-run/node";
import { renderEmail } from "@souls/emails";
import { AnnouncementRefusedError, announcementPreview } from "@souls/shop/announcements";
import { adminSession } from "~/lib/admin-session.server";
import { db } from "~/lib/db.server";
import { sessionSecret } from "~/lib/env.server";
import { sellerEmailContext } from "~/lib/seller.server";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * An announcement's e-mail as a subscriber of `?langue=fr|en` reads it, for the frame of
 * « Annonces » (at a phone's width or a desktop's). As the e-mail view's preview: inline styles
 * allowed for this answer only, under an empty sandbox; its links name no subscriber.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!(await adminSession(request))) return new Response("Unauthorized", { status: 401, headers: NO_STORE });
  const id = Number(params.id);
  const locale = new URL(request.url).searchParams.get("langue") ?? "fr";
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647 || (locale !== "fr" && locale !== "en")) {
    return new Response("Not Found", { status: 404, headers: NO_STORE });
  }
  let message: Awaited<ReturnType<typeof announcementPreview>>;
  try {
    message = await announcementPreview(db, id, locale, sessionSecret);
  } catch (error) {
    if (error instanceof AnnouncementRefusedError)
      return new Response("Not Found", { status: 404, headers: NO_STORE });
    throw error;
  }
  const { html } = await renderEmail(message, await sellerEmailContext());
  return new Response(html, {
    headers: {
      ...NO_STORE,
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy":
        "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; sandbox; frame-ancestors 'self'",
      "X-Frame-Options": "SAMEORIGIN",
      "Referrer-Policy": "no-referrer",
    },
  });
}

import type { Locale } from "@souls/core/locales";
import { guaranteeNotices } from "@souls/shop/guarantee-notice";
import type { ShownGuaranteeNotice } from "~/components/guarantee-notice";
import { ENDPOINTS } from "~/screens";
import { catalogueVersion, keepCollection } from "./catalogue.server";
import { pagesDb } from "./db.server";

/**
 * The notices the owner uploaded, read once per catalogue version like the seller: an upload or a
 * removal is a NOTIFY on the products channel (its table's trigger), so every server reads them
 * again at its next request and its kept pages are emptied.
 */
const shownNotices = keepCollection(() => guaranteeNotices(pagesDb), catalogueVersion);

/** The page's language's notice as a page shows it, or null: the page shows the sentence alone. */
export async function guaranteeNoticeFor(locale: Locale): Promise<ShownGuaranteeNotice | null> {
  const notice = (await shownNotices())[locale];
  if (!notice) return null;
  return {
    src: `${ENDPOINTS.guaranteeNotices}/${notice.name}`,
    kind: notice.contentType === "application/pdf" ? "pdf" : "image",
    width: notice.width,
    height: notice.height,
  };
}

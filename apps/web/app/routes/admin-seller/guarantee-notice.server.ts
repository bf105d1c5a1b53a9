import { guaranteeNotices } from "@souls/shop/guarantee-notice";
import { db } from "~/lib/db.server";
import { ENDPOINTS } from "~/screens";
import type { PanelNotice } from "./guarantee-notice-form";

/**
 * Each language's guarantee notice as « Ma boutique » shows it (read fresh: the panel is never
 * kept), and what a post without JavaScript just did (`?avis=saved|removed`). The page's loader
 * asked for the owner's session first.
 */
export async function noticesForPanel(request: Request) {
  const stored = await guaranteeNotices(db);
  const panel = (notice: (typeof stored)["fr"]): PanelNotice | null =>
    notice && {
      src: `${ENDPOINTS.guaranteeNotices}/${notice.name}`,
      contentType: notice.contentType,
      width: notice.width,
      height: notice.height,
      byteSize: notice.byteSize,
      uploadedAt: notice.uploadedAt.toISOString(),
    };
  const done = new URL(request.url).searchParams.get("avis");
  return {
    notices: { fr: panel(stored.fr), en: panel(stored.en) },
    noticeDone: (done === "saved" || done === "removed" ? done : null) as "saved" | "removed" | null,
  };
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { ruleAnswer } from "@souls/api";
import { copy } from "@souls/api/admin-words";
import { paperFilename, renderPaper } from "@souls/papers";
import { type PaperRequest, paperToPrint } from "@souls/shop/papers";
import { adminSession } from "~/lib/admin-session.server";
import { db } from "~/lib/db.server";
import { PAPER_PATHS } from "~/screens";

const NO_STORE = { "Cache-Control": "no-store" };

const refused = (status: number, message: string) =>
  new Response(message, { status, headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" } });

/** `bon-de-livraison`, `facture` or `avoir-AV-000007`: which paper of the order, or null. */
function paperRequestOf(paper: string): PaperRequest | null {
  if (paper === PAPER_PATHS.packingSlip) return { kind: "packingSlip" };
  if (paper === PAPER_PATHS.invoice) return { kind: "invoice" };
  if (paper.startsWith(PAPER_PATHS.creditNote)) {
    const number = paper.slice(PAPER_PATHS.creditNote.length);
    if (/^(TEST-)?AV-\d{6,10}$/.test(number)) return { kind: "creditNote", number };
  }
  return null;
}

/**
 * An order's paper as a PDF for the owner alone (`/admin-orders/SOULS-…/facture`): the packing
 * slip, the invoice or a credit note, drawn from what the shop stored (@souls/papers), shown in
 * the browser to print or save.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!(await adminSession(request))) return refused(401, copy.common.sessionExpired);
  const orderNumber = params.orderNumber ?? "";
  const asked = paperRequestOf(params.paper ?? "");
  if (!asked || orderNumber.length > 40) return refused(404, copy.errors.notFound.paper);
  try {
    const paper = await paperToPrint(db, orderNumber, asked);
    const bytes = await renderPaper(paper);
    return new Response(new Uint8Array(bytes), {
      headers: {
        ...NO_STORE,
        "Content-Type": "application/pdf",
        "Content-Disposition": `inline; filename="${paperFilename(paper)}"`,
        "Content-Length": String(bytes.length),
      },
    });
  } catch (error) {
    const answer = ruleAnswer(error);
    if (answer) return refused(answer.status, answer.message);
    throw error;
  }
}

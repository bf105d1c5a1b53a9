/**
 * Renders a paper to PDF bytes (@react-pdf/renderer, on the server). Everything a paper shows
 * comes from its stored data and its creation date is its issue date, so the same paper renders
 * to the same bytes, however often it is printed.
 */
import { renderToBuffer } from "@react-pdf/renderer";
import { fill } from "@souls/core/placeholders";
import { CreditNoteDocument } from "./documents/credit-note";
import { InvoiceDocument } from "./documents/invoice";
import { PackingSlipDocument } from "./documents/packing-slip";
import { registerFonts } from "./fonts";
import type { Paper } from "./papers";
import { wordsFor } from "./words";

export async function renderPaper(paper: Paper): Promise<Buffer> {
  registerFonts();
  switch (paper.kind) {
    case "invoice":
      return renderToBuffer(<InvoiceDocument paper={paper} />);
    case "creditNote":
      return renderToBuffer(<CreditNoteDocument paper={paper} />);
    case "packingSlip":
      return renderToBuffer(<PackingSlipDocument paper={paper} />);
  }
}

/** `facture-F-000012.pdf`, `invoice-F-000012.pdf`, `bon-de-livraison-SOULS-….pdf`: the download's name. */
export function paperFilename(paper: Paper): string {
  const words = wordsFor(paper.locale);
  const slug = (title: string) =>
    title
      .normalize("NFD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-");
  const title =
    paper.kind === "invoice"
      ? words.invoice.title
      : paper.kind === "creditNote"
        ? words.creditNote.title
        : words.packingSlip.title;
  const number = paper.kind === "packingSlip" ? paper.orderNumber : paper.number;
  return fill("{{title}}-{{number}}.pdf", { title: slug(title), number });
}

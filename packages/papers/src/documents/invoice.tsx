/**
 * An order's invoice, in the order's language, as issued when it was paid (CGI art. 242 nonies A,
 * annex II; Code de commerce L441-9): its number in the shop's series, the date, both parties,
 * the seller's registration and VAT numbers, each line excluding VAT, the VAT at its rate or the
 * exemption's article, the total, and when and how it was paid.
 */
import { fill } from "@souls/core/placeholders";
import type { InvoicePaper } from "../papers";
import { wordsFor } from "../words";
import { TaxedPaperDocument } from "./taxed-paper";

export function InvoiceDocument({ paper }: { paper: InvoicePaper }) {
  const words = wordsFor(paper.locale);
  return (
    <TaxedPaperDocument
      paper={paper}
      title={fill(words.invoice.number, { number: paper.number })}
      amountLabel=""
      settled={words.common.paid}
    />
  );
}

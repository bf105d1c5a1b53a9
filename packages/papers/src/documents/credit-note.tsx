/**
 * A refund's credit note, in the order's language: its own number, the invoice it corrects (a
 * corrective paper names the first one precisely: CGI art. 242 nonies A), the pieces, delivery or
 * amount given back at the sale's VAT, and when the money went back.
 */
import { Text } from "@react-pdf/renderer";
import { formatDate } from "@souls/core/format";
import { fill } from "@souls/core/placeholders";
import type { CreditNotePaper } from "../papers";
import { wordsFor } from "../words";
import { styles } from "./parts";
import { TaxedPaperDocument } from "./taxed-paper";

export function CreditNoteDocument({ paper }: { paper: CreditNotePaper }) {
  const t = wordsFor(paper.locale).creditNote;
  const corrected = formatDate(paper.invoiceIssuedAt, paper.locale, "short");
  return (
    <TaxedPaperDocument
      paper={paper}
      title={fill(t.number, { number: paper.number })}
      amountLabel={t.amountLine}
      settled={t.refunded}
      preamble={
        <>
          <Text style={[styles.notice, styles.bold]}>
            {fill(t.corrects, { number: paper.invoiceNumber, date: corrected })}
          </Text>
          <Text style={{ ...styles.notice, marginBottom: 16 }}>
            {fill(t.reason, { reason: t.reasons[paper.reason] })}
          </Text>
        </>
      }
    />
  );
}

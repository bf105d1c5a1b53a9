/**
 * A refund's credit note, in the order's language: its own number, the invoice it corrects (a
 * corrective paper names the first one precisely: CGI art. 242 nonies A), the pieces, delivery or
 * amount given back at the sale's VAT, and when the money went back.
 */
import { Document, Text, View } from "@react-pdf/renderer";
import { formatDate } from "@souls/core/format";
import { fill } from "@souls/core/placeholders";
import type { CreditNotePaper } from "../papers";
import { wordsFor } from "../words";
import { AddressBlock, PaperPage, SellerBlock, styles, TaxedLines } from "./parts";
import { VatNotice } from "./vat-notice";

export function CreditNoteDocument({ paper }: { paper: CreditNotePaper }) {
  const words = wordsFor(paper.locale);
  const w = words.common;
  const t = words.creditNote;
  const date = (time: Date) => formatDate(time, paper.locale, "short");
  const title = fill(t.number, { number: paper.number });
  return (
    <Document
      title={title}
      author={paper.seller.companyName ?? paper.seller.brand ?? undefined}
      creationDate={paper.issuedAt}
      producer="SOULS"
      creator="SOULS"
    >
      <PaperPage
        seller={paper.seller}
        locale={paper.locale}
        title={title}
        facts={[
          fill(w.date, { date: date(paper.issuedAt) }),
          fill(w.order, { number: paper.orderNumber, date: date(paper.orderedAt) }),
        ]}
      >
        {paper.test ? <Text style={styles.banner}>{words.invoice.test}</Text> : null}
        <Text style={[styles.notice, styles.bold]}>
          {fill(t.corrects, { number: paper.invoiceNumber, date: date(paper.invoiceIssuedAt) })}
        </Text>
        <Text style={{ ...styles.notice, marginBottom: 16 }}>
          {fill(t.reason, { reason: t.reasons[paper.reason] })}
        </Text>
        <View style={styles.parties}>
          <SellerBlock seller={paper.seller} locale={paper.locale} label={w.seller} />
          <AddressBlock label={w.buyer} address={paper.buyer} locale={paper.locale} />
        </View>
        <TaxedLines
          lines={paper.lines}
          locale={paper.locale}
          currency={paper.currency}
          rateBp={paper.vatRateBp}
          netCents={paper.netCents}
          vatCents={paper.vatCents}
          totalCents={paper.totalCents}
          amountLabel={t.amountLine}
        />
        <VatNotice
          basis={paper.vatBasis}
          territory={paper.vatTerritory}
          rateBp={paper.vatRateBp}
          locale={paper.locale}
        />
        <Text style={styles.notice}>{fill(t.refunded, { date: date(paper.issuedAt) })}</Text>
      </PaperPage>
    </Document>
  );
}

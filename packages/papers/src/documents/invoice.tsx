/**
 * An order's invoice, in the order's language, as issued when it was paid (CGI art. 242 nonies A,
 * annex II; Code de commerce L441-9): its number in the shop's series, the date, both parties,
 * the seller's registration and VAT numbers, each line excluding VAT, the VAT at its rate or the
 * exemption's article, the total, and when and how it was paid.
 */
import { Document, Text, View } from "@react-pdf/renderer";
import { formatDate } from "@souls/core/format";
import { fill } from "@souls/core/placeholders";
import type { InvoicePaper } from "../papers";
import { wordsFor } from "../words";
import { AddressBlock, PaperPage, SellerBlock, styles, TaxedLines } from "./parts";
import { VatNotice } from "./vat-notice";

export function InvoiceDocument({ paper }: { paper: InvoicePaper }) {
  const words = wordsFor(paper.locale);
  const w = words.common;
  const date = (time: Date) => formatDate(time, paper.locale, "short");
  const title = fill(words.invoice.number, { number: paper.number });
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
          amountLabel=""
        />
        <VatNotice
          basis={paper.vatBasis}
          territory={paper.vatTerritory}
          rateBp={paper.vatRateBp}
          locale={paper.locale}
        />
        <Text style={styles.notice}>{fill(w.paid, { date: date(paper.issuedAt) })}</Text>
      </PaperPage>
    </Document>
  );
}

/**
 * What an invoice and a credit note share, in the order's language: the numbered paper, both
 * parties, the lines excluding VAT, the VAT at its rate or the exemption's mention, and when the
 * money moved. Each names what only it says (`preamble`, `settled`).
 */
import { Document, Text, View } from "@react-pdf/renderer";
import { formatDate } from "@souls/core/format";
import { fill } from "@souls/core/placeholders";
import type { ReactNode } from "react";
import type { TaxedPaper } from "../papers";
import { wordsFor } from "../words";
import { AddressBlock, PaperPage, SellerBlock, styles, TaxedLines } from "./parts";
import { VatNotice } from "./vat-notice";

export function TaxedPaperDocument({
  paper,
  title,
  preamble,
  amountLabel,
  settled,
}: {
  paper: TaxedPaper;
  title: string;
  /** Said above the parties: the invoice a credit note corrects, and why. */
  preamble?: ReactNode;
  /** The label of a line that is an amount, not a piece. */
  amountLabel: string;
  /** The closing sentence: when it was paid, or refunded. */
  settled: string;
}) {
  const words = wordsFor(paper.locale);
  const w = words.common;
  const date = (time: Date) => formatDate(time, paper.locale, "short");
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
        {preamble}
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
          amountLabel={amountLabel}
        />
        <VatNotice
          basis={paper.vatBasis}
          territory={paper.vatTerritory}
          rateBp={paper.vatRateBp}
          locale={paper.locale}
        />
        <Text style={styles.notice}>{fill(settled, { date: date(paper.issuedAt) })}</Text>
      </PaperPage>
    </Document>
  );
}

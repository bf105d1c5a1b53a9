/**
 * The packing slip the owner puts in the parcel, in the order's language: the order, where it
 * goes, what is in it (each piece with its reference and a box to tick as it goes in: the order's
 * lines less the pieces refunded before it left, which it names below), and where a return goes.
 * No prices: a parcel may be a gift.
 */
import { Document, Text, View } from "@react-pdf/renderer";
import { formatDate } from "@souls/core/format";
import { fill } from "@souls/core/placeholders";
import type { PackingSlipPaper } from "../papers";
import { wordsFor } from "../words";
import { AddressBlock, PaperPage, SellerBlock, sellerAddressLine, styles } from "./parts";

export function PackingSlipDocument({ paper }: { paper: PackingSlipPaper }) {
  const words = wordsFor(paper.locale);
  const w = words.common;
  const t = words.packingSlip;
  const title = t.title;
  const returnAddress = [
    paper.seller.companyName ?? paper.seller.brand,
    sellerAddressLine(paper.seller, paper.locale),
  ]
    .filter(Boolean)
    .join(", ");
  return (
    <Document
      title={`${title} ${paper.orderNumber}`}
      creationDate={paper.orderedAt}
      producer="SOULS"
      creator="SOULS"
    >
      <PaperPage
        seller={paper.seller}
        locale={paper.locale}
        title={title}
        facts={[
          fill(w.order, {
            number: paper.orderNumber,
            date: formatDate(paper.orderedAt, paper.locale, "short"),
          }),
        ]}
      >
        <View style={styles.parties}>
          <AddressBlock label={t.shipTo} address={paper.shipTo} locale={paper.locale} />
          <SellerBlock seller={paper.seller} locale={paper.locale} label={w.seller} />
        </View>
        {paper.shipment ? (
          <Text style={{ ...styles.notice, marginBottom: 16 }}>
            {fill(t.shipment, { carrier: paper.shipment.carrierName, number: paper.shipment.trackingNumber })}
          </Text>
        ) : null}
        {paper.deliveryInstructions ? (
          <Text style={{ ...styles.notice, marginBottom: 16 }}>
            {fill(t.instructions, { instructions: paper.deliveryInstructions })}
          </Text>
        ) : null}
        <View style={styles.table}>
          <View style={[styles.row, styles.head]}>
            <Text style={styles.cellName}>{w.item}</Text>
            <Text style={styles.cellRef}>{w.reference}</Text>
            <Text style={styles.cellQty}>{w.quantity}</Text>
            <Text style={styles.cellCheck}>{t.checked}</Text>
          </View>
          {paper.lines.map((line) => (
            <View key={`${line.reference}-${line.name}`} style={styles.row} wrap={false}>
              <Text style={styles.cellName}>{fill(w.piece, { name: line.name })}</Text>
              <Text style={styles.cellRef}>{line.reference}</Text>
              <Text style={styles.cellQty}>{line.quantity}</Text>
              <Text style={styles.cellCheck}>☐</Text>
            </View>
          ))}
        </View>
        {paper.lines.length === 0 ? <Text style={styles.notice}>{t.nothing}</Text> : null}
        {paper.refunded.length > 0 ? (
          <Text style={styles.notice}>
            {fill(t.refunded, {
              pieces: paper.refunded
                .map((line) => `${fill(w.piece, { name: line.name })} (${line.reference}) × ${line.quantity}`)
                .join(", "),
            })}
          </Text>
        ) : null}
        <Text style={styles.notice}>{t.thanks}</Text>
        {returnAddress ? (
          <Text style={styles.muted}>{fill(t.returns, { address: returnAddress })}</Text>
        ) : null}
      </PaperPage>
    </Document>
  );
}

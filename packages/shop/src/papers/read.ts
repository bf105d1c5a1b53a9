/**
 * The papers of an order as the owner's panel lists them and prints them: what was stored when
 * each was issued (an invoice, a credit note), and the packing slip from the order as it is now
 * (a corrected address included, the pieces refunded before it left taken out: ../fulfilment.ts).
 */
import { isLocale } from "@souls/core/locales";
import type { Database, Kysely } from "@souls/db";
import type { CreditNotePaper, InvoicePaper, PackingSlipPaper, PaperSeller } from "@souls/papers/data";
import { AdminNotFoundError } from "../errors";
import { linesToShip } from "../fulfilment";
import { loadSeller } from "../seller/store";
import { addressLinesOf, isTestSeries, PAPER_SELLER_COLUMNS } from "./issue";

export interface OrderPapers {
  invoice: { number: string; issuedAt: Date } | null;
  creditNotes: { number: string; issuedAt: Date; totalCents: number }[];
}

/** An order's papers, for its page: the invoice once paid, a credit note per settled refund. */
export async function orderPapers(db: Kysely<Database>, orderId: number): Promise<OrderPapers> {
  const [invoice, creditNotes] = await Promise.all([
    db
      .selectFrom("invoices")
      .select(["number", "issuedAt"])
      .where("orderId", "=", orderId)
      .executeTakeFirst(),
    db
      .selectFrom("creditNotes")
      .innerJoin("invoices", "invoices.id", "creditNotes.invoiceId")
      .select(["creditNotes.number", "creditNotes.issuedAt", "creditNotes.totalCents"])
      .where("invoices.orderId", "=", orderId)
      .orderBy("creditNotes.id")
      .execute(),
  ]);
  return {
    invoice: invoice ? { number: invoice.number, issuedAt: new Date(invoice.issuedAt) } : null,
    creditNotes: creditNotes.map((note) => ({ ...note, issuedAt: new Date(note.issuedAt) })),
  };
}

/** Which paper of an order to print. */
export type PaperRequest =
  | { kind: "packingSlip" }
  | { kind: "invoice" }
  | { kind: "creditNote"; number: string };

/** A paper of an order, as it was issued (or the packing slip as the order is now). */
export async function paperToPrint(
  db: Kysely<Database>,
  orderNumber: string,
  request: PaperRequest,
): Promise<InvoicePaper | CreditNotePaper | PackingSlipPaper> {
  const order = await db
    .selectFrom("orders")
    .selectAll()
    .where("orderNumber", "=", orderNumber)
    .executeTakeFirst();
  if (!order) throw new AdminNotFoundError("order", orderNumber);
  const locale = isLocale(order.locale) ? order.locale : "fr";
  if (request.kind === "packingSlip") {
    // What the parcel holds (or held): the lines less the pieces refunded before it left.
    const [lines, seller] = await Promise.all([linesToShip(db, order), loadSeller(db)]);
    return {
      kind: "packingSlip",
      orderNumber: order.orderNumber,
      orderedAt: order.createdAt,
      locale,
      shipTo: {
        name: `${order.firstName} ${order.lastName}`,
        addressLines: addressLinesOf(order),
        postalCode: order.postalCode,
        city: order.city,
        country: order.country,
      },
      deliveryInstructions: order.deliveryInstructions,
      shipment:
        order.carrierName && order.trackingNumber
          ? { carrierName: order.carrierName, trackingNumber: order.trackingNumber }
          : null,
      lines: lines
        .filter((line) => line.toShip > 0)
        .map((line) => ({ name: line.name, reference: line.reference, quantity: line.toShip })),
      refunded: lines
        .filter((line) => line.refunded > 0)
        .map((line) => ({ name: line.name, reference: line.reference, quantity: line.refunded })),
      seller: sellerOf(seller.details),
    };
  }
  const invoice = await db
    .selectFrom("invoices")
    .selectAll()
    .where("orderId", "=", order.id)
    .executeTakeFirst();
  if (!invoice) throw new AdminNotFoundError("paper", orderNumber);
  const taxed = {
    orderNumber: order.orderNumber,
    orderedAt: order.createdAt,
    currency: invoice.currency,
    vatBasis: invoice.vatBasis,
    vatTerritory: invoice.vatTerritory,
    vatRateBp: invoice.vatRateBp,
    buyer: invoice.buyer,
  };
  if (request.kind === "invoice") {
    return {
      kind: "invoice",
      ...taxed,
      number: invoice.number,
      issuedAt: new Date(invoice.issuedAt),
      locale: invoice.locale,
      netCents: invoice.netCents,
      vatCents: invoice.vatCents,
      totalCents: invoice.totalCents,
      lines: invoice.lines,
      seller: sellerOf(invoice.seller),
      test: isTestSeries(invoice.number),
    };
  }
  const note = await db
    .selectFrom("creditNotes")
    .selectAll()
    .where("invoiceId", "=", invoice.id)
    .where("number", "=", request.number)
    .executeTakeFirst();
  if (!note) throw new AdminNotFoundError("paper", request.number);
  return {
    kind: "creditNote",
    ...taxed,
    number: note.number,
    issuedAt: new Date(note.issuedAt),
    locale: note.locale,
    netCents: note.netCents,
    vatCents: note.vatCents,
    totalCents: note.totalCents,
    lines: note.lines,
    seller: sellerOf(note.seller),
    test: isTestSeries(note.number),
    invoiceNumber: invoice.number,
    invoiceIssuedAt: new Date(invoice.issuedAt),
    reason: note.reason,
  };
}

/** The seller's details a paper shows, from a stored snapshot or « Ma boutique » as it is. */
function sellerOf(details: Partial<Record<keyof PaperSeller, string | null>>): PaperSeller {
  const fields = Object.keys(PAPER_SELLER_COLUMNS) as (keyof PaperSeller)[];
  return Object.fromEntries(fields.map((key) => [key, details[key] ?? null])) as Record<
    keyof PaperSeller,
    string | null
  >;
}

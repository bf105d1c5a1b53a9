/**
 * The papers a sale leaves: its invoice, issued in the transaction that pays the order, and a
 * credit note for each refund, issued in the transaction that settles it. Each takes the next
 * number of its series from a counter row locked until that transaction ends, so a payment that
 * rolls back gives its number back: the series has no gap and no number is ever used twice
 * (a sequence would leave a gap at each rollback). The VAT is decided when the sale is paid and
 * stored; a refund takes its sale's. Everything a paper shows is stored with it, the seller's
 * identity as « Ma boutique » held it included: printed twice, it is the same paper.
 */
import { splitLines, type VatDecision, type VatRegime, vatFor } from "@souls/core/vat";
import type {
  Database,
  Order,
  PaperBuyer,
  PaperLine,
  PaperSeries,
  PaymentProvider,
  Refund,
  PaperSeller as StoredPaperSeller,
  Transaction,
} from "@souls/db";
import type { PaperSeller } from "@souls/papers/data";
import { type RawBuilder, sql } from "kysely";
import { loadOwnerSettings } from "../owner/settings";

/** What a paper numbers itself with: `F-000001`, `AV-000001`; the test gateway's are apart. */
export const NUMBER_PREFIXES: Record<PaperSeries, string> = {
  invoice: "F-",
  credit_note: "AV-",
  test_invoice: "TEST-F-",
  test_credit_note: "TEST-AV-",
};

/**
 * The offline test gateway takes no real money (the owner's test order, a shop without Stripe
 * keys): its papers are numbered in series of their own, so the real series stays the shop's
 * sales alone, and they say they are tests.
 */
export function seriesOf(provider: PaymentProvider, paper: "invoice" | "credit_note"): PaperSeries {
  return provider === "test" ? `test_${paper}` : paper;
}

export const isTestSeries = (number: string) => number.startsWith("TEST-");

/** A piece sold, as the invoice names it. */
export interface SoldLine {
  name: string;
  reference: string;
  quantity: number;
  unitPriceCents: number;
  /** What the order's discount code took off this line (decision 048): its VAT is on what is left. */
  discountCents?: number;
}

type InvoicedOrder = Pick<
  Order,
  | "firstName"
  | "lastName"
  | "email"
  | "address"
  | "addressLine2"
  | "postalCode"
  | "city"
  | "country"
  | "shippingCents"
  | "totalCents"
  | "currency"
  | "locale"
  | "paymentProvider"
  | "paymentReference"
>;

/** The street lines of an order's address: the first, and the second when the shopper gave one. */
export function addressLinesOf(order: Pick<Order, "address" | "addressLine2">): string[] {
  return order.addressLine2 ? [order.address, order.addressLine2] : [order.address];
}

export function buyerOf(order: InvoicedOrder): PaperBuyer {
  return {
    name: `${order.firstName} ${order.lastName}`,
    email: order.email,
    addressLines: addressLinesOf(order),
    postalCode: order.postalCode,
    city: order.city,
    country: order.country,
  };
}

/** Amounts including VAT at one rate, each line with its part excluding VAT and its VAT. */
function taxedLines(lines: Omit<PaperLine, "netCents" | "vatCents">[], vat: VatDecision) {
  const split = splitLines(
    lines.map((line) => line.totalCents),
    vat.rateBasisPoints,
  );
  return {
    netCents: split.netCents,
    vatCents: split.vatCents,
    lines: lines.map((line, index) => ({
      ...line,
      ...(split.lines[index] as { netCents: number; vatCents: number }),
    })),
  };
}

/** An order's invoice as its paying transaction will write it, under the shop's VAT regime now. */
export function invoiceDraft(order: InvoicedOrder, sold: readonly SoldLine[], regime: VatRegime) {
  const vat = vatFor(regime, { country: order.country, postalCode: order.postalCode });
  const taxed = taxedLines(
    [
      ...sold.map((line) => ({
        kind: "item" as const,
        name: line.name,
        reference: line.reference,
        quantity: line.quantity,
        unitCents: line.unitPriceCents,
        ...(line.discountCents ? { discountCents: line.discountCents } : {}),
        totalCents: line.unitPriceCents * line.quantity - (line.discountCents ?? 0),
      })),
      {
        kind: "shipping" as const,
        quantity: 1,
        unitCents: order.shippingCents,
        totalCents: order.shippingCents,
      },
    ],
    vat,
  );
  return {
    series: seriesOf(order.paymentProvider, "invoice"),
    regime,
    vat,
    ...taxed,
    totalCents: order.totalCents,
    shippingCents: order.shippingCents,
    currency: order.currency,
    locale: order.locale,
    buyer: buyerOf(order),
    paymentReference: order.paymentReference,
  };
}

export type InvoiceDraft = ReturnType<typeof invoiceDraft>;

/**
 * Each detail of the seller a paper shows (@souls/papers' PaperSeller, every one of them, as the
 * papers' tables store it) and its column in « Ma boutique »: the one list the stored snapshot is
 * written from and the papers are read with.
 */
export const PAPER_SELLER_COLUMNS = {
  brand: "brand",
  companyName: "company_name",
  legalForm: "legal_form",
  shareCapital: "share_capital",
  register: "register",
  street: "street",
  postalCode: "postal_code",
  city: "city",
  country: "country",
  siren: "siren",
  rcsCity: "rcs_city",
  vatNumber: "vat_number",
  email: "email",
  phone: "phone",
} as const satisfies Record<keyof PaperSeller | keyof StoredPaperSeller, string>;

/**
 * The seller's identity as an invoice shows it, read from « Ma boutique » in the issuing statement
 * (a detail not filled in is null, and the paper leaves it out rather than show an example).
 */
const SELLER_SNAPSHOT = sql`(SELECT json_build_object(${sql.join(
  Object.entries(PAPER_SELLER_COLUMNS).map(([key, column]) => sql`${sql.lit(key)}, ${sql.raw(column)}`),
)})::jsonb FROM seller WHERE id = 1)`;

const numberOf = (series: PaperSeries, counter: RawBuilder<unknown>) =>
  sql`${NUMBER_PREFIXES[series]} || lpad(${counter}::text, 6, '0')`;

/** The columns an invoice's insert fills, and the values after its order id and number. */
function invoiceValues(draft: InvoiceDraft, paidAt: Date) {
  return {
    columns: sql`(order_id, number, issued_at, payment_reference, vat_basis, vat_territory, vat_rate_bp, net_cents,
      vat_cents, total_cents, shipping_cents, currency, locale, lines, buyer, seller)`,
    values: sql`${paidAt}::timestamptz, ${draft.paymentReference}::text, ${draft.vat.basis}::text,
      ${draft.vat.territory}::text, ${draft.vat.rateBasisPoints}::int, ${draft.netCents}::int, ${draft.vatCents}::int,
      ${draft.totalCents}::int, ${draft.shippingCents}::int, ${draft.currency}::text, ${draft.locale}::text,
      ${JSON.stringify(draft.lines)}::jsonb, ${JSON.stringify(draft.buyer)}::jsonb, coalesce(${SELLER_SNAPSHOT}, '{}')`,
  };
}

/**
 * An order's invoice, in the transaction that pays it, after its pieces are sold (products are
 * always locked before a paper's counter: one order of locks for every path). The VAT regime is
 * read in this transaction: the sale is taxed as the shop's settings say at the moment it is paid.
 */
export async function issueInvoice(
  trx: Transaction<Database>,
  order: InvoicedOrder & Pick<Order, "id">,
  sold: readonly SoldLine[],
  paidAt: Date,
): Promise<void> {
  const { vatRegime } = await loadOwnerSettings(trx);
  const draft = invoiceDraft(order, sold, vatRegime);
  const { columns, values } = invoiceValues(draft, paidAt);
  await sql`
    WITH counter AS (UPDATE paper_counters SET last = last + 1 WHERE series = ${draft.series} RETURNING last)
    INSERT INTO invoices ${columns}
    SELECT ${order.id}::int, ${numberOf(draft.series, sql.ref("counter.last"))}, ${values} FROM counter`.execute(
    trx,
  );
}

/**
 * The same invoice as common table expressions of finalizePayment's one-statement payment, after
 * its `recorded` (the order, once its event is recorded) and `stock` (the pieces sold, with a
 * RETURNING) expressions: the counter is taken only once every product row is locked, and the
 * statement holds it only until its own commit. `stillRegime` belongs in the order's locking
 * expression: a change of the VAT regime since the draft was made sends the payment to the
 * general path.
 */
export function invoiceExpressions(draft: InvoiceDraft, paidAt: Date) {
  const { columns, values } = invoiceValues(draft, paidAt);
  return {
    stillRegime: sql`(SELECT vat_regime FROM shop_settings WHERE id = 1) = ${draft.regime}`,
    expressions: sql`
    invoice_counter AS (
      UPDATE paper_counters SET last = last + 1
      WHERE series = ${draft.series} AND EXISTS (SELECT 1 FROM recorded) AND (SELECT count(*) FROM stock) >= 0
      RETURNING last
    ),
    invoice AS (
      INSERT INTO invoices ${columns}
      SELECT recorded.order_id, ${numberOf(draft.series, sql.ref("invoice_counter.last"))}, ${values}
      FROM recorded, invoice_counter
    )`,
  };
}

/** A refunded piece, as the credit note names it. */
export interface RefundedLine {
  name: string;
  quantity: number;
  unitPriceCents: number;
  /** The discount code's share on these pieces (decision 048): what is given back is after it. */
  discountCents?: number;
}

/**
 * A settled refund's credit note, in the transaction that settles it (after any pieces went back
 * on the shelf): at its sale's VAT, naming the pieces refunded and the delivery given back, or
 * the whole sale, or the amount. A refund of a payment that was never a sale (a piece sold out
 * meanwhile, a payment to check) has no invoice, so no credit note.
 */
export async function issueCreditNote(
  trx: Transaction<Database>,
  order: Pick<Order, "id" | "paymentProvider">,
  refund: Pick<Refund, "id" | "amountCents" | "shippingCents" | "reason" | "settledAt">,
  refunded: readonly RefundedLine[],
): Promise<void> {
  const invoice = await trx
    .selectFrom("invoices")
    .select([
      "id",
      "vatBasis",
      "vatTerritory",
      "vatRateBp",
      "totalCents",
      "currency",
      "locale",
      "lines",
      "buyer",
    ])
    .where("orderId", "=", order.id)
    .executeTakeFirst();
  if (!invoice) return;
  const references = new Map(
    invoice.lines.filter((line) => line.kind === "item").map((line) => [line.name, line.reference]),
  );
  const lines: Omit<PaperLine, "netCents" | "vatCents">[] =
    refunded.length > 0
      ? [
          ...refunded.map((line) => ({
            kind: "item" as const,
            name: line.name,
            reference: references.get(line.name),
            quantity: line.quantity,
            unitCents: line.unitPriceCents,
            ...(line.discountCents ? { discountCents: line.discountCents } : {}),
            totalCents: line.unitPriceCents * line.quantity - (line.discountCents ?? 0),
          })),
          ...(refund.shippingCents > 0
            ? [
                {
                  kind: "shipping" as const,
                  quantity: 1,
                  unitCents: refund.shippingCents,
                  totalCents: refund.shippingCents,
                },
              ]
            : []),
        ]
      : refund.amountCents === invoice.totalCents
        ? invoice.lines.map(({ netCents: _net, vatCents: _vat, ...line }) => line)
        : [{ kind: "amount", quantity: 1, unitCents: refund.amountCents, totalCents: refund.amountCents }];
  const vat: VatDecision = {
    basis: invoice.vatBasis,
    territory: invoice.vatTerritory,
    rateBasisPoints: invoice.vatRateBp,
  };
  const taxed = taxedLines(lines, vat);
  const series = seriesOf(order.paymentProvider, "credit_note");
  await sql`
    WITH counter AS (UPDATE paper_counters SET last = last + 1 WHERE series = ${series} RETURNING last)
    INSERT INTO credit_notes (refund_id, invoice_id, number, issued_at, reason, vat_basis, vat_territory, vat_rate_bp,
      net_cents, vat_cents, total_cents, shipping_cents, currency, locale, lines, buyer, seller)
    SELECT ${refund.id}::int, ${invoice.id}::int, ${numberOf(series, sql.ref("counter.last"))},
      ${refund.settledAt ?? new Date()}::timestamptz, ${refund.reason}::text, ${vat.basis}::text,
      ${vat.territory}::text, ${vat.rateBasisPoints}::int, ${taxed.netCents}::int, ${taxed.vatCents}::int,
      ${refund.amountCents}::int, ${refund.shippingCents}::int, ${invoice.currency}::text, ${invoice.locale}::text,
      ${JSON.stringify(taxed.lines)}::jsonb, ${JSON.stringify(invoice.buyer)}::jsonb, coalesce(${SELLER_SNAPSHOT}, '{}')
    FROM counter`.execute(trx);
}

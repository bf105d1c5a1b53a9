/**
 * The accountant's export: every sale and every refund of a period, as their papers stored them —
 * the invoice or credit note's number, the VAT basis and rate decided when the sale was paid, the
 * amounts excluding VAT, the VAT and including it — with, at the end of each month, a subtotal per
 * country and rate (the OSS return is per member state and rate) and the month's total. A CSV as
 * French spreadsheets read it (UTF-8 with a BOM, `;` between fields, decimal commas). Nothing is
 * recomputed: changing a setting never changes a past month's file.
 *
 * The file is written as it is read: rows come from a PostgreSQL cursor a batch at a time, each
 * batch written before the next is asked for, and the month's subtotals added up on the way
 * (at most one per country and rate). A year of orders never sits in memory, and the event loop
 * serves other requests between two batches.
 */
import { SHOP_MONTH_PATTERN } from "@souls/core/format";
import type { VatBasis } from "@souls/core/vat";
import type { Database, Kysely, Transaction } from "@souls/db";
import { sql } from "kysely";
import { CSV_BOM, csvField, csvLine } from "./csv";

/** Months are the shop's, in Paris time. */
const TIME_ZONE = "Europe/Paris";

/** Rows read from the cursor at a time: about 250 KB of CSV, a few milliseconds of formatting. */
export const ACCOUNTING_BATCH_ROWS = 1_000;

export interface AccountingPeriod {
  /** First month, `YYYY-MM`. */
  from: string;
  /** Last month, included, `YYYY-MM`. */
  to: string;
}

export interface AccountingRow {
  kind: "sale" | "refund";
  /** The invoice's or credit note's number; null for a refund of a payment that was never a sale. */
  paperNumber: string | null;
  orderNumber: string;
  orderedAt: Date;
  /** When the money came in (payment) or went back (refund). */
  at: Date;
  customer: string;
  country: string;
  /** As stored with the sale; null for a refund of a payment that was never a sale (no VAT). */
  vatBasis: VatBasis | null;
  vatRateBp: number;
  /** Excluding VAT, the VAT and including it, as the paper says; negative for a refund. */
  netCents: number;
  vatCents: number;
  totalCents: number;
  /** The delivery's part of it, including VAT. */
  shippingCents: number;
  paymentReference: string | null;
  /**
   * What a discount code took off, including VAT, as the paper's lines say (decision 048: its
   * amounts above are after it, the VAT on the reduced base); negative for a refund. And the code.
   */
  discountCents: number;
  discountCode: string | null;
}

/** A month the export takes: `YYYY-MM`, from 2000-01 to 2999-12. */
export const MONTH_PATTERN = SHOP_MONTH_PATTERN;

/** Two months the export takes, the first not after the last. */
export function isAccountingPeriod(period: AccountingPeriod): boolean {
  return MONTH_PATTERN.test(period.from) && MONTH_PATTERN.test(period.to) && period.from <= period.to;
}

/** `souls-comptabilite-2026-11.csv`, or `…-2026-01_2026-03.csv` for several months. */
export function accountingFilename(period: AccountingPeriod): string {
  return `souls-comptabilite-${period.from}${period.to === period.from ? "" : `_${period.to}`}.csv`;
}

/** The period's bounds as PostgreSQL reads them: the first month's start to the last's end, in Paris. */
function boundsOf(period: AccountingPeriod) {
  if (!isAccountingPeriod(period)) {
    throw new RangeError("a period is two months, YYYY-MM from 2000 to 2999, the first not after the last");
  }
  return {
    start: sql<Date>`(${`${period.from}-01`}::timestamp AT TIME ZONE ${TIME_ZONE})`,
    end: sql<Date>`((${`${period.to}-01`}::timestamp + interval '1 month') AT TIME ZONE ${TIME_ZONE})`,
  };
}

/**
 * The period's invoices (sales, the day the payment came in) and credit notes (refunds, the day
 * they were settled), as issued, and the refunds of payments that were never sales (a piece sold
 * out meanwhile, a payment to check), which bear no VAT; oldest first, at one moment by order
 * number, a sale before its refunds.
 */
function periodEntries(db: Kysely<Database> | Transaction<Database>, period: AccountingPeriod) {
  const { start, end } = boundsOf(period);
  const sales = db
    .selectFrom("invoices")
    .innerJoin("orders", "orders.id", "invoices.orderId")
    .select([
      sql<AccountingRow["kind"]>`'sale'`.as("kind"),
      "invoices.id",
      sql<string | null>`${sql.ref("invoices.number")}`.as("paperNumber"),
      "orders.orderNumber",
      "orders.createdAt as orderedAt",
      sql<Date>`${sql.ref("invoices.issuedAt")}`.as("at"),
      sql<string>`invoices.buyer->>'name'`.as("customer"),
      sql<string>`invoices.buyer->>'country'`.as("country"),
      sql<VatBasis | null>`${sql.ref("invoices.vatBasis")}`.as("vatBasis"),
      "invoices.vatRateBp",
      "invoices.netCents",
      "invoices.vatCents",
      "invoices.totalCents",
      "invoices.shippingCents",
      "invoices.paymentReference",
      sql<number>`(SELECT coalesce(sum((l->>'discountCents')::int), 0) FROM jsonb_array_elements(invoices.lines) l)::int`.as(
        "discountCents",
      ),
      "orders.discountCode",
    ])
    .where("invoices.issuedAt", ">=", start)
    .where("invoices.issuedAt", "<", end)
    .where("orders.isTest", "=", false);
  const credited = db
    .selectFrom("creditNotes")
    .innerJoin("refunds", "refunds.id", "creditNotes.refundId")
    .innerJoin("orders", "orders.id", "refunds.orderId")
    .select([
      sql<AccountingRow["kind"]>`'refund'`.as("kind"),
      "creditNotes.id",
      sql<string | null>`${sql.ref("creditNotes.number")}`.as("paperNumber"),
      "orders.orderNumber",
      "orders.createdAt as orderedAt",
      sql<Date>`${sql.ref("creditNotes.issuedAt")}`.as("at"),
      sql<string>`credit_notes.buyer->>'name'`.as("customer"),
      sql<string>`credit_notes.buyer->>'country'`.as("country"),
      sql<VatBasis | null>`${sql.ref("creditNotes.vatBasis")}`.as("vatBasis"),
      "creditNotes.vatRateBp",
      sql<number>`-${sql.ref("creditNotes.netCents")}`.as("netCents"),
      sql<number>`-${sql.ref("creditNotes.vatCents")}`.as("vatCents"),
      sql<number>`-${sql.ref("creditNotes.totalCents")}`.as("totalCents"),
      sql<number>`-${sql.ref("creditNotes.shippingCents")}`.as("shippingCents"),
      sql<string | null>`${sql.ref("refunds.providerRefundId")}`.as("paymentReference"),
      sql<number>`-(SELECT coalesce(sum((l->>'discountCents')::int), 0) FROM jsonb_array_elements(credit_notes.lines) l)::int`.as(
        "discountCents",
      ),
      "orders.discountCode",
    ])
    .where("creditNotes.issuedAt", ">=", start)
    .where("creditNotes.issuedAt", "<", end)
    .where("orders.isTest", "=", false);
  const unsold = db
    .selectFrom("refunds")
    .innerJoin("orders", "orders.id", "refunds.orderId")
    .select([
      sql<AccountingRow["kind"]>`'refund'`.as("kind"),
      "refunds.id",
      sql<string | null>`NULL`.as("paperNumber"),
      "orders.orderNumber",
      "orders.createdAt as orderedAt",
      sql<Date>`${sql.ref("refunds.settledAt")}`.as("at"),
      sql<string>`orders.first_name || ' ' || orders.last_name`.as("customer"),
      sql<string>`${sql.ref("orders.country")}::text`.as("country"),
      sql<VatBasis | null>`NULL`.as("vatBasis"),
      sql<number>`0`.as("vatRateBp"),
      sql<number>`-${sql.ref("refunds.amountCents")}`.as("netCents"),
      sql<number>`0`.as("vatCents"),
      sql<number>`-${sql.ref("refunds.amountCents")}`.as("totalCents"),
      sql<number>`-${sql.ref("refunds.shippingCents")}`.as("shippingCents"),
      sql<string | null>`${sql.ref("refunds.providerRefundId")}`.as("paymentReference"),
      sql<number>`0`.as("discountCents"),
      "orders.discountCode",
    ])
    .where("refunds.status", "=", "succeeded")
    .where("orders.isTest", "=", false)
    .where("refunds.settledAt", ">=", start)
    .where("refunds.settledAt", "<", end)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom("invoices").select("id").whereRef("invoices.orderId", "=", "refunds.orderId"),
        ),
      ),
    );
  return db
    .selectFrom(sales.unionAll(credited).unionAll(unsold).as("entries"))
    .selectAll()
    .orderBy("entries.at")
    .orderBy(sql`${sql.ref("entries.orderNumber")} COLLATE "C"`)
    .orderBy(sql`${sql.ref("entries.kind")} = 'refund'`)
    .orderBy("entries.id");
}

type Entry = Awaited<ReturnType<ReturnType<typeof periodEntries>["execute"]>>[number];

function rowOf(entry: Entry): AccountingRow {
  return {
    kind: entry.kind,
    paperNumber: entry.paperNumber,
    orderNumber: entry.orderNumber,
    orderedAt: entry.orderedAt,
    at: entry.at,
    customer: entry.customer,
    country: entry.country,
    vatBasis: entry.vatBasis,
    vatRateBp: entry.vatRateBp,
    netCents: entry.netCents,
    vatCents: entry.vatCents,
    totalCents: entry.totalCents,
    shippingCents: entry.shippingCents,
    paymentReference: entry.paymentReference,
    discountCents: entry.discountCents,
    discountCode: entry.discountCode,
  };
}

/** The period's rows at once, for a short period (the export itself streams: writeAccountingCsv). */
export async function accountingRows(
  db: Kysely<Database>,
  period: AccountingPeriod,
): Promise<AccountingRow[]> {
  return (await periodEntries(db, period).execute()).map(rowOf);
}

/** How many sales and refunds the period's export holds (counts of its papers, nothing read). */
export async function accountingCounts(
  db: Kysely<Database>,
  period: AccountingPeriod,
): Promise<{ sales: number; refunds: number }> {
  const { start, end } = boundsOf(period);
  const { rows } = await sql<{ sales: number; refunds: number }>`
    SELECT (SELECT count(*) FROM invoices i JOIN orders o ON o.id = i.order_id
              WHERE i.issued_at >= ${start} AND i.issued_at < ${end} AND NOT o.is_test)::int AS sales,
      ((SELECT count(*) FROM credit_notes c JOIN refunds r ON r.id = c.refund_id JOIN orders o ON o.id = r.order_id
          WHERE c.issued_at >= ${start} AND c.issued_at < ${end} AND NOT o.is_test)
       + (SELECT count(*) FROM refunds r JOIN orders o ON o.id = r.order_id
          WHERE r.status = 'succeeded' AND r.settled_at >= ${start} AND r.settled_at < ${end} AND NOT o.is_test
            AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.order_id = r.order_id)))::int
        AS refunds`.execute(db);
  return rows[0] ?? { sales: 0, refunds: 0 };
}

export interface AccountingExportReport {
  sales: number;
  refunds: number;
  /** Batches read from the cursor. */
  batches: number;
}

/**
 * Writes the period's CSV through `write`, a batch of rows at a time, and says what it held.
 * `write` may wait (the download is slow): the next batch is read once it has returned; if it
 * throws (the download was dropped), the reading stops and the cursor is closed.
 */
export async function writeAccountingCsv(
  db: Kysely<Database>,
  period: AccountingPeriod,
  write: (chunk: string) => void | Promise<void>,
  { batchSize = ACCOUNTING_BATCH_ROWS }: { batchSize?: number } = {},
): Promise<AccountingExportReport> {
  const entries = periodEntries(db, period);
  const rowsPerBatch = Math.max(1, Math.floor(batchSize));
  const csv = new AccountingCsv();
  const report: AccountingExportReport = { sales: 0, refunds: 0, batches: 0 };
  // A cursor lives in its transaction: one sort by PostgreSQL, then batches of the same snapshot.
  await db
    .transaction()
    .setAccessMode("read only")
    .execute(async (trx) => {
      await sql`DECLARE accounting_entries NO SCROLL CURSOR FOR ${entries}`.execute(trx);
      await write(csv.start());
      for (;;) {
        const { rows } =
          await sql<Entry>`FETCH FORWARD ${sql.lit(rowsPerBatch)} FROM accounting_entries`.execute(trx);
        if (rows.length === 0) break;
        report.batches++;
        let chunk = "";
        for (const entry of rows) {
          const row = rowOf(entry);
          report[row.kind === "sale" ? "sales" : "refunds"]++;
          chunk += csv.line(row);
        }
        await write(chunk);
        if (rows.length < rowsPerBatch) break;
      }
      await write(csv.end());
    });
  return report;
}

/**
 * The file's own words: its columns, its rows' kinds and the VAT bases, in French whatever language
 * a shopper bought in — the accountant's file format (decision 048), kept with the code that
 * writes it rather than in the panel's words (decision 062).
 */
const WORDS = {
  type: "Type",
  paper: "N° de pièce",
  orderNumber: "N° de commande",
  orderDate: "Date de commande",
  operationDate: "Date de l'opération",
  customer: "Client",
  country: "Pays",
  countryCode: "Code pays",
  vatBasis: "Régime de TVA",
  vatRate: "Taux de TVA",
  net: "Montant HT",
  vat: "TVA",
  gross: "Montant TTC",
  shipping: "dont livraison TTC",
  paymentReference: "Référence de paiement",
  discount: "dont remise TTC (code de réduction)",
  discountCode: "Code de réduction",
  sale: "Vente",
  refund: "Remboursement",
  noSale: "Sans TVA : paiement remboursé sans vente",
  subtotal: "Sous-total",
  total: "Total",
};

/** How one sale was taxed (invoices.vat_basis), as the file says it. */
const VAT_BASES = {
  france: "TVA France",
  destination: "TVA du pays de livraison (OSS)",
  export: "Exportation, exonérée (CGI art. 262 I)",
  franchise: "Franchise en base (CGI art. 293 B)",
} satisfies Record<VatBasis, string>;

const HEADER = [
  WORDS.type,
  WORDS.paper,
  WORDS.orderNumber,
  WORDS.orderDate,
  WORDS.operationDate,
  WORDS.customer,
  WORDS.country,
  WORDS.countryCode,
  WORDS.vatBasis,
  WORDS.vatRate,
  WORDS.net,
  WORDS.vat,
  WORDS.gross,
  WORDS.shipping,
  WORDS.paymentReference,
  WORDS.discount,
  WORDS.discountCode,
];

/** 1234 cents → `12,34`; −1234 → `-12,34`. */
export function frenchAmount(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
}

/** 2000 → `20 %`, 2550 → `25,5 %`, 0 → `0 %`. */
export function frenchRate(basisPoints: number): string {
  return `${(basisPoints / 100).toString().replace(".", ",")} %`;
}

const dateOf = new Intl.DateTimeFormat("fr-FR", { timeZone: TIME_ZONE, dateStyle: "short" });
const monthOf = new Intl.DateTimeFormat("fr-FR", { timeZone: TIME_ZONE, month: "long", year: "numeric" });
const countries = new Intl.DisplayNames(["fr"], { type: "region" });
const countryOf = (code: string) => countries.of(code) ?? code;

const line = csvLine;
const field = csvField;

interface Sums {
  net: number;
  vat: number;
  gross: number;
  shipping: number;
  discount: number;
}
const NO_SUMS: Sums = { net: 0, vat: 0, gross: 0, shipping: 0, discount: 0 };
const add = (sums: Sums, row: AccountingRow): Sums => ({
  net: sums.net + row.netCents,
  vat: sums.vat + row.vatCents,
  gross: sums.gross + row.totalCents,
  shipping: sums.shipping + row.shippingCents,
  discount: sums.discount + row.discountCents,
});
const amounts = (sums: Sums) => [
  frenchAmount(sums.net),
  frenchAmount(sums.vat),
  frenchAmount(sums.gross),
  frenchAmount(sums.shipping),
];

/** What a row's VAT was: its basis (« Exportation, exonérée (CGI art. 262 I) »…). */
const basisOf = (row: AccountingRow) => (row.vatBasis === null ? WORDS.noSale : VAT_BASES[row.vatBasis]);

/**
 * The CSV's text as its rows come, oldest first: the header, each row, and each time a month
 * ends, a subtotal per country and VAT (basis and rate) then the month's total — so rows can be
 * written as they are read, never all held (a month holds one subtotal per country and rate).
 */
class AccountingCsv {
  private month: string | undefined;
  private total: Sums = NO_SUMS;
  private subtotals = new Map<string, { country: string; basis: string; rate: number; sums: Sums }>();

  /** The BOM tells spreadsheets the file is UTF-8 (accents in names); then the header. */
  start(): string {
    return `${CSV_BOM}${line(HEADER)}`;
  }

  line(row: AccountingRow): string {
    const rowMonth = monthOf.format(row.at);
    const closed = rowMonth === this.month ? "" : this.closeMonth();
    this.month = rowMonth;
    this.total = add(this.total, row);
    const basis = basisOf(row);
    const key = `${row.country}|${basis}|${row.vatRateBp}`;
    const subtotal = this.subtotals.get(key) ?? {
      country: row.country,
      basis,
      rate: row.vatRateBp,
      sums: NO_SUMS,
    };
    this.subtotals.set(key, { ...subtotal, sums: add(subtotal.sums, row) });
    return `${closed}${line([
      row.kind === "sale" ? WORDS.sale : WORDS.refund,
      field(row.paperNumber ?? ""),
      field(row.orderNumber),
      dateOf.format(row.orderedAt),
      dateOf.format(row.at),
      field(row.customer),
      field(countryOf(row.country)),
      field(row.country),
      field(basis),
      frenchRate(row.vatRateBp),
      frenchAmount(row.netCents),
      frenchAmount(row.vatCents),
      frenchAmount(row.totalCents),
      frenchAmount(row.shippingCents),
      field(row.paymentReference ?? ""),
      frenchAmount(row.discountCents),
      field(row.discountCode ?? ""),
    ])}`;
  }

  /** The last month's subtotals and total. */
  end(): string {
    return this.closeMonth();
  }

  private closeMonth(): string {
    if (this.month === undefined) return "";
    const month = this.month;
    const subtotals = [...this.subtotals.values()].sort(
      (a, b) => a.country.localeCompare(b.country) || a.basis.localeCompare(b.basis) || a.rate - b.rate,
    );
    const text = [
      ...subtotals.map(({ country, basis, rate, sums }) =>
        line([
          field(`${WORDS.subtotal} ${month}`),
          "",
          "",
          "",
          "",
          "",
          field(countryOf(country)),
          field(country),
          field(basis),
          frenchRate(rate),
          ...amounts(sums),
          "",
          frenchAmount(sums.discount),
          "",
        ]),
      ),
      line([
        field(`${WORDS.total} ${month}`),
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        "",
        ...amounts(this.total),
        "",
        frenchAmount(this.total.discount),
        "",
      ]),
    ].join("");
    this.total = NO_SUMS;
    this.subtotals = new Map();
    return text;
  }
}

/** The whole CSV of rows already read (a short list; the export streams through writeAccountingCsv). */
export function accountingCsv(rows: AccountingRow[]): string {
  const csv = new AccountingCsv();
  return `${csv.start()}${rows.map((row) => csv.line(row)).join("")}${csv.end()}`;
}

/**
 * The accountant's export: every sale and every refund of a period, with amounts excluding VAT,
 * the VAT and amounts including it, and a total line per month — a CSV as French spreadsheets read
 * it (UTF-8 with a BOM, `;` between fields, decimal commas). The VAT rate is one setting
 * (docs/accounting.md says what changes past the EU distance-selling threshold).
 *
 * The file is written as it is read: rows come from a PostgreSQL cursor a batch at a time, each
 * batch written before the next is asked for, and the month's totals added up on the way. A year
 * of orders never sits in memory, and the event loop serves other requests between two batches.
 */
import { SHOP_MONTH_PATTERN } from "@souls/core/format";
import type { Database, Kysely, Transaction } from "@souls/db";
import { sql } from "kysely";

/** Months are the shop's, in Paris time. */
const TIME_ZONE = "Europe/Paris";

/** Rows read from the cursor at a time: about 200 KB of CSV, a few milliseconds of formatting. */
export const ACCOUNTING_BATCH_ROWS = 1_000;

export interface AccountingPeriod {
  /** First month, `YYYY-MM`. */
  from: string;
  /** Last month, included, `YYYY-MM`. */
  to: string;
}

export interface AccountingRow {
  kind: "sale" | "refund";
  orderNumber: string;
  orderedAt: Date;
  /** When the money came in (payment) or went back (refund). */
  at: Date;
  customer: string;
  country: string;
  /** Including VAT; negative for a refund. */
  totalCents: number;
  /** The delivery's part of it, including VAT. */
  shippingCents: number;
  paymentReference: string | null;
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
 * The sales (orders paid) and refunds (settled) of the period, oldest first; at one moment, by
 * order number, a sale before its refunds.
 */
function periodEntries(db: Kysely<Database> | Transaction<Database>, period: AccountingPeriod) {
  const { start, end } = boundsOf(period);
  const sales = db
    .selectFrom("orders")
    .select([
      sql<AccountingRow["kind"]>`'sale'`.as("kind"),
      "orders.id",
      "orders.orderNumber",
      "orders.createdAt as orderedAt",
      sql<Date>`${sql.ref("orders.paidAt")}`.as("at"),
      "orders.firstName",
      "orders.lastName",
      "orders.country",
      "orders.totalCents",
      "orders.shippingCents",
      "orders.paymentReference",
    ])
    .where("orders.paidAt", ">=", start)
    .where("orders.paidAt", "<", end);
  const refunds = db
    .selectFrom("refunds")
    .innerJoin("orders", "orders.id", "refunds.orderId")
    .select([
      sql<AccountingRow["kind"]>`'refund'`.as("kind"),
      "refunds.id",
      "orders.orderNumber",
      "orders.createdAt as orderedAt",
      sql<Date>`${sql.ref("refunds.settledAt")}`.as("at"),
      "orders.firstName",
      "orders.lastName",
      "orders.country",
      sql<number>`-${sql.ref("refunds.amountCents")}`.as("totalCents"),
      sql<number>`-${sql.ref("refunds.shippingCents")}`.as("shippingCents"),
      sql<string | null>`${sql.ref("refunds.providerRefundId")}`.as("paymentReference"),
    ])
    .where("refunds.status", "=", "succeeded")
    .where("refunds.settledAt", ">=", start)
    .where("refunds.settledAt", "<", end);
  return db
    .selectFrom(sales.unionAll(refunds).as("entries"))
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
    orderNumber: entry.orderNumber,
    orderedAt: entry.orderedAt,
    at: entry.at,
    customer: `${entry.firstName} ${entry.lastName}`,
    country: entry.country,
    totalCents: entry.totalCents,
    shippingCents: entry.shippingCents,
    paymentReference: entry.paymentReference,
  };
}

/** The period's rows at once, for a short period (the export itself streams: writeAccountingCsv). */
export async function accountingRows(
  db: Kysely<Database>,
  period: AccountingPeriod,
): Promise<AccountingRow[]> {
  return (await periodEntries(db, period).execute()).map(rowOf);
}

/** How many sales and refunds the period's export holds (two counts, nothing read). */
export async function accountingCounts(
  db: Kysely<Database>,
  period: AccountingPeriod,
): Promise<{ sales: number; refunds: number }> {
  const { start, end } = boundsOf(period);
  const [sales, refunds] = await Promise.all([
    db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("paidAt", ">=", start)
      .where("paidAt", "<", end)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("refunds")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("status", "=", "succeeded")
      .where("settledAt", ">=", start)
      .where("settledAt", "<", end)
      .executeTakeFirstOrThrow(),
  ]);
  return { sales: Number(sales.n), refunds: Number(refunds.n) };
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
  vatRatePercent: number,
  write: (chunk: string) => void | Promise<void>,
  { batchSize = ACCOUNTING_BATCH_ROWS }: { batchSize?: number } = {},
): Promise<AccountingExportReport> {
  const entries = periodEntries(db, period);
  const rowsPerBatch = Math.max(1, Math.floor(batchSize));
  const csv = new AccountingCsv(vatRatePercent);
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

/** The part excluding VAT of an amount including it, to the cent; the VAT is the rest. */
export function splitVat(totalCents: number, vatRatePercent: number): { netCents: number; vatCents: number } {
  const netCents = Math.round((totalCents * 100) / (100 + vatRatePercent));
  return { netCents, vatCents: totalCents - netCents };
}

const HEADER = [
  "Type",
  "N° de commande",
  "Date de commande",
  "Date de l'opération",
  "Client",
  "Pays",
  "Code pays",
  "Montant HT",
  "TVA",
  "Montant TTC",
  "dont livraison TTC",
  "Référence de paiement",
];

/** 1234 cents → `12,34`; −1234 → `-12,34`. */
export function frenchAmount(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
}

/**
 * A text field as a spreadsheet reads it: quoted when it holds `;`, a quote or a line break, and
 * never starting with a formula character (a customer named "=HYPERLINK(…)" stays text).
 */
function field(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const dateOf = new Intl.DateTimeFormat("fr-FR", { timeZone: TIME_ZONE, dateStyle: "short" });
const monthOf = new Intl.DateTimeFormat("fr-FR", { timeZone: TIME_ZONE, month: "long", year: "numeric" });
const countries = new Intl.DisplayNames(["fr"], { type: "region" });

/** CRLF, as spreadsheets write it. */
const line = (fields: string[]) => `${fields.join(";")}\r\n`;

/**
 * The CSV's text as its rows come, oldest first: the header, each row, and a total line each time
 * a month ends (so rows can be written as they are read, never all held).
 */
class AccountingCsv {
  private month: string | undefined;
  private totals = { net: 0, vat: 0, gross: 0, shipping: 0 };

  constructor(private readonly vatRatePercent: number) {}

  /** The BOM tells spreadsheets the file is UTF-8 (accents in names); then the header. */
  start(): string {
    return `\uFEFF${line(HEADER)}`;
  }

  line(row: AccountingRow): string {
    const rowMonth = monthOf.format(row.at);
    const closed = rowMonth === this.month ? "" : this.closeMonth();
    this.month = rowMonth;
    const { netCents, vatCents } = splitVat(row.totalCents, this.vatRatePercent);
    this.totals.net += netCents;
    this.totals.vat += vatCents;
    this.totals.gross += row.totalCents;
    this.totals.shipping += row.shippingCents;
    return `${closed}${line([
      row.kind === "sale" ? "Vente" : "Remboursement",
      field(row.orderNumber),
      dateOf.format(row.orderedAt),
      dateOf.format(row.at),
      field(row.customer),
      field(countries.of(row.country) ?? row.country),
      field(row.country),
      frenchAmount(netCents),
      frenchAmount(vatCents),
      frenchAmount(row.totalCents),
      frenchAmount(row.shippingCents),
      field(row.paymentReference ?? ""),
    ])}`;
  }

  /** The last month's total line. */
  end(): string {
    return this.closeMonth();
  }

  private closeMonth(): string {
    if (this.month === undefined) return "";
    const { net, vat, gross, shipping } = this.totals;
    this.totals = { net: 0, vat: 0, gross: 0, shipping: 0 };
    return line([
      field(`Total ${this.month}`),
      "",
      "",
      "",
      "",
      "",
      "",
      frenchAmount(net),
      frenchAmount(vat),
      frenchAmount(gross),
      frenchAmount(shipping),
      "",
    ]);
  }
}

/** The whole CSV of rows already read (a short list; the export streams through writeAccountingCsv). */
export function accountingCsv(rows: AccountingRow[], vatRatePercent: number): string {
  const csv = new AccountingCsv(vatRatePercent);
  return `${csv.start()}${rows.map((row) => csv.line(row)).join("")}${csv.end()}`;
}

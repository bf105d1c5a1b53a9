/**
 * The accountant's export: every sale and every refund of a period, with amounts excluding VAT,
 * the VAT and amounts including it, and a total line per month — a CSV as French spreadsheets read
 * it (UTF-8 with a BOM, `;` between fields, decimal commas). The VAT rate is one setting
 * (docs/accounting.md says what changes past the EU distance-selling threshold).
 */
import type { Database, Kysely } from "@souls/db";
import { sql } from "kysely";

/** Months are the shop's, in Paris time. */
const TIME_ZONE = "Europe/Paris";

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

export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The sales (orders paid) and refunds (settled) of the period, oldest first. */
export async function accountingRows(
  db: Kysely<Database>,
  period: AccountingPeriod,
): Promise<AccountingRow[]> {
  if (!MONTH_PATTERN.test(period.from) || !MONTH_PATTERN.test(period.to) || period.from > period.to) {
    throw new RangeError("a period is two months, YYYY-MM, the first not after the last");
  }
  const start = sql<Date>`(${`${period.from}-01`}::timestamp AT TIME ZONE ${TIME_ZONE})`;
  const end = sql<Date>`((${`${period.to}-01`}::timestamp + interval '1 month') AT TIME ZONE ${TIME_ZONE})`;
  const [sales, refunds] = await Promise.all([
    db
      .selectFrom("orders")
      .select([
        "orderNumber",
        "createdAt",
        "paidAt",
        "firstName",
        "lastName",
        "country",
        "totalCents",
        "shippingCents",
        "paymentReference",
      ])
      .where("paidAt", "is not", null)
      .where("paidAt", ">=", start)
      .where("paidAt", "<", end)
      .execute(),
    db
      .selectFrom("refunds")
      .innerJoin("orders", "orders.id", "refunds.orderId")
      .select([
        "orders.orderNumber",
        "orders.createdAt",
        "refunds.settledAt",
        "orders.firstName",
        "orders.lastName",
        "orders.country",
        "refunds.amountCents",
        "refunds.shippingCents",
        "refunds.providerRefundId",
      ])
      .where("refunds.status", "=", "succeeded")
      .where("refunds.settledAt", ">=", start)
      .where("refunds.settledAt", "<", end)
      .execute(),
  ]);
  const rows: AccountingRow[] = [
    ...sales.map((sale) => ({
      kind: "sale" as const,
      orderNumber: sale.orderNumber,
      orderedAt: sale.createdAt,
      at: sale.paidAt as Date,
      customer: `${sale.firstName} ${sale.lastName}`,
      country: sale.country,
      totalCents: sale.totalCents,
      shippingCents: sale.shippingCents,
      paymentReference: sale.paymentReference,
    })),
    ...refunds.map((refund) => ({
      kind: "refund" as const,
      orderNumber: refund.orderNumber,
      orderedAt: refund.createdAt,
      at: refund.settledAt as Date,
      customer: `${refund.firstName} ${refund.lastName}`,
      country: refund.country,
      totalCents: -refund.amountCents,
      shippingCents: -refund.shippingCents,
      paymentReference: refund.providerRefundId,
    })),
  ];
  return rows.sort((a, b) => a.at.getTime() - b.at.getTime() || a.orderNumber.localeCompare(b.orderNumber));
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

export function accountingCsv(rows: AccountingRow[], vatRatePercent: number): string {
  const date = new Intl.DateTimeFormat("fr-FR", { timeZone: TIME_ZONE, dateStyle: "short" });
  const monthOf = new Intl.DateTimeFormat("fr-FR", { timeZone: TIME_ZONE, month: "long", year: "numeric" });
  const countries = new Intl.DisplayNames(["fr"], { type: "region" });
  const lines = [HEADER.join(";")];
  let month: string | undefined;
  let totals = { net: 0, vat: 0, gross: 0, shipping: 0 };
  const closeMonth = () => {
    if (month === undefined) return;
    lines.push(
      [
        field(`Total ${month}`),
        "",
        "",
        "",
        "",
        "",
        "",
        frenchAmount(totals.net),
        frenchAmount(totals.vat),
        frenchAmount(totals.gross),
        frenchAmount(totals.shipping),
        "",
      ].join(";"),
    );
    totals = { net: 0, vat: 0, gross: 0, shipping: 0 };
  };
  for (const row of rows) {
    const rowMonth = monthOf.format(row.at);
    if (rowMonth !== month) {
      closeMonth();
      month = rowMonth;
    }
    const { netCents, vatCents } = splitVat(row.totalCents, vatRatePercent);
    totals.net += netCents;
    totals.vat += vatCents;
    totals.gross += row.totalCents;
    totals.shipping += row.shippingCents;
    lines.push(
      [
        row.kind === "sale" ? "Vente" : "Remboursement",
        field(row.orderNumber),
        date.format(row.orderedAt),
        date.format(row.at),
        field(row.customer),
        field(countries.of(row.country) ?? row.country),
        field(row.country),
        frenchAmount(netCents),
        frenchAmount(vatCents),
        frenchAmount(row.totalCents),
        frenchAmount(row.shippingCents),
        field(row.paymentReference ?? ""),
      ].join(";"),
    );
  }
  closeMonth();
  // The BOM tells spreadsheets the file is UTF-8 (accents in names); CRLF as they write it.
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

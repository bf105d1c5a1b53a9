import { seededTestDatabase } from "@souls/db/testing";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { saveOwnerSettings } from "../owner/settings";
import { offlineGateway } from "../payments/offline-gateway";
import { refundOrder } from "../refunds/refunds";
import { insertPaidOrders, placePaidOrder } from "../testing";
import {
  type AccountingPeriod,
  accountingCounts,
  accountingCsv,
  accountingRows,
  frenchAmount,
  frenchRate,
  writeAccountingCsv,
} from "./accounting";

const t = seededTestDatabase();

/** The CSV as a spreadsheet reads it back: rows of fields. */
const readBack = (csv: string) =>
  csv
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n")
    .map((line) => line.split(";"));

/** The export as the download receives it: its chunks, joined, and what the writer says it read. */
async function streamed(period: AccountingPeriod, batchSize?: number) {
  const chunks: string[] = [];
  const report = await writeAccountingCsv(t.db, period, (chunk) => void chunks.push(chunk), {
    batchSize,
  });
  return { csv: chunks.join(""), chunks, report };
}

const SETTINGS = { ownerEmail: null, newOrderEmail: true, lowStockEmail: true, lowStockBelow: 3 } as const;

/** Moves a sale (its payment and invoice) and its refunds (their credit notes) to given days. */
async function dated(orderId: number, paid: string, refunded?: string) {
  const at = (day: string) => sql<Date>`${`${day}T10:00:00Z`}::timestamptz`;
  await sql`UPDATE orders SET paid_at = ${at(paid)} WHERE id = ${orderId}`.execute(t.db);
  await sql`UPDATE invoices SET issued_at = ${at(paid)} WHERE order_id = ${orderId}`.execute(t.db);
  if (refunded) {
    await sql`UPDATE refunds SET settled_at = ${at(refunded)} WHERE order_id = ${orderId}`.execute(t.db);
    await sql`UPDATE credit_notes SET issued_at = ${at(refunded)}
      WHERE refund_id IN (SELECT id FROM refunds WHERE order_id = ${orderId})`.execute(t.db);
  }
}

describe("the accountant's export", () => {
  it("writes French amounts and rates", () => {
    expect([frenchAmount(16900), frenchAmount(-1205), frenchAmount(5)]).toEqual(["169,00", "-12,05", "0,05"]);
    expect([frenchRate(2000), frenchRate(2550), frenchRate(0)]).toEqual(["20 %", "25,5 %", "0 %"]);
  });

  it("lists a month's sales and refunds as their papers say, with a subtotal per country and rate, then the month's total", async () => {
    await saveOwnerSettings(t.db, { ...SETTINGS, vatRegime: "france" });
    // A name written as a spreadsheet formula stays text in the export.
    const germany = await placePaidOrder(t.db, {
      details: { firstName: '=HYPERLINK("x")', country: "DE", postalCode: "10115" },
    });
    const france = await placePaidOrder(t.db, { model: "nadia" });
    // Past the OSS threshold from December: the next German sale takes 19 %; a Swiss one is an export.
    await saveOwnerSettings(t.db, { ...SETTINGS, vatRegime: "destination" });
    const germanyAt19 = await placePaidOrder(t.db, {
      model: "bilin",
      details: { country: "DE", postalCode: "80331" },
    });
    const switzerland = await placePaidOrder(t.db, {
      model: "ilian",
      details: { country: "CH", postalCode: "8001" },
    });
    await refundOrder(t.db, offlineGateway, {
      orderNumber: germany.orderNumber,
      requestKey: "accounting-refund-000001",
      reason: "goodwill",
      amountCents: 1200,
      restock: "no",
    });
    await dated(germany.id, "2026-11-15", "2026-12-20");
    await dated(france.id, "2026-12-15");
    await dated(germanyAt19.id, "2026-12-16");
    await dated(switzerland.id, "2026-12-17");

    const rows = await accountingRows(t.db, { from: "2026-11", to: "2026-12" });
    const csv = accountingCsv(rows);
    // Streamed a row at a time, two at a time, or all at once: the same file.
    for (const batchSize of [1, 2, 1000]) {
      expect((await streamed({ from: "2026-11", to: "2026-12" }, batchSize)).csv).toBe(csv);
    }
    expect(csv.startsWith("\uFEFFType;N° de pièce;N° de commande;")).toBe(true);
    const [header, ...lines] = readBack(csv);
    expect(header).toHaveLength(17);
    const firstOf = (fields: string[] | undefined) => fields?.[0];
    expect(lines.map(firstOf)).toEqual([
      "Vente",
      "Sous-total novembre 2026",
      "Total novembre 2026",
      "Vente",
      "Vente",
      "Vente",
      "Remboursement",
      "Sous-total décembre 2026",
      "Sous-total décembre 2026",
      "Sous-total décembre 2026",
      "Sous-total décembre 2026",
      "Total décembre 2026",
    ]);
    const [sale, novemberDe, novemberTotal, frSale, deSale, chSale, refund, ...december] = lines;
    // 169 € + 12 € of delivery to Germany, at the French rate (under the threshold).
    expect(sale).toEqual([
      "Vente",
      "TEST-F-000001",
      germany.orderNumber,
      expect.stringMatching(/^\d\d\/\d\d\/\d{4}$/),
      "15/11/2026",
      `"'=HYPERLINK(""x"") Martin"`,
      "Allemagne",
      "DE",
      "TVA France",
      "20 %",
      "150,83",
      "30,17",
      "181,00",
      "12,00",
      "",
      "0,00",
      "",
    ]);
    expect(novemberDe?.slice(6, 14)).toEqual([
      "Allemagne",
      "DE",
      "TVA France",
      "20 %",
      "150,83",
      "30,17",
      "181,00",
      "12,00",
    ]);
    expect(novemberTotal?.slice(10, 14)).toEqual(["150,83", "30,17", "181,00", "12,00"]);
    expect(frSale?.slice(1, 3)).toEqual(["TEST-F-000002", france.orderNumber]);
    expect(deSale?.slice(8, 13)).toEqual([
      "TVA du pays de livraison (OSS)",
      "19 %",
      "152,10",
      "28,90",
      "181,00",
    ]);
    expect(chSale?.slice(8, 13)).toEqual([
      "Exportation, exonérée (CGI art. 262 I)",
      "0 %",
      "181,00",
      "0,00",
      "181,00",
    ]);
    // The refund of the November sale, in December, takes the sale's 20 %.
    expect(refund?.slice(0, 3)).toEqual(["Remboursement", "TEST-AV-000001", germany.orderNumber]);
    expect(refund?.slice(8, 14)).toEqual(["TVA France", "20 %", "-10,00", "-2,00", "-12,00", "0,00"]);
    // One subtotal per country and VAT: Switzerland, Germany at 19 %, Germany at 20 % (the refund), France.
    expect(december.slice(0, 4).map((fields) => fields.slice(7, 13))).toEqual([
      ["CH", "Exportation, exonérée (CGI art. 262 I)", "0 %", "181,00", "0,00", "181,00"],
      ["DE", "TVA du pays de livraison (OSS)", "19 %", "152,10", "28,90", "181,00"],
      ["DE", "TVA France", "20 %", "-10,00", "-2,00", "-12,00"],
      ["FR", "TVA France", "20 %", "140,83", "28,17", "169,00"],
    ]);
    expect(december[4]?.slice(10, 13)).toEqual(["463,93", "55,07", "519,00"]);
    // Another period holds none of them.
    expect(await accountingRows(t.db, { from: "2027-01", to: "2027-01" })).toEqual([]);
    await expect(accountingRows(t.db, { from: "2026-12", to: "2026-11" })).rejects.toBeInstanceOf(RangeError);
  });

  it("reads what was stored: changing the regime afterwards changes no line of a past month", async () => {
    const period = { from: "2026-11", to: "2026-12" };
    const before = (await streamed(period)).csv;
    await saveOwnerSettings(t.db, { ...SETTINGS, vatRegime: "franchise" });
    expect((await streamed(period)).csv).toBe(before);
  });
});

describe("the accountant's export of a busy period", () => {
  it("is read from PostgreSQL in batches and written as it comes: the same file, each month's total right", async () => {
    // 2,500 sales a minute apart from 31 January, 21:00 in Paris, into February; ten refunds
    // settled at their sale's very moment (the sale comes first).
    await insertPaidOrders(t.db, {
      count: 2_500,
      paidFrom: new Date("2025-01-31T20:00:00Z"),
      everySeconds: 60,
    });
    // Refunds of payments that were never sales (no invoice, so no VAT): their orders' invoices go.
    await sql`DELETE FROM invoices WHERE order_id IN (SELECT id FROM orders WHERE order_number LIKE 'SOULS-00012%')`.execute(
      t.db,
    );
    await sql`INSERT INTO refunds (order_id, provider, amount_cents, reason, status, source, restock, settled_at)
      SELECT id, 'test', 500, 'sold_out', 'succeeded', 'system', 'no', paid_at FROM orders
      WHERE order_number LIKE 'SOULS-00012%' AND paid_at < '2025-03-01'`.execute(t.db);
    const period = { from: "2025-01", to: "2025-02" };

    const { csv, chunks, report } = await streamed(period);
    expect(report).toEqual({ sales: 2_490, refunds: 10, batches: 3 });
    expect(await accountingCounts(t.db, period)).toEqual({ sales: 2_490, refunds: 10 });
    // The BOM and header, then one chunk per batch, then the last month's total.
    expect(chunks).toHaveLength(5);
    expect(csv).toBe(accountingCsv(await accountingRows(t.db, period)));

    const [, ...lines] = readBack(csv);
    // Each month: its rows, a subtotal for France, Germany and the refunds without a sale, its total.
    expect(lines).toHaveLength(2_490 + 10 + 2 * 4);
    expect(lines.filter((fields) => fields[0]?.startsWith("Total ")).map((fields) => fields[0])).toEqual([
      "Total janvier 2025",
      "Total février 2025",
    ]);
    // Each total is its month's rows added up, across the batches' edges, and so are its subtotals.
    const cents = (amount = "") => Math.round(Number(amount.replace(",", ".")) * 100);
    let sums = [0, 0, 0, 0];
    let subtotals = [0, 0, 0, 0];
    for (const fields of lines) {
      const amounts = fields.slice(10, 14).map(cents);
      if (fields[0]?.startsWith("Total ")) {
        expect(amounts).toEqual(sums);
        expect(subtotals).toEqual(sums);
        sums = [0, 0, 0, 0];
        subtotals = [0, 0, 0, 0];
      } else if (fields[0]?.startsWith("Sous-total ")) {
        subtotals = subtotals.map((sum, i) => sum + (amounts[i] ?? 0));
      } else {
        sums = sums.map((sum, i) => sum + (amounts[i] ?? 0));
      }
    }
    const refund = lines.find((fields) => fields[0] === "Remboursement");
    expect(refund?.slice(1, 2)).toEqual([""]);
    expect(refund?.slice(8, 13)).toEqual([
      "Sans TVA : paiement remboursé sans vente",
      "0 %",
      "-5,00",
      "0,00",
      "-5,00",
    ]);
  });

  it("stops reading once the download is dropped, and gives its connection back", async () => {
    await insertPaidOrders(t.db, { count: 30, paidFrom: new Date("2025-05-10T10:00:00Z") });
    let writes = 0;
    const dropped = writeAccountingCsv(
      t.db,
      { from: "2025-05", to: "2025-05" },
      () => {
        if (++writes === 2) throw new Error("the download was dropped");
      },
      { batchSize: 10 },
    );
    await expect(dropped).rejects.toThrow("the download was dropped");
    expect(writes).toBe(2);
    expect(await accountingCounts(t.db, { from: "2025-05", to: "2025-05" })).toEqual({
      sales: 30,
      refunds: 0,
    });
  });

  it("refuses months out of the shop's books before PostgreSQL is asked (year 0 was a 500)", async () => {
    const write = () => {};
    for (const [from, to] of [
      ["0000-01", "0000-01"],
      ["0000-01", "2026-11"],
      ["1999-12", "2026-01"],
      ["2026-01", "3000-01"],
      ["9999-12", "9999-12"],
      ["2026-13", "2026-13"],
      ["2026-00", "2026-01"],
      ["2026-1", "2026-01"],
      ["2026-12", "2026-11"],
    ] as const) {
      const period = { from, to };
      await expect(writeAccountingCsv(t.db, period, write), `${from}…${to}`).rejects.toBeInstanceOf(
        RangeError,
      );
      await expect(accountingRows(t.db, period)).rejects.toBeInstanceOf(RangeError);
      await expect(accountingCounts(t.db, period)).rejects.toBeInstanceOf(RangeError);
    }
  });
});

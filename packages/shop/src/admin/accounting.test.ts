import { seededTestDatabase } from "@souls/db/testing";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { offlineGateway } from "../payments/offline-gateway";
import { refundOrder } from "../refunds/refunds";
import { insertPaidOrders, placePaidOrder } from "../testing";
import {
  type AccountingPeriod,
  accountingCounts,
  accountingCsv,
  accountingRows,
  frenchAmount,
  splitVat,
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
  const report = await writeAccountingCsv(t.db, period, 20, (chunk) => void chunks.push(chunk), {
    batchSize,
  });
  return { csv: chunks.join(""), chunks, report };
}

describe("the accountant's export", () => {
  it("splits VAT to the cent and writes French amounts", () => {
    expect(splitVat(16900, 20)).toEqual({ netCents: 14083, vatCents: 2817 });
    expect(splitVat(-16900, 20)).toEqual({ netCents: -14083, vatCents: -2817 });
    expect(splitVat(18100, 5.5)).toEqual({ netCents: 17156, vatCents: 944 });
    expect([frenchAmount(16900), frenchAmount(-1205), frenchAmount(5)]).toEqual(["169,00", "-12,05", "0,05"]);
  });

  it("lists a month's sales and refunds with VAT, the total per month, in a CSV French spreadsheets read", async () => {
    // A name written as a spreadsheet formula stays text in the export.
    const november = await placePaidOrder(t.db, { details: { firstName: '=HYPERLINK("x")', country: "DE" } });
    const december = await placePaidOrder(t.db, { model: "nadia" });
    await refundOrder(t.db, offlineGateway, {
      orderNumber: november.orderNumber,
      requestKey: "accounting-refund-000001",
      reason: "goodwill",
      amountCents: 1200,
      restock: "no",
    });
    const at = (day: string) => sql<Date>`${`${day}T10:00:00Z`}::timestamptz`;
    await sql`UPDATE orders SET paid_at = ${at("2026-11-15")} WHERE id = ${november.id}`.execute(t.db);
    await sql`UPDATE orders SET paid_at = ${at("2026-12-15")} WHERE id = ${december.id}`.execute(t.db);
    await sql`UPDATE refunds SET settled_at = ${at("2026-12-20")}`.execute(t.db);

    const rows = await accountingRows(t.db, { from: "2026-11", to: "2026-12" });
    const csv = accountingCsv(rows, 20);
    // Streamed a row at a time, two at a time, or all at once: the same file.
    for (const batchSize of [1, 2, 1000]) {
      expect((await streamed({ from: "2026-11", to: "2026-12" }, batchSize)).csv).toBe(csv);
    }
    expect(csv.startsWith("\uFEFFType;N° de commande;")).toBe(true);
    const [header, ...lines] = readBack(csv);
    expect(header).toHaveLength(12);
    expect(lines).toHaveLength(5);
    const [sale, novemberTotal, sale2, refund, decemberTotal] = lines;
    // 169 € + 12 € of delivery to Germany.
    expect(sale?.slice(0, 2)).toEqual(["Vente", november.orderNumber]);
    expect(sale?.slice(4, 12)).toEqual([
      `"'=HYPERLINK(""x"") Martin"`,
      "Allemagne",
      "DE",
      "150,83",
      "30,17",
      "181,00",
      "12,00",
      "",
    ]);
    expect(novemberTotal?.[0]).toBe("Total novembre 2026");
    expect(novemberTotal?.slice(7, 11)).toEqual(["150,83", "30,17", "181,00", "12,00"]);
    expect(sale2?.slice(0, 2)).toEqual(["Vente", december.orderNumber]);
    expect(refund?.slice(0, 2)).toEqual(["Remboursement", november.orderNumber]);
    expect(refund?.slice(7, 11)).toEqual(["-10,00", "-2,00", "-12,00", "0,00"]);
    expect(decemberTotal?.[0]).toBe("Total décembre 2026");
    expect(decemberTotal?.slice(7, 10)).toEqual(["130,83", "26,17", "157,00"]);
    // Another period holds none of them.
    expect(await accountingRows(t.db, { from: "2027-01", to: "2027-01" })).toEqual([]);
    await expect(accountingRows(t.db, { from: "2026-12", to: "2026-11" })).rejects.toBeInstanceOf(RangeError);
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
    await sql`INSERT INTO refunds (order_id, provider, amount_cents, reason, status, source, restock, settled_at)
      SELECT id, 'test', 500, 'goodwill', 'succeeded', 'admin', 'no', paid_at FROM orders
      WHERE order_number LIKE 'SOULS-00012%' AND paid_at < '2025-03-01'`.execute(t.db);
    const period = { from: "2025-01", to: "2025-02" };

    const { csv, chunks, report } = await streamed(period);
    expect(report).toEqual({ sales: 2_500, refunds: 10, batches: 3 });
    expect(await accountingCounts(t.db, period)).toEqual({ sales: 2_500, refunds: 10 });
    // The BOM and header, then one chunk per batch, then the last month's total.
    expect(chunks).toHaveLength(5);
    expect(csv).toBe(accountingCsv(await accountingRows(t.db, period), 20));

    const [, ...lines] = readBack(csv);
    expect(lines).toHaveLength(2_500 + 10 + 2);
    expect(lines.filter((fields) => fields[0]?.startsWith("Total ")).map((fields) => fields[0])).toEqual([
      "Total janvier 2025",
      "Total février 2025",
    ]);
    // Each total is its month's rows added up, across the batches' edges.
    const cents = (amount = "") => Math.round(Number(amount.replace(",", ".")) * 100);
    let sums = [0, 0, 0, 0];
    for (const fields of lines) {
      const amounts = fields.slice(7, 11).map(cents);
      if (fields[0]?.startsWith("Total ")) {
        expect(amounts).toEqual(sums);
        sums = [0, 0, 0, 0];
      } else {
        sums = sums.map((sum, i) => sum + (amounts[i] ?? 0));
      }
    }
    const refund = lines.findIndex((fields) => fields[0] === "Remboursement");
    expect(lines[refund - 1]?.slice(0, 2)).toEqual(["Vente", lines[refund]?.[1]]);
  });

  it("stops reading once the download is dropped, and gives its connection back", async () => {
    await insertPaidOrders(t.db, { count: 30, paidFrom: new Date("2025-05-10T10:00:00Z") });
    let writes = 0;
    const dropped = writeAccountingCsv(
      t.db,
      { from: "2025-05", to: "2025-05" },
      20,
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
      await expect(writeAccountingCsv(t.db, period, 20, write), `${from}…${to}`).rejects.toBeInstanceOf(
        RangeError,
      );
      await expect(accountingRows(t.db, period)).rejects.toBeInstanceOf(RangeError);
      await expect(accountingCounts(t.db, period)).rejects.toBeInstanceOf(RangeError);
    }
  });
});

import { seededTestDatabase } from "@souls/db/testing";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { offlineGateway } from "../payments/offline-gateway";
import { refundOrder } from "../refunds/refunds";
import { placePaidOrder } from "../testing";
import { accountingCsv, accountingRows, frenchAmount, splitVat } from "./accounting";

const t = seededTestDatabase();

/** The CSV as a spreadsheet reads it back: rows of fields. */
const readBack = (csv: string) =>
  csv
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n")
    .map((line) => line.split(";"));

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

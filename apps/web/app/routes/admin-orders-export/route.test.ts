/**
 * The accountant's export route on real PostgreSQL: the owner's session or nothing, months of the
 * shop's books only, and the CSV streamed batch by batch, the same file as built whole.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { accountingCsv, accountingRows } from "@souls/shop/admin";
import { insertPaidOrders } from "@souls/shop/testing";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { shopWithOwnerSession } from "~/lib/owner-session.testing";
import { ACCOUNTING_EXPORT_PATH, routeTable } from "~/screens";

const shop = shopWithOwnerSession();
let loader: (args: LoaderFunctionArgs) => Promise<Response>;

beforeAll(async () => {
  ({ loader } = await import("./route"));
});

const exportOf = (query: string, cookie = shop.ownerCookie) =>
  loader({
    request: new Request(`https://souls.example${ACCOUNTING_EXPORT_PATH}?${query}`, {
      headers: cookie ? { Cookie: cookie } : {},
    }),
    params: {},
    context: { socketAddress: "203.0.113.60" },
  });

/** The body as the browser receives it: each chunk, then the whole text. */
async function received(response: Response) {
  const reader = response.body?.getReader();
  // The BOM is part of the file (spreadsheets read it as UTF-8): kept, not eaten by the decoder.
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  let chunks = 0;
  let text = "";
  for (;;) {
    const { done, value } = (await reader?.read()) ?? { done: true, value: undefined };
    if (done) break;
    chunks++;
    text += decoder.decode(value, { stream: true });
  }
  return { chunks, text: text + decoder.decode() };
}

describe("the accountant's export route", () => {
  it("is one of the owner's endpoints in the route table", () => {
    expect(routeTable().find((route) => route.path === ACCOUNTING_EXPORT_PATH)).toMatchObject({
      module: "routes/admin-orders-export/route.ts",
    });
  });

  it("answers 401 and no data without the owner's session", async () => {
    await insertPaidOrders(shop.t.db, { count: 3, paidFrom: new Date("2025-06-10T10:00:00Z") });
    for (const cookie of ["", "admin_session=forged", `${shop.ownerCookie}x`]) {
      const answer = await exportOf("from=2025-06&to=2025-06", cookie);
      expect(answer.status).toBe(401);
      expect(answer.headers.get("Content-Disposition")).toBeNull();
      const body = await answer.text();
      expect(body).toBe("Session expirée : reconnectez-vous.");
    }
  });

  it("refuses months out of the shop's books with a 400 in French, never a 500", async () => {
    for (const query of [
      "from=0000-01&to=0000-01",
      "from=0000-01&to=2025-06",
      "from=9999-12&to=9999-12",
      "from=1999-12&to=2025-01",
      "from=2026-13&to=2026-13",
      "from=2025-6&to=2025-06",
      "from=&to=",
      "",
      "from=2025-06&to=2025-06%00",
    ]) {
      const answer = await exportOf(query);
      expect(answer.status, query).toBe(400);
      expect(await answer.text(), query).toMatch(/^Indiquez un mois de 2000 à 2999/);
    }
    const backwards = await exportOf("from=2025-07&to=2025-06");
    expect(backwards.status).toBe(400);
    expect(await backwards.text()).toBe("Le premier mois ne peut pas suivre le dernier.");
  });

  it("streams the period's CSV as a download, batch by batch: the very file built whole", async () => {
    await insertPaidOrders(shop.t.db, {
      count: 2_500,
      paidFrom: new Date("2025-03-01T00:00:00Z"),
      everySeconds: 60,
    });
    await sql`INSERT INTO refunds (order_id, provider, amount_cents, reason, status, source, restock, settled_at)
      SELECT id, 'test', 1200, 'goodwill', 'succeeded', 'admin', 'no', paid_at + interval '1 day' FROM orders
      WHERE paid_at >= '2025-03-01' AND paid_at < '2025-03-02'`.execute(shop.t.db);
    const answer = await exportOf("from=2025-03&to=2025-04");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("Content-Disposition")).toBe(
      'attachment; filename="souls-comptabilite-2025-03_2025-04.csv"',
    );
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    const { chunks, text } = await received(answer);
    // The header, one chunk per thousand rows read, the last total.
    expect(chunks).toBeGreaterThanOrEqual(5);
    const whole = accountingCsv(await accountingRows(shop.t.db, { from: "2025-03", to: "2025-04" }));
    expect(text).toBe(whole);
    expect(text.split("\r\n").filter((line) => line.startsWith("Vente;"))).toHaveLength(2_500);
  });
});

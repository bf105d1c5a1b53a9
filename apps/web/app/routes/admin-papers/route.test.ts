/**
 * An order's papers and the sign-up lists' export, on real PostgreSQL through their routes: the
 * owner's session or nothing, a PDF whose text is the stored invoice, a 404 for a paper the order
 * does not have, and the CSV of confirmed addresses.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { pdfText } from "@souls/papers/testing";
import { placePaidOrder } from "@souls/shop/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { shopWithOwnerSession } from "~/lib/owner-session.testing";
import { PAPER_PATHS, paperPath, routeTable, SIGNUPS_EXPORT_PATH } from "~/screens";

const shop = shopWithOwnerSession();
let papers: (args: LoaderFunctionArgs) => Promise<Response>;
let signups: (args: LoaderFunctionArgs) => Promise<Response>;
let order: { id: number; orderNumber: string };

beforeAll(async () => {
  ({ loader: papers } = await import("./route"));
  ({ loader: signups } = await import("../admin-signups-export/route"));
  order = await placePaidOrder(shop.t.db, {
    details: { country: "US", postalCode: "10001", city: "New York" },
  });
});

const paperOf = (paper: string, cookie = shop.ownerCookie) =>
  papers({
    request: new Request(`https://souls.example${paperPath(order.orderNumber, paper)}`, {
      headers: cookie ? { Cookie: cookie } : {},
    }),
    params: { orderNumber: order.orderNumber, paper },
    context: { socketAddress: "203.0.113.61" },
  });

describe("an order's papers", () => {
  it("are the owner's endpoints in the route table", () => {
    expect(routeTable().find((route) => route.module === "routes/admin-papers/route.ts")?.path).toBe(
      "/admin-orders/:orderNumber/:paper",
    );
  });

  it("answer the invoice as a PDF that says what was stored, printed twice the same", async () => {
    const answer = await paperOf(PAPER_PATHS.invoice);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("application/pdf");
    expect(answer.headers.get("Content-Disposition")).toBe('inline; filename="facture-TEST-F-000001.pdf"');
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    const bytes = new Uint8Array(await answer.arrayBuffer());
    const { text } = await pdfText(bytes);
    // The order was placed in French by the test helper: its papers speak French.
    expect(text).toContain("Facture n° TEST-F-000001");
    expect(text).toContain("Exonération de TVA, article 262 I du CGI");
    const again = new Uint8Array(await (await paperOf(PAPER_PATHS.invoice)).arrayBuffer());
    expect(Buffer.compare(Buffer.from(bytes), Buffer.from(again))).toBe(0);
    const slip = await pdfText(new Uint8Array(await (await paperOf(PAPER_PATHS.packingSlip)).arrayBuffer()));
    expect(slip.text).toContain("Bon de livraison");
    expect(slip.text).toContain("New York");
  });

  it("answer 401 without the owner's session, 404 for a paper the order has not", async () => {
    for (const cookie of ["", "admin_session=forged"]) {
      expect((await paperOf(PAPER_PATHS.invoice, cookie)).status).toBe(401);
    }
    for (const paper of ["avoir-AV-000001", "avoir-../../etc", "facture.pdf", "x"]) {
      const answer = await paperOf(paper);
      expect(answer.status, paper).toBe(404);
      expect(await answer.text()).toBe("Ce document n'existe pas pour cette commande.");
    }
  });
});

describe("the sign-up lists' export", () => {
  it("answers the confirmed addresses as a CSV for the owner, 401 without her, 400 for an unknown list", async () => {
    await shop.t.db
      .insertInto("signups")
      .values([
        {
          email: "lea@example.org",
          locale: "fr",
          source: "newsletter",
          confirmedAt: new Date("2026-11-20T08:00:00Z"),
        },
        { email: "nope@example.org", locale: "en", source: "home" },
      ])
      .execute();
    const exportOf = (query: string, cookie = shop.ownerCookie) =>
      signups({
        request: new Request(`https://souls.example${SIGNUPS_EXPORT_PATH}${query}`, {
          headers: cookie ? { Cookie: cookie } : {},
        }),
        params: {},
        context: { socketAddress: "203.0.113.61" },
      });
    const answer = await exportOf("?list=newsletter");
    expect(answer.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const text = await answer.text();
    expect(text).toContain("lea@example.org;;Newsletter;;Français;");
    expect(text).toContain(";20/11/2026 09:00:00;");
    expect(text).not.toContain("nope@");
    expect((await exportOf("", "")).status).toBe(401);
    expect((await exportOf("?list=vip")).status).toBe(400);
  });
});

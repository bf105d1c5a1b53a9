import { seededTestDatabase } from "@souls/db/testing";
import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { notifyLowStock } from "../owner/low-stock";
import { saveOwnerSettings } from "../owner/settings";
import { offlineGateway } from "../payments/offline-gateway";
import { refundOrder } from "../refunds/refunds";
import { recordSignup } from "../signups/signups";
import { placePaidOrder, TEST_SECRET } from "../testing";
import { dashboard } from "./dashboard";
import { deleteSignupAddress, listSignups, writeSignupsCsv } from "./signup-lists";

const t = seededTestDatabase();
const SETTINGS = {
  ownerEmail: "atelier@souls.example",
  newOrderEmail: true,
  lowStockEmail: true,
  lowStockBelow: 3,
  vatRegime: "france",
} as const;

beforeEach(async () => {
  await t.db.deleteFrom("orders").execute();
  await t.db.deleteFrom("dailySales").execute();
  await t.db.deleteFrom("emailQueue").execute();
  await t.db.deleteFrom("signups").execute();
  await t.db.deleteFrom("lowStockAlerts").execute();
  await t.db.updateTable("products").set({ stock: 20, reserved: 0 }).execute();
  await saveOwnerSettings(t.db, SETTINGS);
});

describe("the owner's home page", () => {
  it("adds up today, this week and this month, and shows the last 90 days by day", async () => {
    // Wednesday 18 November 2026 in Paris; the week began on Monday the 16th.
    const now = new Date("2026-11-18T15:00:00Z");
    const at = (iso: string) => new Date(iso);
    const today = await placePaidOrder(t.db, { now: at("2026-11-18T09:00:00Z") });
    await placePaidOrder(t.db, {
      model: "nadia",
      now: at("2026-11-18T10:00:00Z"),
      details: { country: "BE" },
    });
    await placePaidOrder(t.db, { model: "bilin", now: at("2026-11-16T08:00:00Z") });
    await placePaidOrder(t.db, { model: "ilian", now: at("2026-11-02T08:00:00Z") });
    // The last day of October, 23:30 in Paris: October's, not November's.
    await placePaidOrder(t.db, { now: at("2026-10-31T22:30:00Z") });
    await refundOrder(t.db, offlineGateway, {
      orderNumber: today.orderNumber,
      requestKey: "dashboard-refund-000001",
      reason: "goodwill",
      amountCents: 1000,
      restock: "no",
      now,
    });
    await sql`UPDATE credit_notes SET issued_at = ${now}`.execute(t.db);
    const board = await dashboard(t.db, now);
    expect(board.today).toMatchObject({ orders: 2, salesCents: 16900 + 18100, averageCents: 17500 });
    expect(board.week).toMatchObject({ orders: 3, salesCents: 16900 + 18100 + 16900 });
    expect(board.month).toMatchObject({ orders: 4, salesCents: 16900 + 18100 + 16900 + 16900 });
    expect(board.days).toHaveLength(90);
    expect(board.days.at(-1)).toEqual({ day: "2026-11-18", salesCents: 35000, orders: 2 });
    expect(board.days.find((day) => day.day === "2026-10-31")).toEqual({
      day: "2026-10-31",
      salesCents: 16900,
      orders: 1,
    });
    expect(board.days.find((day) => day.day === "2026-11-17")).toEqual({
      day: "2026-11-17",
      salesCents: 0,
      orders: 0,
    });
  });

  it("says what waits for her and since when, and which models run low", async () => {
    const older = await placePaidOrder(t.db, { now: new Date("2026-11-10T09:00:00Z") });
    await placePaidOrder(t.db, { now: new Date("2026-11-12T09:00:00Z") });
    await t.db.updateTable("orders").set({ status: "prepared" }).where("id", "=", older.id).execute();
    await t.db.updateTable("emailQueue").set({ status: "failed" }).where("type", "=", "new_order").execute();
    await t.db.updateTable("products").set({ stock: 1 }).where("slug", "=", "nadia").execute();
    // A buyer's review waits for her decision; a published one does not.
    const review = (status: "pending" | "published", submittedAt: string) => ({
      orderId: older.id,
      productId: sql<number>`(SELECT min(id) FROM products WHERE slug = ${status === "pending" ? "aicha" : "nadia"})`,
      locale: "fr" as const,
      rating: 5,
      title: "Très belle",
      body: "Cousue avec soin, elle tient tout.",
      authorName: "Camille M.",
      experiencedOn: "2026-11-14",
      consentedAt: new Date(submittedAt),
      status,
      publishedAt: status === "published" ? new Date(submittedAt) : null,
      submittedAt: new Date(submittedAt),
    });
    await t.db
      .insertInto("reviews")
      .values([review("pending", "2026-11-15T08:00:00Z"), review("published", "2026-11-14T08:00:00Z")])
      .execute();
    const board = await dashboard(t.db, new Date("2026-11-18T15:00:00Z"));
    expect(board.waiting.toPrepare).toEqual({
      count: 1,
      since: new Date("2026-11-12T09:00:00Z"),
      deadline: null,
    });
    expect(board.waiting.toShip).toEqual({
      count: 1,
      since: new Date("2026-11-10T09:00:00Z"),
      deadline: null,
    });
    expect(board.waiting.emailsFailed.count).toBe(2);
    expect(board.waiting.refundsDue.count).toBe(0);
    expect(board.waiting.reviewsToModerate).toEqual({
      count: 1,
      since: new Date("2026-11-15T08:00:00Z"),
      deadline: null,
    });
    expect(board.lowStock).toEqual({
      threshold: 3,
      models: [expect.objectContaining({ name: "Nadia", stock: 1 })],
    });
  });
});

describe("the low-stock e-mail", () => {
  it("tells the owner once each time a model falls below her threshold", async () => {
    const lowStock = () =>
      t.db
        .selectFrom("emailQueue")
        .select(["recipient", "payload"])
        .where("type", "=", "low_stock")
        .execute();
    await t.db.updateTable("products").set({ stock: 2 }).where("slug", "=", "nadia").execute();
    expect(await notifyLowStock(t.db)).toBe(1);
    expect(await notifyLowStock(t.db)).toBe(0);
    expect(await lowStock()).toEqual([
      {
        recipient: "atelier@souls.example",
        payload: { threshold: 3, models: [{ name: "Nadia", reference: expect.any(String), stock: 2 }] },
      },
    ]);
    // Back above, then down again: told again.
    await t.db.updateTable("products").set({ stock: 5 }).where("slug", "=", "nadia").execute();
    expect(await notifyLowStock(t.db)).toBe(0);
    await t.db.updateTable("products").set({ stock: 0 }).where("slug", "=", "nadia").execute();
    expect(await notifyLowStock(t.db)).toBe(1);
    expect(await lowStock()).toHaveLength(2);
  });

  it("is not sent when she switched it off", async () => {
    await saveOwnerSettings(t.db, { ...SETTINGS, lowStockEmail: false });
    await t.db.updateTable("products").set({ stock: 1 }).execute();
    expect(await notifyLowStock(t.db)).toBe(0);
  });
});

describe("the sign-up lists", () => {
  async function signUp(email: string, source: "newsletter" | "home", confirmed: boolean) {
    await recordSignup(t.db, { email, locale: "fr", source, clientHash: `c-${email}`, secret: TEST_SECRET });
    if (confirmed) {
      await t.db
        .updateTable("signups")
        .set({ confirmedAt: new Date("2026-11-20T08:00:00Z") })
        .where("email", "=", email)
        .execute();
    }
  }

  it("are listed newest first, in full, by list and by an address from its start", async () => {
    await signUp("camille@example.org", "newsletter", true);
    await signUp("jules@exemple.fr", "home", false);
    const all = await listSignups(t.db);
    // Her own list, in her own panel: addresses in full (decision 027).
    expect(all.signups.map((row) => row.email)).toEqual(["jules@exemple.fr", "camille@example.org"]);
    expect((await listSignups(t.db, { list: "newsletter" })).signups.map((row) => row.source)).toEqual([
      "newsletter",
    ]);
    expect((await listSignups(t.db, { list: "early" })).signups.map((row) => row.source)).toEqual(["home"]);
    expect((await listSignups(t.db, { search: "JULES@exem" })).count).toEqual({ n: 1, capped: false });
  });

  it("export the confirmed addresses with their proof of consent, and delete an address from every list", async () => {
    await signUp("camille@example.org", "newsletter", true);
    await signUp("jules@exemple.fr", "home", false);
    const chunks: string[] = [];
    // The file's words are the caller's (the panel's, decision 062).
    const words = {
      header: [
        "E-mail",
        "Nom",
        "Liste",
        "Modèle attendu",
        "Langue",
        "Inscription",
        "Consentement confirmé le",
        "Avis de retour envoyé le",
      ],
      lists: {
        newsletter: "Newsletter",
        home: "Avant-première (accueil)",
        magazine: "Newsletter (magazine)",
        product: "Avant-première (page produit)",
        waitlist: "Retour en stock",
      },
      languages: { fr: "Français", en: "Anglais" },
    };
    expect(await writeSignupsCsv(t.db, undefined, (chunk) => void chunks.push(chunk), words)).toEqual({
      rows: 1,
    });
    const [header, row, ...rest] = chunks
      .join("")
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(header).toBe(
      "E-mail;Nom;Liste;Modèle attendu;Langue;Inscription;Consentement confirmé le;Avis de retour envoyé le",
    );
    expect(row?.split(";").slice(0, 3)).toEqual(["camille@example.org", "", "Newsletter"]);
    expect(row?.split(";")[6]).toBe("20/11/2026 09:00:00");
    expect(rest).toEqual([]);
    const [camille] = (await listSignups(t.db, { search: "camille@example.org" })).signups;
    expect(await deleteSignupAddress(t.db, camille?.id ?? 0)).toEqual({ deleted: 1 });
    expect((await listSignups(t.db)).signups.map((signup) => signup.email)).toEqual(["jules@exemple.fr"]);
  });
});

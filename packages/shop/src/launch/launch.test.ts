/**
 * A series' launch on real PostgreSQL (decision 039): nothing of it held before its opening, its
 * head start for the early-notice list's own links and addresses, the launch limit under a rush,
 * the opening moved and cancelled by the owner.
 */
import { seededTestDatabase } from "@souls/db/testing";
import { beforeEach, describe, expect, it } from "vitest";
import { CatalogueRefusedError } from "../admin/catalogue/errors";
import { updateSeries } from "../admin/catalogue/series";
import { newCheckoutKey, type PlaceOrderInput, placeOrder } from "../orders/place-order";
import { productHistory } from "../product-history";
import { TEST_SHIPPING } from "../testing";
import { checkEarlyAccess } from "./early-access";
import { earlyAccessToken } from "./early-access-token";

const t = seededTestDatabase();
const SECRET = "a-secret-of-the-shop-long-enough-to-sign";
const HOUR = 3600_000;
const OPENS = new Date("2026-12-04T17:00:00Z");
const at = (offsetMs: number) => new Date(OPENS.getTime() + offsetMs);

let seriesId: number;
beforeEach(async () => {
  await t.db.deleteFrom("orders").execute();
  await t.db.deleteFrom("signups").execute();
  await t.db.updateTable("products").set({ reserved: 0, stock: 40 }).execute();
  await t.db
    .updateTable("series")
    .set({ opensAt: null, earlyAccessMinutes: 0, launchLimitPieces: 1, launchLimitHours: 24 })
    .execute();
  const aicha = await t.db
    .selectFrom("products")
    .select("seriesId")
    .where("slug", "=", "aicha")
    .executeTakeFirstOrThrow();
  seriesId = aicha.seriesId as number;
});

const launch = (values: { opensAt?: Date | null; earlyAccessMinutes?: number; launchLimitPieces?: number }) =>
  t.db.updateTable("series").set(values).where("id", "=", seriesId).execute();

const subscriber = async (email: string, confirmed = true) => {
  const row = await t.db
    .insertInto("signups")
    .values({ email, locale: "fr", source: "home", confirmedAt: confirmed ? new Date() : null })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
};

const buy = (
  now: Date,
  options: Partial<PlaceOrderInput> & { email?: string; network?: string; quantity?: number } = {},
) =>
  placeOrder(t.db, {
    checkoutKey: newCheckoutKey(),
    locale: "fr",
    lines: [{ model: "aicha", quantity: options.quantity ?? 1 }],
    details: { ...TEST_SHIPPING, email: options.email ?? "stranger@example.com" },
    provider: "test",
    client: { hash: options.network ?? "network-a" },
    limits: {
      holdMinutes: 20,
      maxPiecesPerModel: 3,
      maxHeldPiecesPerClient: 1000,
      maxUnpaidOrdersPerHour: 1000,
      maxHeldShareOfModel: 1,
    },
    launchNow: now,
    ...options,
  });

const reserved = async () =>
  (await t.db.selectFrom("products").select("reserved").where("slug", "=", "aicha").executeTakeFirstOrThrow())
    .reserved;

describe("before the opening", () => {
  it("holds nothing, whatever the order says, and names the opening", async () => {
    await launch({ opensAt: OPENS, earlyAccessMinutes: 60 });
    for (const now of [at(-2 * HOUR), at(-61 * 60_000)]) {
      expect(await buy(now)).toEqual({ ok: false, reason: "not_open", model: "aicha", opensAt: OPENS });
    }
    // A forged pass (a sign-up that is not there) changes nothing.
    expect(await buy(at(-2 * HOUR), { earlyAccess: [{ seriesId, signupId: 999 }] })).toMatchObject({
      reason: "not_open",
    });
    // Another model's line in the same order holds nothing either.
    const mixed = await buy(at(-2 * HOUR), {
      lines: [
        { model: "nadia", quantity: 1 },
        { model: "aicha", quantity: 1 },
      ],
    });
    expect(mixed).toMatchObject({ ok: false, reason: "not_open" });
    expect(await reserved()).toBe(0);
    expect(await t.db.selectFrom("orders").selectAll().execute()).toEqual([]);
  });

  it("sells from the opening to everyone, and always to a series without one", async () => {
    expect((await buy(at(-10 * HOUR))).ok).toBe(true);
    await launch({ opensAt: OPENS });
    expect((await buy(at(-1), { network: "b", email: "b@example.com" })).ok).toBe(false);
    expect((await buy(at(0), { network: "b", email: "b@example.com" })).ok).toBe(true);
  });

  it("lets the owner's test order through (it holds nothing)", async () => {
    await launch({ opensAt: OPENS });
    expect((await buy(at(-HOUR), { test: true })).ok).toBe(true);
    expect(await reserved()).toBe(0);
  });
});

describe("the head start", () => {
  it("takes an order only with a pass for the series, to its subscriber's address", async () => {
    await launch({ opensAt: OPENS, earlyAccessMinutes: 30 });
    const signupId = await subscriber("lea@example.com");
    const pass = [{ seriesId, signupId }];
    const now = at(-10 * 60_000);
    expect(await buy(now, { email: "lea@example.com" })).toEqual({
      ok: false,
      reason: "early_access",
      model: "aicha",
      opensAt: OPENS,
    });
    expect(await buy(now, { email: "someone-else@example.com", earlyAccess: pass })).toMatchObject({
      reason: "early_access",
    });
    expect(
      await buy(now, { email: "lea@example.com", earlyAccess: [{ seriesId: seriesId + 1, signupId }] }),
    ).toMatchObject({ reason: "early_access" });
    expect(await reserved()).toBe(0);
    const bought = await buy(now, { email: " Lea@Example.com ", earlyAccess: pass });
    expect(bought.ok).toBe(true);
    expect(await reserved()).toBe(1);
  });

  it("refuses an unconfirmed or unsubscribed address's pass", async () => {
    await launch({ opensAt: OPENS, earlyAccessMinutes: 60 });
    const unconfirmed = await subscriber("nora@example.com", false);
    expect(
      await buy(at(-HOUR / 2), {
        email: "nora@example.com",
        earlyAccess: [{ seriesId, signupId: unconfirmed }],
      }),
    ).toMatchObject({ reason: "early_access" });
    const gone = await subscriber("ines@example.com");
    await t.db.deleteFrom("signups").where("id", "=", gone).execute();
    expect(
      await buy(at(-HOUR / 2), { email: "ines@example.com", earlyAccess: [{ seriesId, signupId: gone }] }),
    ).toMatchObject({ reason: "early_access" });
  });
});

describe("the early-access link", () => {
  it("is good during the head start only, for a confirmed subscriber, and refused when tampered", async () => {
    await launch({ opensAt: OPENS, earlyAccessMinutes: 60 });
    const signupId = await subscriber("lea@example.com");
    const token = earlyAccessToken(SECRET, { seriesId, signupId });
    const check = (now: Date, link: unknown = token) =>
      checkEarlyAccess(t.db, { secrets: SECRET, token: link, now });
    expect(await check(at(-30 * 60_000))).toEqual({ ok: true, pass: { seriesId, signupId }, opensAt: OPENS });
    expect(await check(at(-2 * HOUR))).toMatchObject({ ok: false, reason: "not_yet", seriesId });
    expect(await check(at(0))).toMatchObject({ ok: false, reason: "opened", seriesId });
    expect(await check(at(-30 * 60_000), `${token.slice(0, -2)}xx`)).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(
      await check(
        at(-30 * 60_000),
        earlyAccessToken("another-secret-of-someone-else-entirely", { seriesId, signupId }),
      ),
    ).toEqual({ ok: false, reason: "invalid" });
    expect(await check(at(-30 * 60_000), earlyAccessToken(SECRET, { seriesId: 99_999, signupId }))).toEqual({
      ok: false,
      reason: "invalid",
    });
    await t.db.deleteFrom("signups").where("id", "=", signupId).execute();
    expect(await check(at(-30 * 60_000))).toMatchObject({ ok: false, reason: "not_subscribed" });
  });
});

describe("the launch limit", () => {
  it("holds under 50 concurrent checkouts: exactly the limit per shopper, none oversold", async () => {
    await launch({ opensAt: OPENS, launchLimitPieces: 2 });
    await t.db.updateTable("products").set({ stock: 30 }).where("slug", "=", "aicha").execute();
    const now = at(HOUR);
    // 10 shoppers by address (each from 5 networks) and 10 networks (each with 5 addresses) at once.
    const attempts = Array.from({ length: 50 }, (_, i) =>
      i < 25
        ? buy(now, { email: `same-${i % 5}@example.com`, network: `spread-${i}` })
        : buy(now, { email: `spread-${i}@example.com`, network: `same-${i % 5}` }),
    );
    const results = await Promise.all(attempts);
    const sold = results.filter((result) => result.ok).length;
    expect(sold).toBe(20);
    for (const refused of results.filter((result) => !result.ok)) {
      expect(refused).toEqual({ ok: false, reason: "launch_limit", model: "aicha", limit: 2 });
    }
    expect(await reserved()).toBe(20);
    const byEmail = await t.db
      .selectFrom("orders")
      .select(["email", (eb) => eb.fn.countAll<string>().as("count")])
      .where("email", "like", "same-%")
      .groupBy("email")
      .execute();
    expect(byEmail.map((row) => Number(row.count))).toEqual([2, 2, 2, 2, 2]);
  });

  it("counts no cancelled order, and ends its hours after the opening", async () => {
    await launch({ opensAt: OPENS });
    const first = await buy(at(HOUR));
    expect(first.ok).toBe(true);
    expect(await buy(at(HOUR), { network: "other" })).toMatchObject({ reason: "launch_limit" });
    expect(await buy(at(HOUR), { email: "other@example.com" })).toMatchObject({ reason: "launch_limit" });
    if (first.ok)
      await t.db
        .updateTable("orders")
        .set({ status: "cancelled" })
        .where("id", "=", first.order.id)
        .execute();
    expect((await buy(at(HOUR), { network: "other" })).ok).toBe(true);
    expect((await buy(at(24 * HOUR), { network: "other" })).ok).toBe(true);
  });
});

describe("the owner's opening", () => {
  const words = { titleFr: "Première collection", titleEn: "First collection" };
  const settings = (opensAt: Date | null) => ({
    opensAt,
    earlyAccessMinutes: 60,
    launchLimitPieces: 1,
    launchLimitHours: 24,
  });

  it("is set, moved and cancelled while to come, recorded in the models' history", async () => {
    const saved = await updateSeries(t.db, seriesId, { ...words, launch: settings(OPENS) }, at(-48 * HOUR));
    expect(saved).toMatchObject({ opensAt: OPENS, earlyAccessMinutes: 60 });
    const later = at(24 * HOUR);
    expect(
      (await updateSeries(t.db, seriesId, { ...words, launch: settings(later) }, at(-HOUR))).opensAt,
    ).toEqual(later);
    expect(
      (await updateSeries(t.db, seriesId, { ...words, launch: settings(null) }, at(-HOUR))).opensAt,
    ).toBeNull();
    expect((await buy(at(-HOUR))).ok).toBe(true);
    const aicha = await t.db
      .selectFrom("products")
      .select("id")
      .where("slug", "=", "aicha")
      .executeTakeFirstOrThrow();
    const history = (await productHistory(t.db, aicha.id)).filter((entry) => entry.kind === "series_changed");
    expect(history.map((entry) => entry.toValue)).toEqual([
      "Ouverture : dès la publication",
      "Ouverture 05/12/2026 18:00 · accès anticipé 60 min · limite 1 / 24 h",
      "Ouverture 04/12/2026 18:00 · accès anticipé 60 min · limite 1 / 24 h",
    ]);
  });

  it("refuses a moment already past, and any change once the opening has passed", async () => {
    await expect(updateSeries(t.db, seriesId, { ...words, launch: settings(OPENS) }, at(1))).rejects.toEqual(
      new CatalogueRefusedError("opening_in_past"),
    );
    await updateSeries(t.db, seriesId, { ...words, launch: settings(OPENS) }, at(-HOUR));
    await expect(updateSeries(t.db, seriesId, { ...words, launch: settings(null) }, at(1))).rejects.toEqual(
      new CatalogueRefusedError("opening_passed"),
    );
    await expect(
      updateSeries(
        t.db,
        seriesId,
        { ...words, launch: { ...settings(OPENS), earlyAccessMinutes: 45 } },
        at(-HOUR),
      ),
    ).rejects.toEqual(new CatalogueRefusedError("launch_invalid"));
    // The same opening saved again with the words changes nothing of it.
    expect(
      (await updateSeries(t.db, seriesId, { ...words, launch: settings(OPENS) }, at(1))).opensAt,
    ).toEqual(OPENS);
  });
});

/**
 * Delivery as data (decision 049), on real PostgreSQL: the launch's zones are the rates and times
 * the code had; the owner's zones and thresholds make the checkout's total; a country she
 * withdraws is refused; an order keeps the price and times it was sold with.
 */
import { seededTestDatabase } from "@souls/db/testing";
import pg from "pg";
import { beforeEach, describe, expect, it } from "vitest";
import { type CheckoutPayment, payForCheckout, quoteDelivery } from "../orders/checkout";
import { finalizePayment } from "../orders/finalize-payment";
import { newCheckoutKey, placeOrder } from "../orders/place-order";
import { offlineGateway } from "../payments/offline-gateway";
import { EU_COUNTRIES } from "../shipping";
import { TEST_SHIPPING } from "../testing";
import { COUNTRY_CODES } from "./countries";
import { DELIVERY_LIMITS } from "./rules";
import {
  type DeliveryHistoryWords,
  DeliveryRefusedError,
  deliveryHistory,
  removeDeliveryZone,
  saveDeliveryZone,
} from "./store";
import { type DeliveryZone, loadDeliveryZones, servedCountries, shippingCentsOf, zoneOf } from "./zones";

const t = seededTestDatabase();

/** The history's words, as the panel gives them (decision 062). */
const HISTORY: DeliveryHistoryWords = {
  created: "zone créée, livraison {{price}}, {{count}} pays",
  renamed: "renommée (avant : « {{name}} »)",
  price: "prix {{before}} → {{after}}",
  freeFrom: "offerte dès {{amount}}",
  freeFromNone: "plus de livraison offerte à partir d'un montant",
  countriesAdded: "pays ajoutés : {{countries}}",
  countriesRemoved: "pays retirés : {{countries}}",
  days: "délais de {{min}} à {{max}} jours ouvrés",
  texts: "textes montrés aux clients modifiés",
  unchanged: "enregistrée sans changement",
  removed: "zone supprimée (pays : {{countries}})",
  none: "aucun",
};

beforeEach(async () => {
  await t.db
    .updateTable("orders")
    .set({ status: "cancelled" })
    .where("status", "=", "awaiting_payment")
    .execute();
  await t.db.updateTable("products").set({ stock: 10, reserved: 0 }).execute();
});

const zoneNamed = async (name: string) =>
  (await loadDeliveryZones(t.db)).find((zone) => zone.name === name) as DeliveryZone;

/** A zone as the panel sends it back, with some of its fields changed. */
const edited = (zone: DeliveryZone, changes: Partial<DeliveryZone>) => {
  const { id: _id, position: _position, updatedAt: _updatedAt, ...fields } = { ...zone, ...changes };
  return fields;
};

const links = (orderNumber: string) => ({
  returnUrl: `https://souls.example/merci?order=${orderNumber}`,
  cancelUrl: "https://souls.example/panier",
});

/** Aichas (169 € each) to a country, as the checkout form posts them, with the total she saw. */
const checkout = (country: string, quantity: number, expectedTotalCents: number): CheckoutPayment => ({
  checkoutKey: newCheckoutKey(),
  locale: "en",
  lines: [{ model: "aicha", quantity }],
  details: { ...TEST_SHIPPING, country, postalCode: "10115", city: "Berlin" },
  expectedTotalCents,
  withJavaScript: false,
  links,
});

describe("the launch's zones", () => {
  it("are the rates and times the code had: France free, Europe 12 €, elsewhere 25 €", async () => {
    const zones = await loadDeliveryZones(t.db);
    expect(zones.map((zone) => zone.name)).toEqual([
      "France",
      "Union européenne",
      "Europe hors Union",
      "Reste du monde",
    ]);
    const rate = (country: string) => shippingCentsOf(zoneOf(zones, country) as DeliveryZone, 16900);
    expect(rate("FR")).toBe(0);
    for (const country of [...EU_COUNTRIES.filter((c) => c !== "FR"), "CH", "NO", "GB", "MC", "AD"]) {
      expect(rate(country), country).toBe(1200);
    }
    for (const country of ["US", "JP", "MA", "AU", "BR", "IN"]) expect(rate(country), country).toBe(2500);
    // No threshold yet: 25 € to the world whatever the order.
    expect(shippingCentsOf(zoneOf(zones, "US") as DeliveryZone, 10_000_000)).toBe(2500);
  });

  it("announce 3–5 business days in France, 5–7 in the EU, 7–10 elsewhere, in both languages", async () => {
    const zones = await loadDeliveryZones(t.db);
    const times = (country: string) => {
      const zone = zoneOf(zones, country) as DeliveryZone;
      return [
        zone.minDays,
        zone.maxDays,
        `${zone.timesFr} (${zone.labelFr})`,
        `${zone.timesEn} (${zone.labelEn})`,
      ];
    };
    expect(times("FR")).toEqual([3, 5, "3 à 5 jours ouvrés (France)", "3 to 5 business days (France)"]);
    expect(times("DE")).toEqual([
      5,
      7,
      "5 à 7 jours ouvrés (Union européenne)",
      "5 to 7 business days (European Union)",
    ]);
    expect(times("CH")).toEqual([
      7,
      10,
      "7 à 10 jours ouvrés (International)",
      "7 to 10 business days (International)",
    ]);
    expect(times("US")).toEqual([
      7,
      10,
      "7 à 10 jours ouvrés (International)",
      "7 to 10 business days (International)",
    ]);
  });

  it("serve about seventy countries, each in one zone, every one a country the platform names", async () => {
    const served = servedCountries(await loadDeliveryZones(t.db));
    expect(served.length).toBeGreaterThanOrEqual(68);
    expect(served.length).toBeLessThanOrEqual(75);
    expect(new Set(served).size).toBe(served.length);
    for (const code of served) expect(COUNTRY_CODES, code).toContain(code);
    expect(COUNTRY_CODES).not.toContain("EU");
    expect(COUNTRY_CODES.length).toBeGreaterThan(240);
  });
});

describe("a free-delivery threshold", () => {
  it("makes the checkout's total: 12 € to Germany under 300 €, free from 300 €", async () => {
    const eu = await zoneNamed("Union européenne");
    await saveDeliveryZone(t.db, eu.id, edited(eu, { freeFromCents: 30000 }), "Samia", HISTORY);

    expect(await quoteDelivery(t.db, offlineGateway, { subtotalCents: 16900, country: "DE" })).toEqual({
      ok: true,
      quote: { country: "DE", shippingCents: 1200, totalCents: 18100 },
    });
    expect(await quoteDelivery(t.db, offlineGateway, { subtotalCents: 33800, country: "DE" })).toEqual({
      ok: true,
      quote: { country: "DE", shippingCents: 0, totalCents: 33800 },
    });
    // France's zone has none: still free; the world's neither: still 25 €.
    expect(await quoteDelivery(t.db, offlineGateway, { subtotalCents: 33800, country: "US" })).toMatchObject({
      quote: { shippingCents: 2500 },
    });

    // The total shown with 12 € of delivery is reviewed; the server's own (free) is paid.
    const twoPieces = checkout("DE", 2, 33800 + 1200);
    expect(await payForCheckout(t.db, offlineGateway, twoPieces)).toEqual({
      outcome: "review",
      review: { country: "DE", shippingCents: 0, totalCents: 33800 },
    });
    const outcome = await payForCheckout(t.db, offlineGateway, { ...twoPieces, expectedTotalCents: 33800 });
    if (!("order" in outcome)) throw new Error(`expected an order, got ${outcome.outcome}`);
    expect(outcome.order).toMatchObject({
      country: "DE",
      subtotalCents: 33800,
      shippingCents: 0,
      totalCents: 33800,
    });
    expect(outcome.order.delivery).toEqual({
      zone: "Union européenne",
      label: { fr: "Union européenne", en: "European Union" },
      times: { fr: "5 à 7 jours ouvrés", en: "5 to 7 business days" },
      minDays: 5,
      maxDays: 7,
    });

    // One piece stays under the threshold: 12 €.
    const one = await payForCheckout(t.db, offlineGateway, checkout("DE", 1, 18100));
    expect("order" in one && one.order).toMatchObject({ shippingCents: 1200, totalCents: 18100 });
    await saveDeliveryZone(t.db, eu.id, edited(eu, {}), "Samia", HISTORY);
  });
});

describe("a country the owner withdraws", () => {
  it("is no longer offered, quoted nor ordered, and an order placed before keeps it", async () => {
    const before = await payForCheckout(t.db, offlineGateway, checkout("AT", 1, 18100));
    if (!("order" in before)) throw new Error("expected an order to Austria");

    const eu = await zoneNamed("Union européenne");
    await saveDeliveryZone(
      t.db,
      eu.id,
      edited(eu, { countries: eu.countries.filter((code) => code !== "AT") }),
      "Samia",
      HISTORY,
    );
    expect(servedCountries(await loadDeliveryZones(t.db))).not.toContain("AT");
    expect(await quoteDelivery(t.db, offlineGateway, { subtotalCents: 16900, country: "AT" })).toEqual({
      ok: false,
      reason: "not_served",
      kept: null,
    });
    const orders = await t.db.selectFrom("orders").select("id").execute();
    // An old form naming it: refused before anything is held or written.
    expect(await payForCheckout(t.db, offlineGateway, checkout("AT", 1, 18100))).toEqual({
      outcome: "refused",
      refusal: { problem: "notServed", country: "AT" },
    });
    expect(
      await placeOrder(t.db, {
        checkoutKey: newCheckoutKey(),
        locale: "fr",
        lines: [{ model: "aicha", quantity: 1 }],
        details: { ...TEST_SHIPPING, country: "AT" },
        provider: "test",
      }),
    ).toEqual({ ok: false, reason: "not_served" });
    expect(await t.db.selectFrom("orders").select("id").execute()).toHaveLength(orders.length);

    // The order placed before is paid and confirmed as it was sold.
    expect(
      await finalizePayment(t.db, offlineGateway, {
        provider: "test",
        eventId: `paid-${before.order.orderNumber}`,
        type: "succeeded",
        orderNumber: before.order.orderNumber,
        taken: { amountCents: 18100, currency: "EUR" },
      }),
    ).toBe("paid");

    await saveDeliveryZone(t.db, eu.id, edited(eu, {}), "Samia", HISTORY);
    expect(servedCountries(await loadDeliveryZones(t.db))).toContain("AT");
  });
});

describe("an order", () => {
  it("keeps the price and times it was sold with after the owner changes them", async () => {
    const outcome = await payForCheckout(t.db, offlineGateway, checkout("BE", 1, 18100));
    if (!("order" in outcome)) throw new Error("expected an order to Belgium");
    const { orderNumber } = outcome.order;

    const eu = await zoneNamed("Union européenne");
    await saveDeliveryZone(
      t.db,
      eu.id,
      edited(eu, {
        priceCents: 1500,
        minDays: 4,
        maxDays: 6,
        timesFr: "4 à 6 jours ouvrés",
        timesEn: "4 to 6 business days",
      }),
      "Samia",
      HISTORY,
    );
    // A new order pays the new price.
    expect(await quoteDelivery(t.db, offlineGateway, { subtotalCents: 16900, country: "BE" })).toMatchObject({
      quote: { shippingCents: 1500, totalCents: 18400 },
    });

    // Hers is paid at the price she was shown, and its e-mail promises the times she was shown.
    expect(
      await finalizePayment(t.db, offlineGateway, {
        provider: "test",
        eventId: `paid-${orderNumber}`,
        type: "succeeded",
        orderNumber,
        taken: { amountCents: 18100, currency: "EUR" },
      }),
    ).toBe("paid");
    const order = await t.db
      .selectFrom("orders")
      .selectAll()
      .where("orderNumber", "=", orderNumber)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ shippingCents: 1200, totalCents: 18100, paymentStatus: "paid" });
    expect(order.delivery?.times).toEqual({ fr: "5 à 7 jours ouvrés", en: "5 to 7 business days" });
    const mail = await t.db
      .selectFrom("emailQueue")
      .select("payload")
      .where("orderId", "=", order.id)
      .where("type", "=", "order_confirmation")
      .executeTakeFirstOrThrow();
    expect(mail.payload).toMatchObject({
      shippingCents: 1200,
      delivery: { times: "5 to 7 business days", zone: "European Union" },
    });
    await saveDeliveryZone(t.db, eu.id, edited(eu, {}), "Samia", HISTORY);
  });
});

describe("the owner's saves", () => {
  it("empty every web server's kept pages, like a catalogue change (the `products` channel)", async () => {
    const listener = new pg.Client({ connectionString: t.url });
    await listener.connect();
    try {
      const heard: string[] = [];
      listener.on("notification", (message) => heard.push(message.payload ?? ""));
      await listener.query("LISTEN products");
      const france = await zoneNamed("France");
      await saveDeliveryZone(t.db, france.id, edited(france, {}), "Samia", HISTORY);
      await listener.query("SELECT 1");
      expect(heard.map((payload) => JSON.parse(payload))).toContainEqual({
        operation: "catalogue",
        table: "delivery_zones",
      });
    } finally {
      await listener.end();
    }
  });

  it("keep each country in one zone, names unique, one zone at least, and at most the limit", async () => {
    const eu = await zoneNamed("Union européenne");
    const world = await zoneNamed("Reste du monde");
    const refusal = async (run: () => Promise<unknown>) => {
      const error = await run().then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(DeliveryRefusedError);
      return error as DeliveryRefusedError;
    };
    expect(
      await refusal(() =>
        saveDeliveryZone(
          t.db,
          world.id,
          edited(world, { countries: [...world.countries, "DE"] }),
          "Samia",
          HISTORY,
        ),
      ),
    ).toMatchObject({ reason: "country_elsewhere", detail: { country: "DE", zone: "Union européenne" } });
    expect(
      await refusal(() =>
        saveDeliveryZone(t.db, world.id, edited(world, { name: "union européenne" }), "Samia", HISTORY),
      ),
    ).toMatchObject({ reason: "name_taken" });
    expect(
      await refusal(() => saveDeliveryZone(t.db, 999_999, edited(world, {}), "Samia", HISTORY)),
    ).toMatchObject({
      reason: "not_found",
    });
    expect(await zoneNamed("Reste du monde")).toEqual(world);

    // A new zone for Iceland, then removed: Iceland is not served any more.
    const zones = await saveDeliveryZone(
      t.db,
      null,
      edited(eu, {
        name: "Islande",
        labelFr: "Islande",
        labelEn: "Iceland",
        countries: ["IS"],
        priceCents: 3000,
      }),
      "Samia",
      HISTORY,
    );
    const iceland = zones.find((zone) => zone.name === "Islande") as DeliveryZone;
    expect(zones.at(-1)).toEqual(iceland);
    expect(zoneOf(zones, "IS")).toEqual(iceland);
    const left = await removeDeliveryZone(t.db, iceland.id, "Samia", HISTORY);
    expect(zoneOf(left, "IS")).toBeNull();

    const history = await deliveryHistory(t.db);
    expect(history[0]).toMatchObject({
      actorName: "Samia",
      zoneName: "Islande",
      summary: "zone supprimée (pays : Islande)",
    });
    expect(history[1]).toMatchObject({
      actorName: "Samia",
      zoneName: "Islande",
      summary: expect.stringMatching(/^zone créée, livraison 30,00\s€, 1 pays$/),
    });
    expect(history.some((line) => /^prix 12,00\s€ → 15,00\s€/.test(line.summary))).toBe(true);

    // At most DELIVERY_LIMITS.zones zones.
    const count = (await loadDeliveryZones(t.db)).length;
    const spare = [
      "IS",
      "LI",
      "SM",
      "VA",
      "AL",
      "BA",
      "ME",
      "MK",
      "RS",
      "MD",
      "UA",
      "GE",
      "AM",
      "AZ",
      "BY",
      "KZ",
    ];
    for (let i = count; i < DELIVERY_LIMITS.zones; i++) {
      await saveDeliveryZone(
        t.db,
        null,
        edited(eu, { name: `Zone ${i}`, countries: [spare[i - count] as string] }),
        "Samia",
        HISTORY,
      );
    }
    expect(
      await refusal(() =>
        saveDeliveryZone(t.db, null, edited(eu, { name: "Une de trop", countries: [] }), "Samia", HISTORY),
      ),
    ).toMatchObject({ reason: "too_many_zones" });

    // Down to one zone, which stays.
    for (const zone of (await loadDeliveryZones(t.db)).slice(1))
      await removeDeliveryZone(t.db, zone.id, "Samia", HISTORY);
    const [last] = await loadDeliveryZones(t.db);
    expect(
      await refusal(() => removeDeliveryZone(t.db, (last as DeliveryZone).id, "Samia", HISTORY)),
    ).toMatchObject({
      reason: "last_zone",
    });
  });
});

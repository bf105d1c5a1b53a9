/**
 * The owner's carriers on real PostgreSQL (decision 050): the four of the launch seeded by the
 * migration, an order keeping the carrier and link it left with whatever she changes afterwards, a
 * retired carrier refused for a new parcel, the list bounded and its names unique.
 */
import { MAX_CARRIERS } from "@souls/core/carriers";
import { seededTestDatabase } from "@souls/db/testing";
import { parseEmailMessage } from "@souls/emails/messages";
import { beforeEach, describe, expect, it } from "vitest";
import { markShipped } from "../admin/orders";
import { CarrierRefusedError } from "../errors";
import { trackOrder } from "../orders/tracking";
import { paperToPrint } from "../papers";
import { placePaidOrder } from "../testing";
import {
  activeCarriers,
  addCarrier,
  carrierHistory,
  listCarriers,
  restoreCarrier,
  retireCarrier,
  updateCarrier,
} from ".";

const t = seededTestDatabase();
const LAUNCH = ["colissimo", "chronopost", "dhl", "ups"];
const MONDIAL_RELAY = {
  name: "Mondial Relay",
  trackingTemplate: "https://www.mondialrelay.fr/suivi-de-colis/?numeroExpedition={number}",
};

beforeEach(async () => {
  await t.db.deleteFrom("orders").execute();
  await t.db.deleteFrom("emailQueue").execute();
  await t.db.deleteFrom("carrierEvents").execute();
  await t.db.deleteFrom("carriers").where("key", "not in", LAUNCH).execute();
  await t.db.updateTable("carriers").set({ retiredAt: null }).execute();
  await t.db.updateTable("products").set({ stock: 20, reserved: 0 }).execute();
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof CarrierRefusedError ? error.reason : error),
  );

async function shippingPayload(orderId: number) {
  const row = await t.db
    .selectFrom("emailQueue")
    .selectAll()
    .where("orderId", "=", orderId)
    .where("type", "=", "shipping_notification")
    .executeTakeFirstOrThrow();
  return parseEmailMessage(row).payload as { carrierName: string; carrierUrl: string; trackingToken: string };
}

describe("the launch's carriers", () => {
  it("are the four of the code, with their tracking pages, all offered", async () => {
    expect(await listCarriers(t.db)).toMatchObject([
      {
        key: "colissimo",
        name: "Colissimo",
        trackingTemplate: "https://www.laposte.fr/outils/suivre-vos-envois?code={number}",
        retiredAt: null,
      },
      {
        key: "chronopost",
        name: "Chronopost",
        trackingTemplate: "https://www.chronopost.fr/tracking-no-cms/suivi-page?listeNumerosLT={number}",
      },
      {
        key: "dhl",
        name: "DHL",
        trackingTemplate: "https://www.dhl.com/fr-en/home/tracking.html?tracking-id={number}",
      },
      { key: "ups", name: "UPS", trackingTemplate: "https://www.ups.com/track?tracknum={number}" },
    ]);
    expect((await activeCarriers(t.db)).map((c) => c.key)).toEqual(LAUNCH);
  });
});

describe("an order shipped with a carrier", () => {
  it("keeps its carrier's name and link after she renames it and changes its template", async () => {
    const added = await addCarrier(t.db, MONDIAL_RELAY);
    expect(added).toMatchObject({ key: "mondial-relay", name: "Mondial Relay", retiredAt: null });
    const paid = await placePaidOrder(t.db);
    await markShipped(t.db, {
      orderNumber: paid.orderNumber,
      carrier: "mondial-relay",
      trackingNumber: " MR 12/34 ",
    });
    const link = "https://www.mondialrelay.fr/suivi-de-colis/?numeroExpedition=MR%2012%2F34";
    const email = await shippingPayload(paid.id);
    expect(email).toMatchObject({ carrierName: "Mondial Relay", carrierUrl: link });

    await updateCarrier(t.db, "mondial-relay", {
      name: "Mondial Relay Express",
      trackingTemplate: "https://suivi.example/colis/{number}",
    });

    const order = await t.db
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", paid.id)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({
      carrier: "mondial-relay",
      carrierName: "Mondial Relay",
      carrierTrackingUrl: link,
    });
    const tracked = await trackOrder(t.db, { token: paid.token, clientHash: "carriers-test" });
    expect(tracked.ok && tracked.order).toMatchObject({ carrierName: "Mondial Relay", carrierUrl: link });
    const slip = await paperToPrint(t.db, paid.orderNumber, { kind: "packingSlip" });
    expect(slip.kind === "packingSlip" && slip.shipment).toEqual({
      carrierName: "Mondial Relay",
      trackingNumber: "MR 12/34",
    });
    // The next parcel leaves with the new name and address.
    const next = await placePaidOrder(t.db);
    await markShipped(t.db, {
      orderNumber: next.orderNumber,
      carrier: "mondial-relay",
      trackingNumber: "MR9",
    });
    expect(await shippingPayload(next.id)).toMatchObject({
      carrierName: "Mondial Relay Express",
      carrierUrl: "https://suivi.example/colis/MR9",
    });
  });
});

describe("a retired carrier", () => {
  it("is refused for a new parcel, stays on the orders that left with it, and may come back", async () => {
    const before = await placePaidOrder(t.db);
    await markShipped(t.db, { orderNumber: before.orderNumber, carrier: "ups", trackingNumber: "1Z999" });
    await retireCarrier(t.db, "ups");
    expect((await activeCarriers(t.db)).map((c) => c.key)).toEqual(["colissimo", "chronopost", "dhl"]);

    const paid = await placePaidOrder(t.db);
    expect(
      await refusal(
        markShipped(t.db, { orderNumber: paid.orderNumber, carrier: "ups", trackingNumber: "1Z123" }),
      ),
    ).toBe("retired");
    const order = await t.db
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", paid.id)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: "pending_preparation", carrier: null, carrierName: null });
    expect(
      await t.db
        .selectFrom("emailQueue")
        .select("id")
        .where("orderId", "=", paid.id)
        .where("type", "=", "shipping_notification")
        .execute(),
    ).toEqual([]);
    expect(
      await refusal(
        markShipped(t.db, { orderNumber: paid.orderNumber, carrier: "fedex", trackingNumber: "1Z123" }),
      ),
    ).toBe("unknown");

    const old = await trackOrder(t.db, { token: before.token, clientHash: "carriers-test-2" });
    expect(old.ok && old.order).toMatchObject({
      carrierName: "UPS",
      carrierUrl: "https://www.ups.com/track?tracknum=1Z999",
    });

    await restoreCarrier(t.db, "ups");
    await markShipped(t.db, { orderNumber: paid.orderNumber, carrier: "ups", trackingNumber: "1Z123" });
    expect((await shippingPayload(paid.id)).carrierUrl).toBe("https://www.ups.com/track?tracknum=1Z123");
  });

  it("is never the last one offered: without a carrier no order could leave", async () => {
    for (const key of ["colissimo", "chronopost", "dhl"]) await retireCarrier(t.db, key);
    expect(await refusal(retireCarrier(t.db, "ups"))).toBe("last_active");
    expect((await activeCarriers(t.db)).map((c) => c.key)).toEqual(["ups"]);
  });
});

describe("her list", () => {
  it("refuses a name another carrier has, whatever its case, and a template without {number}", async () => {
    expect(await refusal(addCarrier(t.db, { ...MONDIAL_RELAY, name: "colissimo" }))).toBe("name_taken");
    expect(
      await refusal(
        updateCarrier(t.db, "dhl", { name: "UPS", trackingTemplate: "https://dhl.example/{number}" }),
      ),
    ).toBe("name_taken");
    expect(
      await refusal(addCarrier(t.db, { ...MONDIAL_RELAY, trackingTemplate: "https://relay.example/" })),
    ).toBe("template");
    expect(await refusal(updateCarrier(t.db, "nobody", MONDIAL_RELAY))).toBe("unknown");
    expect((await listCarriers(t.db)).length).toBe(4);
  });

  it("holds at most MAX_CARRIERS, retired ones included; two of the same name get two keys", async () => {
    const first = await addCarrier(t.db, {
      name: "Relais 1",
      trackingTemplate: "https://r.example/{number}",
    });
    expect(first.key).toBe("relais-1");
    const again = await addCarrier(t.db, {
      name: "Relais  1!",
      trackingTemplate: "https://r.example/{number}",
    });
    expect(again.key).toBe("relais-1-2");
    for (let n = 2; (await listCarriers(t.db)).length < MAX_CARRIERS; n++) {
      await addCarrier(t.db, { name: `Relais ${n}`, trackingTemplate: "https://r.example/{number}" });
    }
    expect(await refusal(addCarrier(t.db, MONDIAL_RELAY))).toBe("too_many");
  });

  it("records each change, what it was before and after", async () => {
    await addCarrier(t.db, MONDIAL_RELAY);
    await updateCarrier(t.db, "mondial-relay", { ...MONDIAL_RELAY, name: "Mondial" });
    await updateCarrier(t.db, "mondial-relay", { ...MONDIAL_RELAY, name: "Mondial" });
    await retireCarrier(t.db, "mondial-relay");
    await restoreCarrier(t.db, "mondial-relay");
    expect(
      (await carrierHistory(t.db)).map(({ kind, carrierName, before, after }) => ({
        kind,
        carrierName,
        before,
        after,
      })),
    ).toEqual([
      { kind: "restored", carrierName: "Mondial", before: null, after: null },
      { kind: "retired", carrierName: "Mondial", before: null, after: null },
      { kind: "renamed", carrierName: "Mondial", before: "Mondial Relay", after: "Mondial" },
      { kind: "added", carrierName: "Mondial Relay", before: null, after: MONDIAL_RELAY.trackingTemplate },
    ]);
  });
});

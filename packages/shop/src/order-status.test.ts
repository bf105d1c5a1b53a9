import { ORDER_STATUSES } from "@souls/core/statuses";
import { describe, expect, it } from "vitest";
import { allowedEvents, nextStatus, type OrderEvent } from "./order-status";

const EVENTS: OrderEvent[] = [
  "payment_succeeded",
  "payment_failed",
  "payment_cancelled",
  "hold_expired",
  "refunded",
  "prepared",
  "shipped",
  "delivered",
  "withdrawn",
];

describe("the order state machine", () => {
  it("follows the happy path from payment to delivery", () => {
    expect(nextStatus("awaiting_payment", "payment_succeeded")).toEqual({
      ok: true,
      from: "awaiting_payment",
      to: "pending_preparation",
    });
    expect(nextStatus("pending_preparation", "prepared")).toMatchObject({ ok: true, to: "prepared" });
    expect(nextStatus("prepared", "shipped")).toMatchObject({ ok: true, to: "shipped" });
    expect(nextStatus("pending_preparation", "shipped")).toMatchObject({ ok: true, to: "shipped" });
    expect(nextStatus("shipped", "delivered")).toMatchObject({ ok: true, to: "delivered" });
  });

  it("releases unpaid orders", () => {
    expect(nextStatus("awaiting_payment", "payment_failed")).toMatchObject({ ok: true, to: "cancelled" });
    expect(nextStatus("awaiting_payment", "payment_cancelled")).toMatchObject({ ok: true, to: "cancelled" });
    expect(nextStatus("awaiting_payment", "hold_expired")).toMatchObject({ ok: true, to: "expired" });
  });

  it("refunds a late payment, and accepts withdrawal until delivery and after", () => {
    expect(nextStatus("expired", "refunded")).toMatchObject({ ok: true, to: "refunded" });
    expect(nextStatus("delivered", "withdrawn")).toMatchObject({ ok: true, to: "withdrawn" });
    expect(nextStatus("withdrawn", "refunded")).toMatchObject({ ok: true, to: "refunded" });
  });

  it("rejects every transition not in the table", () => {
    const illegal = [
      ["awaiting_payment", "shipped"],
      ["awaiting_payment", "delivered"],
      ["pending_preparation", "payment_succeeded"],
      ["shipped", "prepared"],
      ["delivered", "shipped"],
      ["refunded", "payment_succeeded"],
      ["cancelled", "shipped"],
      ["expired", "hold_expired"],
    ] as const;
    for (const [from, event] of illegal)
      expect(nextStatus(from, event), `${from} + ${event}`).toEqual({ ok: false, from, event });
  });

  it("keeps a partly refunded order that has not left where it was, and a refunded one refunded", () => {
    expect(nextStatus("pending_preparation", "partially_refunded")).toMatchObject({
      ok: true,
      to: "pending_preparation",
    });
    expect(nextStatus("prepared", "partially_refunded")).toMatchObject({ ok: true, to: "prepared" });
    expect(nextStatus("shipped", "partially_refunded")).toMatchObject({ ok: true, to: "partially_refunded" });
    // Every piece refunded before it left, the delivery given back later: it stays refunded.
    expect(nextStatus("refunded", "partially_refunded")).toMatchObject({ ok: true, to: "refunded" });
  });

  it("has an answer for every status and event, and refunded is final", () => {
    for (const from of ORDER_STATUSES) {
      for (const event of EVENTS) {
        const result = nextStatus(from, event);
        expect(result.ok).toBe(allowedEvents(from).includes(event));
      }
    }
    for (const event of allowedEvents("refunded")) {
      expect(nextStatus("refunded", event)).toMatchObject({ ok: true, to: "refunded" });
    }
  });
});

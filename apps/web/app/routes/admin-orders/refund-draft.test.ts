import { count } from "@souls/api/admin-words";
import { describe, expect, it } from "vitest";
import { parseEuros } from "~/components/admin/format";
import {
  checkRefundDraft,
  draftTotalCents,
  emptyDraft,
  newRequestKey,
  type RefundableOrder,
  refundInput,
  restockOf,
} from "./refund-draft";

const paid: RefundableOrder = {
  currency: "EUR",
  shippedAt: null,
  withdrawnAt: null,
  refundableCents: 18_100 + 16_900,
  refundableShippingCents: 1_200,
};
const items = [
  { id: 11, name: "Aicha", unitPriceCents: 16_900, refundableQuantity: 1 },
  { id: 12, name: "Nadia", unitPriceCents: 16_900, refundableQuantity: 1 },
];

describe("the refund form's draft", () => {
  it("suggests a goodwill refund with the pieces back at once for an order still in the workshop", () => {
    const draft = emptyDraft(paid);
    expect(draft.reason).toBe("goodwill");
    expect(restockOf(draft, paid)).toBe("now");
  });

  it("waits for the parcel of a shipped order, returned or withdrawn, unless the owner says otherwise", () => {
    const shipped = { ...paid, shippedAt: "2026-11-02T10:00:00.000Z" };
    expect(emptyDraft(shipped).reason).toBe("return");
    expect(restockOf(emptyDraft(shipped), shipped)).toBe("on_return");
    const withdrawn = { ...shipped, withdrawnAt: "2026-11-10T10:00:00.000Z" };
    expect(emptyDraft(withdrawn).reason).toBe("withdrawal");
    expect(restockOf({ ...emptyDraft(withdrawn), reason: "goodwill" }, withdrawn)).toBe("now");
    expect(restockOf({ ...emptyDraft(withdrawn), restock: "no" }, withdrawn)).toBe("no");
  });

  it("adds up the lines and the delivery, and sends them as lines", () => {
    const draft = { ...emptyDraft(paid), quantities: { 12: 1 }, includeShipping: true };
    expect(draftTotalCents(draft, items, paid)).toBe(18_100);
    expect(checkRefundDraft(draft, items, paid)).toEqual({});
    expect(refundInput(draft, items, paid)).toEqual({
      reason: "goodwill",
      restock: "now",
      note: undefined,
      lines: [{ itemId: 12, quantity: 1 }],
      includeShipping: true,
    });
  });

  it("refuses a refund of nothing, and more than is left", () => {
    expect(checkRefundDraft(emptyDraft(paid), items, paid).lines).toMatch(/au moins une pièce/);
    const small = { ...paid, refundableCents: 10_000 };
    const draft = { ...emptyDraft(small), quantities: { 11: 1 } };
    expect(checkRefundDraft(draft, items, small).lines).toMatch(/^100,00\s€ au plus/);
  });

  it("takes an amount with a comma, never moves pieces for it, and refuses a malformed one", () => {
    const draft = { ...emptyDraft(paid), mode: "amount" as const, amount: "12,50", restock: "now" as const };
    expect(draftTotalCents(draft, items, paid)).toBe(1_250);
    expect(refundInput(draft, items, paid)).toEqual({
      reason: "goodwill",
      restock: "no",
      note: undefined,
      amount: 12.5,
    });
    for (const amount of ["", "0", "12.345", "-3", "douze"]) {
      expect(checkRefundDraft({ ...draft, amount }, items, paid).amount).toBeDefined();
    }
  });

  it("makes a new key per refund, in the shape the server accepts", () => {
    const key = newRequestKey();
    expect(key).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(newRequestKey()).not.toBe(key);
  });
});

describe("the admin's words and figures", () => {
  it("counts in French: 0 and 1 in the singular", () => {
    const sales = { one: "{{n}} vente", many: "{{n}} ventes" };
    expect([0, 1, 2].map((n) => count(n, sales))).toEqual(["0 vente", "1 vente", "2 ventes"]);
  });

  it("reads euros typed with a comma or a dot, two decimals at most", () => {
    expect(parseEuros("149,9")).toBe(149.9);
    expect(parseEuros(" 20.00 ")).toBe(20);
    expect(parseEuros("1.005")).toBeNaN();
  });
});

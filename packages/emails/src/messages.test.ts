import { describe, expect, it } from "vitest";
import {
  EMAIL_KINDS,
  EMAIL_TYPES,
  emailSubject,
  InvalidEmailMessageError,
  isMarketingEmail,
  parseEmailMessage,
} from "./messages";
import { samplePayloads } from "./samples";

describe("parsing a queued message", () => {
  it.each(EMAIL_TYPES)("accepts the sample %s payload", (type) => {
    const message = parseEmailMessage({ type, locale: "fr", payload: samplePayloads[type] });
    expect(message).toEqual({ type, locale: "fr", payload: samplePayloads[type] });
  });

  it("rejects a malformed payload, naming the faulty fields", () => {
    const payload = { ...samplePayloads.order_confirmation, totalCents: "169.00", trackingToken: "short" };
    expect(() => parseEmailMessage({ type: "order_confirmation", locale: "fr", payload })).toThrow(
      InvalidEmailMessageError,
    );
    expect(() => parseEmailMessage({ type: "order_confirmation", locale: "fr", payload })).toThrow(
      /totalCents.*trackingToken|trackingToken.*totalCents/,
    );
  });

  it("rejects a shipping notice whose carrier link is not a URL", () => {
    const payload = { ...samplePayloads.shipping_notification, carrierUrl: "laposte" };
    expect(() => parseEmailMessage({ type: "shipping_notification", locale: "en", payload })).toThrow(
      /carrierUrl/,
    );
  });

  it("rejects an unknown type or language", () => {
    expect(() => parseEmailMessage({ type: "newsletter", locale: "fr", payload: {} })).toThrow(
      /unknown e-mail type/,
    );
    expect(() =>
      parseEmailMessage({ type: "back_in_stock", locale: "de", payload: samplePayloads.back_in_stock }),
    ).toThrow(/unknown locale/);
  });
});

describe("link tokens", () => {
  it.each([
    ["signup_confirmation", "token"],
    ["back_in_stock", "unsubscribeToken"],
    ["review_invitation", "token"],
    ["review_invitation", "unsubscribeToken"],
  ] as const)("%s refuses a %s that is missing, too short or too long", (type, field) => {
    for (const token of [undefined, "x".repeat(31), "x".repeat(257), 42]) {
      const payload = { ...samplePayloads[type], [field]: token };
      expect(() => parseEmailMessage({ type, locale: "fr", payload }), String(token)).toThrow(
        new RegExp(`invalid ${type} payload: ${field}`),
      );
    }
    for (const token of ["x".repeat(32), "x".repeat(256)]) {
      const payload = { ...samplePayloads[type], [field]: token };
      expect(parseEmailMessage({ type, locale: "fr", payload }).payload).toEqual(payload);
    }
  });
});

describe("an order e-mail's tracking token", () => {
  it.each([
    "shipping_notification",
    "withdrawal_acknowledgement",
    "order_refunded_sold_out",
    "order_refund",
  ] as const)("%s takes one of 32 to 128 characters, or none when queued before they carried one", (type) => {
    const { trackingToken: _, ...earlier } = samplePayloads[type];
    expect(parseEmailMessage({ type, locale: "fr", payload: earlier }).payload).toEqual(earlier);
    for (const trackingToken of ["x".repeat(31), "x".repeat(129), 42]) {
      const payload = { ...samplePayloads[type], trackingToken };
      expect(() => parseEmailMessage({ type, locale: "en", payload }), String(trackingToken)).toThrow(
        new RegExp(`invalid ${type} payload: trackingToken`),
      );
    }
  });

  it("is required by the confirmation and the tracking link", () => {
    for (const type of ["order_confirmation", "tracking_link"] as const) {
      const { trackingToken: _, ...payload } = samplePayloads[type];
      expect(() => parseEmailMessage({ type, locale: "fr", payload })).toThrow(/trackingToken/);
    }
  });
});

describe("a sign-up confirmation", () => {
  it("accepts the newsletter without a product", () => {
    const payload = {
      ...samplePayloads.signup_confirmation,
      list: "newsletter",
      model: null,
      productName: null,
    };
    expect(parseEmailMessage({ type: "signup_confirmation", locale: "en", payload }).payload).toEqual(
      payload,
    );
  });

  it("refuses a waitlist without its product, or the newsletter with one", () => {
    const mixUps = [
      { ...samplePayloads.signup_confirmation, model: null, productName: null },
      { ...samplePayloads.signup_confirmation, productName: null },
      { ...samplePayloads.signup_confirmation, list: "newsletter" },
      { ...samplePayloads.signup_confirmation, list: "newsletter", model: null },
    ];
    for (const payload of mixUps) {
      expect(() => parseEmailMessage({ type: "signup_confirmation", locale: "fr", payload })).toThrow(
        /set for a waitlist and null for the newsletter/,
      );
    }
  });

  it("refuses an unknown list or model", () => {
    for (const change of [{ list: "promotions" }, { model: "Zora!" }, { model: "../zora" }]) {
      const payload = { ...samplePayloads.signup_confirmation, ...change };
      expect(() => parseEmailMessage({ type: "signup_confirmation", locale: "fr", payload })).toThrow(
        InvalidEmailMessageError,
      );
    }
  });
});

describe("a refund", () => {
  it.each([0, -100, 12.5])("refuses an amount of %s cents", (amountCents) => {
    const payload = { ...samplePayloads.order_refund, amountCents };
    expect(() => parseEmailMessage({ type: "order_refund", locale: "fr", payload })).toThrow(/amountCents/);
  });

  it("accepts an amount refunded without lines", () => {
    const payload = { ...samplePayloads.order_refund, reason: "goodwill", items: [], fullyRefunded: false };
    expect(parseEmailMessage({ type: "order_refund", locale: "fr", payload }).payload).toEqual(payload);
  });

  it("refuses an unknown reason, and a cancellation that is not refunded in full", () => {
    const unknown = { ...samplePayloads.order_refund, reason: "damaged" };
    expect(() => parseEmailMessage({ type: "order_refund", locale: "fr", payload: unknown })).toThrow(
      /reason/,
    );
    const partial = { ...samplePayloads.order_refund, reason: "cancellation", fullyRefunded: false };
    expect(() => parseEmailMessage({ type: "order_refund", locale: "fr", payload: partial })).toThrow(
      /fullyRefunded/,
    );
  });
});

describe("review messages", () => {
  it("refuse an invitation to review nothing, and a refusal without one of the published reasons", () => {
    const empty = { ...samplePayloads.review_invitation, items: [] };
    expect(() => parseEmailMessage({ type: "review_invitation", locale: "fr", payload: empty })).toThrow(
      /items/,
    );
    for (const reason of ["negative", "", undefined]) {
      const payload = { ...samplePayloads.review_rejected, reason };
      expect(() => parseEmailMessage({ type: "review_rejected", locale: "fr", payload })).toThrow(/reason/);
    }
  });

  it("give a refusal's link to change the review only with the date it works until", () => {
    const linkOnly = { ...samplePayloads.review_rejected, changeUntil: null };
    expect(() => parseEmailMessage({ type: "review_rejected", locale: "en", payload: linkOnly })).toThrow(
      /token/,
    );
    const over = { ...samplePayloads.review_rejected, token: null, changeUntil: null };
    expect(parseEmailMessage({ type: "review_rejected", locale: "en", payload: over }).payload).toEqual(over);
  });
});

describe("message kinds", () => {
  it("mark only the back-in-stock notice, a series' announcement and the review invitation as marketing", () => {
    const marketing = ["back_in_stock", "announcement", "review_invitation"];
    expect(Object.keys(EMAIL_KINDS).sort()).toEqual([...EMAIL_TYPES].sort());
    expect(EMAIL_TYPES.filter(isMarketingEmail)).toEqual(marketing);
    for (const type of EMAIL_TYPES) {
      expect(EMAIL_KINDS[type], type).toBe(marketing.includes(type) ? "marketing" : "transactional");
    }
  });
});

describe("subjects", () => {
  it("fill in the order number and product name", () => {
    expect(
      emailSubject({
        type: "shipping_notification",
        locale: "fr",
        payload: samplePayloads.shipping_notification,
      }),
    ).toBe("Votre commande SOULS-123456ABCD est en route");
    expect(emailSubject({ type: "back_in_stock", locale: "en", payload: samplePayloads.back_in_stock })).toBe(
      "Aicha is back",
    );
    expect(emailSubject({ type: "order_refund", locale: "en", payload: samplePayloads.order_refund })).toBe(
      "Refund for your order SOULS-123456ABCD",
    );
    expect(
      emailSubject({
        type: "signup_confirmation",
        locale: "fr",
        payload: samplePayloads.signup_confirmation,
      }),
    ).toBe("Confirmez votre inscription");
  });
});

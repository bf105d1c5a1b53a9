import { describe, expect, it } from "vitest";
import { EMAIL_TYPES, emailSubject, InvalidEmailMessageError, parseEmailMessage } from "./messages";
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
  });
});

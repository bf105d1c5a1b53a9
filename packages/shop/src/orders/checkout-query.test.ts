import { describe, expect, it } from "vitest";
import { overOrderLimit, parseCheckoutQuery } from "./checkout-query";

const parse = (query: string, cart = []) => parseCheckoutQuery(new URLSearchParams(query), cart, "aicha");

describe("the checkout query", () => {
  it("reads product and qty, then numbered lines", () => {
    expect(parse("product=nadia&qty=2&product2=ilian&qty2=1")).toEqual({
      ok: true,
      fromQuery: true,
      lines: [
        { model: "nadia", quantity: 2 },
        { model: "ilian", quantity: 1 },
      ],
    });
  });

  it("defaults a missing product to the one given (the home page's first) and a missing quantity to 1", () => {
    expect(parse("qty=2")).toMatchObject({ lines: [{ model: "aicha", quantity: 2 }] });
    expect(parse("product=bilin")).toMatchObject({ lines: [{ model: "bilin", quantity: 1 }] });
  });

  it("uses the cart when the address names no product", () => {
    expect(parseCheckoutQuery(new URLSearchParams(""), [{ model: "ilian", quantity: 3 }], "aicha")).toEqual({
      ok: true,
      fromQuery: false,
      lines: [{ model: "ilian", quantity: 3 }],
    });
    expect(parse("")).toMatchObject({ lines: [{ model: "aicha", quantity: 1 }] });
    // A shop with nothing on its home page has nothing to default to.
    expect(parseCheckoutQuery(new URLSearchParams(""), [], undefined)).toEqual({ ok: false });
  });

  it("refuses malformed queries instead of guessing", () => {
    // Which models exist is the catalogue's to say; a name that is not a model code is refused here.
    for (const query of [
      "product=Leather",
      "product=../admin",
      `product=${"a".repeat(61)}`,
      "qty=0",
      "qty=-1",
      "qty=1.5",
      "qty=abc",
      "qty=999",
      "product=aicha&qty11=2",
      "qty0=1",
    ]) {
      expect(parse(query), query).toEqual({ ok: false });
    }
  });

  it("merges lines of the same model, so ten lines cannot slip past the per-model limit", () => {
    const query = Array.from(
      { length: 10 },
      (_, i) => `product${i ? i + 1 : ""}=nadia&qty${i ? i + 1 : ""}=20`,
    ).join("&");
    const parsed = parse(query);
    expect(parsed).toEqual({ ok: true, fromQuery: true, lines: [{ model: "nadia", quantity: 200 }] });
    expect(parsed.ok && overOrderLimit(parsed.lines, 3)).toEqual({ model: "nadia", limit: 3 });
    expect(
      overOrderLimit(
        [
          { model: "aicha", quantity: 2 },
          { model: "aicha", quantity: 1 },
        ],
        3,
      ),
    ).toBeNull();
    expect(
      overOrderLimit(
        [
          { model: "aicha", quantity: 2 },
          { model: "aicha", quantity: 2 },
        ],
        3,
      ),
    ).toEqual({
      model: "aicha",
      limit: 3,
    });
  });
});

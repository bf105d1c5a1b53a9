import { describe, expect, it } from "vitest";
import {
  addToCart,
  type Cart,
  cartItemCount,
  checkoutQuery,
  parseStoredCart,
  removeFromCart,
  setQuantity,
} from "./cart";

describe("adding to the cart", () => {
  it("starts a line at 1, then adds one more piece of the same model", () => {
    const once = addToCart([], "aicha", 5, 3);
    expect(once).toEqual({ outcome: "added", cart: [{ model: "aicha", quantity: 1 }] });
    const twice = addToCart(once.cart, "aicha", 5, 3);
    expect(twice.cart).toEqual([{ model: "aicha", quantity: 2 }]);
  });

  it("keeps lines in the order they were added", () => {
    const cart = addToCart(addToCart([], "nadia", 3, 3).cart, "aicha", 3, 3).cart;
    expect(cart.map((line) => line.model)).toEqual(["nadia", "aicha"]);
  });

  it("refuses more pieces of a model than one order may take, saying the limit", () => {
    const three: Cart = [{ model: "aicha", quantity: 3 }];
    expect(addToCart(three, "aicha", 10, 3)).toEqual({ outcome: "order_limit", cart: three, limit: 3 });
    // Fewer left than the limit: what is left is the reason given.
    expect(addToCart([{ model: "aicha", quantity: 2 }], "aicha", 2, 3).outcome).toBe("limit");
  });

  it("refuses a sold-out model and a piece beyond what is available", () => {
    expect(addToCart([], "bilin", 0, 3)).toEqual({ outcome: "sold_out", cart: [] });
    const full: Cart = [{ model: "bilin", quantity: 2 }];
    expect(addToCart(full, "bilin", 2, 3)).toEqual({ outcome: "limit", cart: full, available: 2 });
  });
});

describe("changing quantities", () => {
  const cart: Cart = [
    { model: "aicha", quantity: 2 },
    { model: "nadia", quantity: 1 },
  ];

  it("sets a quantity within the available pieces", () => {
    expect(setQuantity(cart, "aicha", 3, 3, 3).cart).toEqual([
      { model: "aicha", quantity: 3 },
      { model: "nadia", quantity: 1 },
    ]);
  });

  it("removes the line at 0 or below", () => {
    expect(setQuantity(cart, "nadia", 0, 3, 3).cart).toEqual([{ model: "aicha", quantity: 2 }]);
    expect(setQuantity(cart, "nadia", -4, 3, 3).outcome).toBe("removed");
  });

  it("refuses more than is available and leaves the cart as it was", () => {
    expect(setQuantity(cart, "aicha", 4, 3, 5)).toEqual({ outcome: "limit", cart, available: 3 });
  });

  it("refuses more than one order may take of a model", () => {
    expect(setQuantity(cart, "aicha", 4, 10, 3)).toEqual({ outcome: "order_limit", cart, limit: 3 });
  });

  it("removes a line", () => {
    expect(removeFromCart(cart, "aicha").cart).toEqual([{ model: "nadia", quantity: 1 }]);
  });
});

describe("totals", () => {
  it("counts pieces", () => {
    const cart: Cart = [
      { model: "aicha", quantity: 2 },
      { model: "ilian", quantity: 1 },
    ];
    expect(cartItemCount(cart)).toBe(3);
    expect(cartItemCount([])).toBe(0);
  });
});

describe("the checkout address of a cart", () => {
  it("numbers lines after the first, as the spec's query form", () => {
    const cart: Cart = [
      { model: "aicha", quantity: 1 },
      { model: "nadia", quantity: 2 },
      { model: "ilian", quantity: 1 },
    ];
    expect(checkoutQuery(cart)).toBe("product=aicha&qty=1&product2=nadia&qty2=2&product3=ilian&qty3=1");
  });
});

describe("reading a stored cart", () => {
  it("keeps valid lines and drops what is not a model code, duplicates and bad quantities", () => {
    // Whether a model exists is the catalogue's to say: the cart page drops lines of models no longer sold.
    expect(
      parseStoredCart([
        { model: "aicha", quantity: 2 },
        { model: "aicha", quantity: 1 },
        { model: "Leather!", quantity: 1 },
        { model: "zora", quantity: 1 },
      ]),
    ).toEqual([
      { model: "aicha", quantity: 2 },
      { model: "zora", quantity: 1 },
    ]);
    expect(parseStoredCart(Array.from({ length: 21 }, (_, i) => ({ model: `m${i}`, quantity: 1 })))).toEqual(
      [],
    );
    expect(parseStoredCart([{ model: "nadia", quantity: 0 }])).toEqual([]);
    expect(parseStoredCart("garbage")).toEqual([]);
    expect(parseStoredCart(null)).toEqual([]);
  });

  it("starts empty, with no default item", () => {
    expect(parseStoredCart(undefined)).toEqual([]);
  });
});

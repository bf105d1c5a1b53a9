import { describe, expect, it } from "vitest";
import { routeLabelOf } from "./route-label";

describe("a request's route label in the metrics", () => {
  it("is the route's id, never the path with its order numbers or tokens", () => {
    expect(routeLabelOf("/")).toBe("home.fr");
    expect(routeLabelOf("/en")).toBe("home.en");
    expect(routeLabelOf("/checkout")).toBe("checkout.fr");
    expect(routeLabelOf("/en/checkout")).toBe("checkout.en");
    expect(routeLabelOf("/admin-orders/SOULS-20261128-ABCD")).toBe("admin.orders.order");
    expect(routeLabelOf("/trpc/orders.list")).toBe("trpc");
    expect(routeLabelOf("/webhooks/stripe")).toBe("webhooks.stripe");
  });

  it("counts single-fetch data as its page, and files by kind", () => {
    expect(routeLabelOf("/checkout.data")).toBe("checkout.fr");
    expect(routeLabelOf("/_root.data")).toBe("home.fr");
    expect(routeLabelOf("/assets/entry.client-AbC123.js")).toBe("assets");
    expect(routeLabelOf("/favicon.ico")).toBe("static");
    expect(routeLabelOf("/sitemap.xml")).toBe("sitemap");
    expect(routeLabelOf("/livez")).toBe("livez");
  });

  it("gives every unknown address one of two labels", () => {
    expect(routeLabelOf("/une-page-qui-n-existe-pas")).toBe("notFound.fr");
    expect(routeLabelOf("/en/no-such-page/123")).toBe("notFound.en");
  });
});

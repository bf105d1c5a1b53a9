/**
 * What a product page tells Google's merchant listings beside its offer, on real PostgreSQL:
 * delivery per country from the owner's zones (decision 049), the return policy of the terms of sale,
 * the legal reference price struck through during a sale, and photos it can read (no SVG).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { startSale } from "@souls/shop/admin";
import { loadDeliveryZones, servedCountries } from "@souls/shop/delivery";
import { beforeAll, describe, expect, it } from "vitest";
import { shopWithOwnerSession, TEST_ORIGIN } from "~/lib/owner-session.testing";

const shop = shopWithOwnerSession();
let loader: (args: LoaderFunctionArgs) => Promise<unknown>;

beforeAll(async () => {
  ({ loader } = await import("./route"));
});

type Json = Record<string, unknown> & { offers: Record<string, unknown> };

async function productData(path: string): Promise<Json> {
  const answer = (await loader({
    request: new Request(`${TEST_ORIGIN}${path}`),
    params: {},
    context: {},
  })) as {
    structuredData: Json[];
  };
  return answer.structuredData.find((item) => item["@type"] === "Product") as Json;
}

const days = (minValue: number, maxValue: number) => ({
  "@type": "QuantitativeValue",
  minValue,
  maxValue,
  unitCode: "DAY",
});

describe("a product page's structured data", () => {
  it("gives the delivery per country: the shop's fee and its announced days, handling and transit", async () => {
    const { offers } = await productData("/produit/sac-banane-aicha");
    const details = offers.shippingDetails as {
      shippingRate: { value: string; currency: string };
      shippingDestination: { addressCountry: string }[];
      deliveryTime: { handlingTime: unknown; transitTime: unknown; businessDays: { dayOfWeek: string[] } };
    }[];
    const to = (country: string) =>
      details.find((detail) =>
        detail.shippingDestination.some((region) => region.addressCountry === country),
      );
    expect(to("FR")).toMatchObject({
      "@type": "OfferShippingDetails",
      shippingRate: { "@type": "MonetaryAmount", value: "0.00", currency: "EUR" },
      shippingDestination: [{ "@type": "DefinedRegion", addressCountry: "FR" }],
      deliveryTime: { "@type": "ShippingDeliveryTime", handlingTime: days(0, 1), transitTime: days(3, 4) },
    });
    expect(to("FR")?.deliveryTime.businessDays.dayOfWeek).toHaveLength(5);
    expect(to("DE")).toMatchObject({
      shippingRate: { value: "12.00" },
      deliveryTime: { transitTime: days(5, 6) },
    });
    expect(to("CH")).toMatchObject({
      shippingRate: { value: "12.00" },
      deliveryTime: { transitTime: days(7, 9) },
    });
    expect(to("JP")).toMatchObject({
      shippingRate: { value: "25.00" },
      deliveryTime: { transitTime: days(7, 9) },
    });
    // Every country the checkout ships to, once.
    const countries = details.flatMap((detail) =>
      detail.shippingDestination.map((region) => region.addressCountry),
    );
    expect(countries.sort()).toEqual(servedCountries(await loadDeliveryZones(shop.t.db)).sort());
  });

  it("gives the return policy of the terms of sale: 14 days, by post, at the buyer's cost", async () => {
    const { offers } = await productData("/en/product/aicha-fanny-pack");
    const policies = offers.hasMerchantReturnPolicy as { applicableCountry: string[] }[];
    for (const policy of policies) {
      expect(policy).toMatchObject({
        "@type": "MerchantReturnPolicy",
        returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
        merchantReturnDays: 14,
        returnMethod: "https://schema.org/ReturnByMail",
        returnFees: "https://schema.org/ReturnFeesCustomerResponsibility",
      });
      // Where to is the address the seller gives when asked (the terms): none is promised here.
      expect(policy).not.toHaveProperty("returnPolicyCountry");
      // Google reads 50 countries at most per policy.
      expect(policy.applicableCountry.length).toBeLessThanOrEqual(50);
    }
    expect(policies.flatMap((policy) => policy.applicableCountry).sort()).toEqual(
      servedCountries(await loadDeliveryZones(shop.t.db)).sort(),
    );
  });

  it("shows a sale's price with the reference price struck through, and no end date it does not have", async () => {
    expect((await productData("/produit/sac-banane-nadia")).offers.priceSpecification).toBeUndefined();
    const nadia = await shop.t.db
      .selectFrom("products")
      .select("id")
      .where("slug", "=", "nadia")
      .executeTakeFirstOrThrow();
    await startSale(shop.t.db, nadia.id, 12900);
    const { offers } = await productData("/produit/sac-banane-nadia");
    expect(offers).toMatchObject({
      price: "129.00",
      priceCurrency: "EUR",
      priceSpecification: [
        { "@type": "UnitPriceSpecification", price: "129.00", priceCurrency: "EUR" },
        {
          "@type": "UnitPriceSpecification",
          priceType: "https://schema.org/StrikethroughPrice",
          price: "169.00",
          priceCurrency: "EUR",
        },
      ],
    });
    // The owner ends a sale when she chooses: no date to promise (decision 046).
    expect(offers.priceValidUntil).toBeUndefined();
  });

  it("names photos search engines read: the drawings' JPEG cuts, never an SVG", async () => {
    const { image } = await productData("/produit/sac-banane-bilin");
    expect(image).toHaveLength(4);
    for (const url of image as string[])
      expect(url).toMatch(new RegExp(`^${TEST_ORIGIN}/photos/[0-9a-f]{32}-1200\\.jpg$`));
  });
});

/**
 * What Google's merchant listings read beside a product page's offer: the delivery per country
 * (the owner's zones, their price for this piece and days, @souls/shop/delivery), the return policy as the terms of sale
 * set it, and the legal reference price struck through during a sale. No `priceValidUntil`: a
 * sale here runs until the owner ends it, with no end date to give (decision 046).
 */
import type { DeliveryZone } from "@souls/shop/delivery";
import { RETURN_POLICY, shippingGroups } from "@souls/shop/feeds";

/** Google reads 50 countries at most per return policy. */
const COUNTRIES_PER_POLICY = 50;
const SCHEMA = "https://schema.org/";
const BUSINESS_DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"].map(
  (day) => `${SCHEMA}${day}`,
);

const amount = (cents: number) => (cents / 100).toFixed(2);
const days = (range: { min: number; max: number }) => ({
  "@type": "QuantitativeValue",
  minValue: range.min,
  maxValue: range.max,
  unitCode: "DAY",
});

export function offerDetails(
  model: {
    priceCents: number;
    beforePriceCents: number | null;
    currency: string;
  },
  zones: readonly DeliveryZone[],
) {
  // One piece's delivery: free where its price reaches the zone's threshold.
  const groups = shippingGroups(zones, model.priceCents);
  const countries = groups.flatMap((group) => group.countries);
  const policies = [];
  for (let start = 0; start < countries.length; start += COUNTRIES_PER_POLICY) {
    policies.push({
      "@type": "MerchantReturnPolicy",
      applicableCountry: countries.slice(start, start + COUNTRIES_PER_POLICY),
      returnPolicyCategory: `${SCHEMA}MerchantReturnFiniteReturnWindow`,
      merchantReturnDays: RETURN_POLICY.days,
      returnMethod: `${SCHEMA}ReturnByMail`,
      // The terms of sale: « Les frais directs de retour sont à la charge de l'Acheteur ».
      returnFees: `${SCHEMA}ReturnFeesCustomerResponsibility`,
    });
  }
  return {
    ...(model.beforePriceCents !== null
      ? {
          priceSpecification: [
            {
              "@type": "UnitPriceSpecification",
              price: amount(model.priceCents),
              priceCurrency: model.currency,
            },
            {
              "@type": "UnitPriceSpecification",
              priceType: `${SCHEMA}StrikethroughPrice`,
              price: amount(model.beforePriceCents),
              priceCurrency: model.currency,
            },
          ],
        }
      : {}),
    shippingDetails: groups.map((group) => ({
      "@type": "OfferShippingDetails",
      shippingRate: { "@type": "MonetaryAmount", value: amount(group.priceCents), currency: model.currency },
      shippingDestination: group.countries.map((country) => ({
        "@type": "DefinedRegion",
        addressCountry: country,
      })),
      deliveryTime: {
        "@type": "ShippingDeliveryTime",
        businessDays: { "@type": "OpeningHoursSpecification", dayOfWeek: BUSINESS_DAYS },
        handlingTime: days(group.handlingDays),
        transitTime: days(group.transitDays),
      },
    })),
    hasMerchantReturnPolicy: policies,
  };
}

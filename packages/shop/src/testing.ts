/** Test helpers shared with the apps' tests (never imported by production code). */
import type { ShippingDetails } from "./orders/checkout-form";

export { startStripeDouble } from "./payments/stripe-double";

/** The test customer and Paris address of the spec's test order. */
export const TEST_SHIPPING: ShippingDetails = {
  firstName: "Camille",
  lastName: "Martin",
  email: "camille@example.org",
  address: "12 rue des Martyrs",
  postalCode: "75009",
  city: "Paris",
  country: "FR",
  deliveryInstructions: null,
  customerNote: null,
};

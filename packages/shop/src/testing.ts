/** Test helpers shared with the apps' tests (never imported by production code). */
export { startStripeDouble } from "./payments/stripe-double";

import {
  offlineGateway,
  type PaymentGateway,
  type StripeGateway,
  stripeGatewayFor,
} from "@souls/shop/payments";
import { env } from "./env.server";

/** Stripe when its keys are configured (the settings require all three or none). */
export const stripeGateway: StripeGateway | null = stripeGatewayFor(env);

/** The gateway orders are paid with: Stripe, or the offline gateway without its keys. */
export const gateway: PaymentGateway = stripeGateway ?? offlineGateway;

/** While no real payment can be taken, every page says so. */
export const testMode = gateway.provider === "test";

/** Public by design (Stripe.js needs it in the browser); null without Stripe. */
export const stripePublishableKey: string | null = stripeGateway
  ? (env.STRIPE_PUBLISHABLE_KEY ?? null)
  : null;

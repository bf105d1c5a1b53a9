import { createStripeGateway, type PaymentGateway, type StripeGateway, testGateway } from "@souls/shop";
import { env } from "./env.server";

function stripeApi(url: string | undefined) {
  if (!url) return undefined;
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: Number(parsed.port),
    protocol: parsed.protocol === "http:" ? ("http" as const) : ("https" as const),
  };
}

/** Stripe when its keys are configured; otherwise the offline test gateway. */
export const stripeGateway: StripeGateway | null =
  env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
    ? createStripeGateway({
        secretKey: env.STRIPE_SECRET_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        api: stripeApi(env.STRIPE_API_URL),
      })
    : null;

export const gateway: PaymentGateway = stripeGateway ?? testGateway;

/** While no real payment can be taken, every page says so. */
export const testMode = gateway.provider === "test";

/** Public by design (Stripe.js needs it in the browser); null without Stripe. */
export const stripePublishableKey: string | null = stripeGateway
  ? (env.STRIPE_PUBLISHABLE_KEY ?? null)
  : null;

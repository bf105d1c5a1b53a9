import type { ShopSettings } from "../settings";
import type { PaymentGateway } from "./gateway";
import { offlineGateway } from "./offline-gateway";
import { createStripeGateway, type StripeGateway, type StripeSettings } from "./stripe-gateway";

type StripeKeys = Pick<ShopSettings, "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET" | "STRIPE_API_URL">;

/** Stripe when its keys are set (the settings take all three or none); null otherwise. */
export function stripeGatewayFor(settings: StripeKeys): StripeGateway | null {
  if (!settings.STRIPE_SECRET_KEY || !settings.STRIPE_WEBHOOK_SECRET) return null;
  return createStripeGateway({
    secretKey: settings.STRIPE_SECRET_KEY,
    webhookSecret: settings.STRIPE_WEBHOOK_SECRET,
    api: stripeApi(settings.STRIPE_API_URL),
  });
}

/** The gateway the shop takes payments with: Stripe, or the offline gateway without its keys. */
export function paymentGatewayFor(settings: StripeKeys): PaymentGateway {
  return stripeGatewayFor(settings) ?? offlineGateway;
}

/** STRIPE_API_URL (tests only: a local double of Stripe's API) as the client's options. */
function stripeApi(url: string | undefined): StripeSettings["api"] {
  const api = url === undefined ? undefined : new URL(url);
  return (
    api && {
      host: api.hostname,
      port: Number(api.port),
      protocol: api.protocol === "http:" ? "http" : "https",
    }
  );
}

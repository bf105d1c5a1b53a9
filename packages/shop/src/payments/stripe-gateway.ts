import Stripe from "stripe";
import type { CurrentOutcome, PaymentEvent, PaymentGateway, TakenAmount } from "./gateway";

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Where the API is (tests point it at a local double). */
  api?: { host: string; port: number; protocol: "http" | "https" };
}

export interface StripeGateway extends PaymentGateway {
  /**
   * Verifies a webhook's signature on its raw body (300 s tolerance) and reads the payment news
   * it carries: `invalid` for a bad or stale signature, `ignored` for events the shop does not use.
   */
  readWebhook(rawBody: string, signature: string | null): Promise<PaymentEvent | "invalid" | "ignored">;
}

export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** What Stripe says it took (its currencies are lower case), or null for a body without it. */
function takenOf(amount: unknown, currency: unknown): TakenAmount | null {
  if (!Number.isInteger(amount) || typeof currency !== "string" || !currency) return null;
  return { amountCents: amount as number, currency: currency.toUpperCase() };
}

export function createStripeGateway(settings: StripeSettings): StripeGateway {
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(settings.api ?? {}),
  });

  /** The PaymentIntent behind a reference (a Checkout Session's is created by Stripe). */
  async function paymentIntentOf(reference: string): Promise<string | null> {
    if (!reference.startsWith("cs_")) return reference;
    const session = await stripe.checkout.sessions.retrieve(reference);
    return typeof session.payment_intent === "string"
      ? session.payment_intent
      : (session.payment_intent?.id ?? null);
  }

  /** What Stripe says of a payment now (see PaymentGateway.currentOutcome). */
  async function currentOutcome(reference: string): Promise<CurrentOutcome> {
    if (reference.startsWith("cs_")) {
      const session = await stripe.checkout.sessions.retrieve(reference);
      if (session.status === "expired") return { type: "cancelled" };
      // Paid on Stripe's page: what it took is its intent's to say.
      if (!session.payment_intent) return { type: session.status === "open" ? "not_started" : "pending" };
    }
    const paymentIntent = await paymentIntentOf(reference);
    if (!paymentIntent) return { type: "pending" };
    const intent = await stripe.paymentIntents.retrieve(paymentIntent);
    const taken = takenOf(intent.amount_received, intent.currency);
    if (intent.status === "succeeded" && taken) return { type: "succeeded", taken };
    if (intent.status === "canceled") return { type: "cancelled" };
    // No attempt under way: none made, or the last card refused (Stripe keeps the intent open).
    if (intent.status === "requires_payment_method" || intent.status === "requires_confirmation")
      return { type: "not_started" };
    return { type: "pending" };
  }

  return {
    provider: "stripe",

    async startPayment(payment, options) {
      const metadata = { order_number: payment.orderNumber };
      if (options.withJavaScript) {
        const intent = await stripe.paymentIntents.create(
          {
            amount: payment.totalCents,
            currency: payment.currency.toLowerCase(),
            receipt_email: payment.email,
            metadata,
            automatic_payment_methods: { enabled: true },
          },
          { idempotencyKey: options.idempotencyKey },
        );
        return { reference: intent.id, clientSecret: intent.client_secret ?? undefined };
      }
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          customer_email: payment.email,
          locale: payment.locale,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: payment.currency.toLowerCase(),
                unit_amount: payment.totalCents,
                product_data: { name: `SOULS ${payment.orderNumber}` },
              },
            },
          ],
          metadata,
          payment_intent_data: { metadata },
          success_url: options.returnUrl,
          cancel_url: options.cancelUrl,
        },
        { idempotencyKey: options.idempotencyKey },
      );
      return { reference: session.id, redirectUrl: session.url ?? undefined };
    },

    async updateAmount(reference, totalCents, idempotencyKey) {
      // A Checkout Session's amount is fixed on Stripe's page: it cannot follow a new country.
      if (reference.startsWith("cs_")) return "refused";
      try {
        await stripe.paymentIntents.update(reference, { amount: totalCents }, { idempotencyKey });
        return "updated";
      } catch (error) {
        // Stripe answered no: the intent is succeeded, processing, requires_capture or canceled.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return "refused";
        // No answer (or a lost one): ask what the intent holds, so the order follows it.
        const intent = await stripe.paymentIntents.retrieve(reference);
        if (intent.amount === totalCents) return "updated";
        throw error;
      }
    },

    async refund(reference, amountCents, idempotencyKey, shopRefundId) {
      const paymentIntent = await paymentIntentOf(reference);
      if (!paymentIntent) throw new Error(`No payment to refund for ${reference}`);
      const refund = await stripe.refunds.create(
        {
          payment_intent: paymentIntent,
          amount: amountCents,
          ...(shopRefundId ? { metadata: { shop_refund_id: String(shopRefundId) } } : {}),
        },
        { idempotencyKey },
      );
      return { providerRefundId: refund.id };
    },

    currentOutcome,

    async closePayment(reference) {
      try {
        if (reference.startsWith("cs_")) await stripe.checkout.sessions.expire(reference);
        else await stripe.paymentIntents.cancel(reference);
        return "closed";
      } catch (error) {
        // Not open any more: closed already, or paid meanwhile (its event pays the order).
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        return (await currentOutcome(reference)).type === "succeeded" ? "succeeded" : "closed";
      }
    },

    async resumePayment(reference, withJavaScript) {
      if (reference.startsWith("cs_")) {
        if (withJavaScript) return null;
        const session = await stripe.checkout.sessions.retrieve(reference);
        return session.status === "open" && session.url ? { reference, redirectUrl: session.url } : null;
      }
      if (!withJavaScript) return null;
      const intent = await stripe.paymentIntents.retrieve(reference);
      const open = ["requires_payment_method", "requires_confirmation", "requires_action"].includes(
        intent.status,
      );
      return open && intent.client_secret ? { reference, clientSecret: intent.client_secret } : null;
    },

    async readWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature ?? "",
          settings.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch {
        return "invalid";
      }
      const news = (
        type: Exclude<PaymentEvent["type"], "succeeded">,
        orderNumber: string | undefined,
        declineCode?: string,
      ): PaymentEvent | "ignored" =>
        orderNumber ? { provider: "stripe", eventId: event.id, type, orderNumber, declineCode } : "ignored";
      // A success says what Stripe took: the order is paid only if that is its total.
      const success = (
        orderNumber: string | undefined,
        taken: TakenAmount | null,
      ): PaymentEvent | "ignored" =>
        orderNumber && taken
          ? { provider: "stripe", eventId: event.id, type: "succeeded", orderNumber, taken }
          : "ignored";
      // Signed, but not the shape Stripe sends for these types: nothing to apply.
      if (typeof event.data?.object !== "object" || event.data.object === null) return "ignored";
      switch (event.type) {
        case "payment_intent.succeeded": {
          const intent = event.data.object;
          return success(intent.metadata?.order_number, takenOf(intent.amount_received, intent.currency));
        }
        case "payment_intent.payment_failed": {
          const error = event.data.object.last_payment_error;
          return news("failed", event.data.object.metadata.order_number, error?.decline_code ?? error?.code);
        }
        case "payment_intent.canceled":
          return news("cancelled", event.data.object.metadata.order_number);
        case "checkout.session.completed": {
          const session = event.data.object;
          return session.payment_status === "paid"
            ? success(session.metadata?.order_number, takenOf(session.amount_total, session.currency))
            : "ignored";
        }
        case "checkout.session.expired":
          return news("cancelled", event.data.object.metadata?.order_number);
        case "charge.refunded": {
          // A charge does not carry its PaymentIntent's metadata: read it from the intent, and
          // every refund of the intent, the shop's own (metadata) and the dashboard's alike.
          const intentValue = event.data.object.payment_intent;
          if (!intentValue) return "ignored";
          const intentId = typeof intentValue === "string" ? intentValue : intentValue.id;
          let intent: Stripe.PaymentIntent;
          let refunds: Stripe.ApiList<Stripe.Refund>;
          try {
            [intent, refunds] = await Promise.all([
              stripe.paymentIntents.retrieve(intentId),
              stripe.refunds.list({ payment_intent: intentId, limit: 100 }),
            ]);
          } catch (error) {
            // An intent Stripe does not know (not this account's): nothing of the shop's. Any
            // other failure answers 500, and Stripe sends the event again later.
            if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing")
              return "ignored";
            throw error;
          }
          const news_ = news("refunded", intent.metadata.order_number);
          if (news_ === "ignored") return news_;
          return {
            ...news_,
            refunds: refunds.data
              .filter((refund) => refund.status === "succeeded")
              .map((refund) => ({
                providerRefundId: refund.id,
                amountCents: refund.amount,
                shopRefundId: Number(refund.metadata?.shop_refund_id) || undefined,
              })),
          };
        }
        default:
          return "ignored";
      }
    },
  };
}

import { createHmac } from "node:crypto";

/** An event as Stripe sends it to a webhook endpoint and lists it at GET /v1/events. */
export interface StripeEvent {
  id: string;
  object: "event";
  type: string;
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  data: { object: Record<string, unknown> };
}

/**
 * How events reach the shop: at once (as Stripe does within seconds), each twice, held until the
 * test releases them (late, in order or reversed), or never (the reconciler must find the payment).
 */
export type DeliveryMode = "immediate" | "twice" | "hold" | "never";

export interface Delivery {
  eventId: string;
  type: string;
  /** The endpoint's HTTP status, or 0 when it could not be reached. */
  status: number;
}

/** Stripe's signature scheme: `t=<unix seconds>,v1=<HMAC-SHA256 of "<t>.<body>" with the secret>`. */
export function signatureHeader(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

/** Sends the stand-in's events to the shop's webhook endpoint, signed, as the mode says. */
export class WebhookSender {
  endpoint: { url: string; secret: string } | undefined;
  mode: DeliveryMode = "immediate";
  /** Events kept back while the mode is `hold` (or sent while no endpoint was set). */
  readonly held: StripeEvent[] = [];
  readonly deliveries: Delivery[] = [];
  readonly #inFlight = new Set<Promise<void>>();

  /** Called for each new event, after the API's answer that made it has gone out. */
  emit(event: StripeEvent): void {
    if (this.mode === "never") return;
    if (this.mode === "hold" || !this.endpoint) {
      this.held.push(event);
      return;
    }
    this.#track(this.send(event));
    if (this.mode === "twice") this.#track(this.send(event));
  }

  /** Sends the held events (in the order they happened, or reversed), and waits for the answers. */
  async release(order: "in_order" | "reversed" = "in_order"): Promise<void> {
    const events = this.held.splice(0);
    if (order === "reversed") events.reverse();
    for (const event of events) await this.send(event);
  }

  /** Posts one event as Stripe does: JSON body, `Stripe-Signature` over that exact body. */
  async send(event: StripeEvent): Promise<void> {
    const endpoint = this.endpoint;
    if (!endpoint) throw new Error("the stand-in has no webhook endpoint");
    const payload = JSON.stringify(event, null, 2);
    let status = 0;
    try {
      const answer = await fetch(endpoint.url, {
        method: "POST",
        body: payload,
        headers: {
          "Content-Type": "application/json; charset=utf-8",
          "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
          "Stripe-Signature": signatureHeader(payload, endpoint.secret),
        },
      });
      status = answer.status;
      await answer.arrayBuffer();
    } catch {
      status = 0;
    }
    this.deliveries.push({ eventId: event.id, type: event.type, status });
  }

  /** Resolves once every delivery started so far has had its answer. */
  async settled(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.all([...this.#inFlight]);
  }

  #track(delivery: Promise<void>): void {
    this.#inFlight.add(delivery);
    delivery.finally(() => this.#inFlight.delete(delivery));
  }
}

import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A request the Stripe SDK sent to the double. */
export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  form: URLSearchParams;
}

/**
 * A local stand-in for the few Stripe endpoints the shop calls, for tests: it records every
 * request and answers with the smallest objects the SDK and the gateway read.
 */
export interface DoubleRefund {
  id: string;
  amount: number;
  payment_intent: string;
  metadata: Record<string, string>;
}

/** A PaymentIntent as the double keeps it: what it asks, what it took, where it stands. */
export interface DoubleIntent {
  id: string;
  amount: number;
  currency: string;
  status: string;
  amount_received: number;
  metadata: Record<string, string>;
}

/** Stripe refuses to change the amount of an intent in these states (payment_intent_unexpected_state). */
const SETTLED_INTENT_STATES = ["succeeded", "processing", "requires_capture", "canceled"];

export async function startStripeDouble(
  state: {
    paymentIntentStatus?: string;
    orderNumber?: string;
    /** Refund requests whose answer is lost (the connection drops after the refund is made). */
    dropRefundAnswers?: number;
    /** Amount updates that fail with a 500 before changing anything. */
    failAmountUpdates?: number;
    /**
     * Amount updates that fail with a 500 after the amount changed (Stripe: a 500's outcome is
     * indeterminate, the request may have run).
     */
    failAmountUpdatesAfterChange?: number;
  } = {},
) {
  const requests: RecordedRequest[] = [];
  /** Every refund made, as Stripe keeps them: one per idempotency key. */
  const refunds: DoubleRefund[] = [];
  const refundsByKey = new Map<string, DoubleRefund>();
  /** Every PaymentIntent created, by id. */
  const intents = new Map<string, DoubleIntent>();
  /** Like Stripe, a POST repeated with its idempotency key gets the first answer, without running again. */
  const answersByKey = new Map<string, { status: number; body: object }>();
  // Like Stripe, a new object gets a new id (the first keeps the plain one the tests name).
  const created = { pi: 0, cs: 0 };
  const newId = (prefix: "pi" | "cs") =>
    ++created[prefix] === 1 ? `${prefix}_double` : `${prefix}_double_${created[prefix]}`;
  const read = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => resolve(body));
    });

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://double");
    const form = new URLSearchParams(await read(request));
    requests.push({
      method: request.method ?? "",
      path: url.pathname,
      idempotencyKey: request.headers["idempotency-key"] as string | undefined,
      form,
    });
    const answer = (body: object, status = 200) => {
      response.writeHead(status, {
        "Content-Type": "application/json",
        "Request-Id": "req_double",
        // The SDK retries a failure unless told not to: the tests wait for no back-off.
        ...(status >= 500 ? { "Stripe-Should-Retry": "false" } : {}),
      });
      response.end(JSON.stringify(body));
    };
    const idempotencyKey = request.headers["idempotency-key"] as string | undefined;
    const metadata = {
      order_number: state.orderNumber ?? form.get("metadata[order_number]") ?? "SOULS-000000DBLE",
    };
    const intentAnswer = (intent: DoubleIntent) => ({
      ...intent,
      object: "payment_intent",
      client_secret: `${intent.id}_secret_x`,
      // A test may set every intent's status at once (an intent the double never created too).
      status: state.paymentIntentStatus ?? intent.status,
      metadata: state.orderNumber ? metadata : intent.metadata,
    });
    if (url.pathname === "/v1/payment_intents" && request.method === "POST") {
      const replayed = idempotencyKey ? answersByKey.get(idempotencyKey) : undefined;
      if (replayed) return answer(replayed.body, replayed.status);
      const id = newId("pi");
      const intent: DoubleIntent = {
        id,
        amount: Number(form.get("amount") ?? 0),
        currency: form.get("currency") ?? "eur",
        status: "requires_payment_method",
        amount_received: 0,
        metadata,
      };
      intents.set(id, intent);
      const body = intentAnswer(intent);
      if (idempotencyKey) answersByKey.set(idempotencyKey, { status: 200, body });
      return answer(body);
    }
    if (url.pathname.startsWith("/v1/payment_intents/")) {
      const id = url.pathname.split("/").pop() ?? "";
      const intent = intents.get(id) ?? {
        id,
        amount: 0,
        currency: "eur",
        status: "requires_payment_method",
        amount_received: 0,
        metadata,
      };
      if (request.method !== "POST") return answer(intentAnswer(intent));
      const replayed = idempotencyKey ? answersByKey.get(idempotencyKey) : undefined;
      if (replayed) return answer(replayed.body, replayed.status);
      if ((state.failAmountUpdates ?? 0) > 0) {
        state.failAmountUpdates = (state.failAmountUpdates ?? 0) - 1;
        return answer({ error: { type: "api_error", message: "double: the update failed" } }, 500);
      }
      const status = state.paymentIntentStatus ?? intent.status;
      if (SETTLED_INTENT_STATES.includes(status)) {
        const body = {
          error: {
            type: "invalid_request_error",
            code: "payment_intent_unexpected_state",
            message: `This PaymentIntent's amount could not be updated because it has a status of ${status}.`,
          },
        };
        if (idempotencyKey) answersByKey.set(idempotencyKey, { status: 400, body });
        return answer(body, 400);
      }
      if (form.has("amount")) intent.amount = Number(form.get("amount"));
      intents.set(id, intent);
      const body = intentAnswer(intent);
      if (idempotencyKey) answersByKey.set(idempotencyKey, { status: 200, body });
      if ((state.failAmountUpdatesAfterChange ?? 0) > 0) {
        state.failAmountUpdatesAfterChange = (state.failAmountUpdatesAfterChange ?? 0) - 1;
        return answer({ error: { type: "api_error", message: "double: the answer was lost" } }, 500);
      }
      return answer(body);
    }
    if (url.pathname === "/v1/checkout/sessions" && request.method === "POST") {
      const id = newId("cs");
      return answer({ id, object: "checkout.session", url: `https://checkout.stripe.test/pay/${id}` });
    }
    if (url.pathname.startsWith("/v1/checkout/sessions/")) {
      return answer({
        id: url.pathname.split("/").pop(),
        object: "checkout.session",
        payment_intent: "pi_from_session",
      });
    }
    if (url.pathname === "/v1/refunds" && request.method === "POST") {
      const key = request.headers["idempotency-key"] as string | undefined;
      let refund = key ? refundsByKey.get(key) : undefined;
      if (!refund) {
        refund = {
          id: refunds.length === 0 ? "re_double" : `re_double_${refunds.length + 1}`,
          amount: Number(form.get("amount")),
          payment_intent: form.get("payment_intent") ?? "",
          metadata: Object.fromEntries(
            [...form]
              .filter(([name]) => name.startsWith("metadata["))
              .map(([name, value]) => [name.slice(9, -1), value]),
          ),
        };
        refunds.push(refund);
        if (key) refundsByKey.set(key, refund);
      }
      if ((state.dropRefundAnswers ?? 0) > 0) {
        state.dropRefundAnswers = (state.dropRefundAnswers ?? 0) - 1;
        request.socket.destroy();
        return;
      }
      return answer({ ...refund, object: "refund", status: "succeeded" });
    }
    if (url.pathname === "/v1/refunds" && request.method === "GET") {
      const intent = url.searchParams.get("payment_intent");
      const data = refunds
        .filter((refund) => refund.payment_intent === intent)
        .map((refund) => ({ ...refund, object: "refund", status: "succeeded" }));
      return answer({ object: "list", data, has_more: false, url: "/v1/refunds" });
    }
    response.writeHead(404, { "Content-Type": "application/json" });
    response.end(JSON.stringify({ error: { message: `no double for ${url.pathname}` } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    requests,
    refunds,
    intents,
    /**
     * The shopper confirms her card on Stripe's side: the intent succeeds for the amount it holds
     * now. Returns the intent as the `payment_intent.succeeded` event carries it.
     */
    confirmIntent(id: string): DoubleIntent {
      const intent = intents.get(id);
      if (!intent) throw new Error(`the double has no PaymentIntent ${id}`);
      intent.status = "succeeded";
      intent.amount_received = intent.amount;
      return { ...intent };
    },
    /** The double's behaviour, changeable while it runs (e.g. `state.dropRefundAnswers = 3`). */
    state,
    /** A refund made in Stripe's dashboard, which the shop learns of through a webhook. */
    dashboardRefund(paymentIntent: string, amount: number): DoubleRefund {
      const refund = {
        id: `re_dashboard_${refunds.length + 1}`,
        amount,
        payment_intent: paymentIntent,
        metadata: {},
      };
      refunds.push(refund);
      return refund;
    },
    api: { host: "127.0.0.1", port, protocol: "http" as const },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

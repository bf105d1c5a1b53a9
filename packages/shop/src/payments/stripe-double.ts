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

export async function startStripeDouble(
  state: {
    paymentIntentStatus?: string;
    orderNumber?: string;
    /** Refund requests whose answer is lost (the connection drops after the refund is made). */
    dropRefundAnswers?: number;
  } = {},
) {
  const requests: RecordedRequest[] = [];
  /** Every refund made, as Stripe keeps them: one per idempotency key. */
  const refunds: DoubleRefund[] = [];
  const refundsByKey = new Map<string, DoubleRefund>();
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
    const answer = (body: object) => {
      response.writeHead(200, { "Content-Type": "application/json", "Request-Id": "req_double" });
      response.end(JSON.stringify(body));
    };
    const metadata = {
      order_number: state.orderNumber ?? form.get("metadata[order_number]") ?? "SOULS-000000DBLE",
    };
    if (url.pathname === "/v1/payment_intents" && request.method === "POST") {
      const id = newId("pi");
      return answer({ id, object: "payment_intent", client_secret: `${id}_secret_x`, metadata });
    }
    if (url.pathname.startsWith("/v1/payment_intents/")) {
      return answer({
        id: url.pathname.split("/").pop(),
        object: "payment_intent",
        status: state.paymentIntentStatus ?? "requires_payment_method",
        metadata,
      });
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

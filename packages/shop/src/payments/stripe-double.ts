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
export async function startStripeDouble(state: { paymentIntentStatus?: string; orderNumber?: string } = {}) {
  const requests: RecordedRequest[] = [];
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
    if (url.pathname === "/v1/refunds") return answer({ id: "re_double", object: "refund" });
    response.writeHead(404, { "Content-Type": "application/json" });
    response.end(JSON.stringify({ error: { message: `no double for ${url.pathname}` } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    requests,
    api: { host: "127.0.0.1", port, protocol: "http" as const },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

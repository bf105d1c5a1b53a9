import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { ApiError, type PaymentIntent, type Refund, STRIPE_HOSTS, TestAccount } from "./account";
import { type Card, TEST_CARDS } from "./cards";
import { type FormValue, pick, readStripeForm, stringsOf } from "./form";
import {
  hostedCheckoutPage,
  intentAuthenticationPage,
  langOf,
  paymentElementFrame,
  sessionAuthenticationPage,
  stripeJs,
} from "./pages";
import { type DeliveryMode, WebhookSender } from "./webhooks";

/** A request the stand-in received (the shop's server, or the browser through the tests' routing). */
export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  form: URLSearchParams;
}

/** Knobs a test turns to make the API misbehave as Stripe sometimes does. */
export interface Misbehaviour {
  /** Refund requests whose answer is lost (the connection drops after the refund is made). */
  dropRefundAnswers?: number;
  /** Amount updates that fail with a 500 before changing anything. */
  failAmountUpdates?: number;
  /** Amount updates that fail with a 500 after the amount changed (a 500's outcome is indeterminate). */
  failAmountUpdatesAfterChange?: number;
  /** Every intent answered with this status (an intent the stand-in never created too). */
  paymentIntentStatus?: string;
  /** Every intent answered with this order number in its metadata. */
  orderNumber?: string;
}

export interface StandInOptions extends Misbehaviour {
  /** Where to send events, signed with the endpoint's secret (can be set later: `webhooks.endpoint`). */
  webhook?: { url: string; secret: string };
  webhookMode?: DeliveryMode;
}

/**
 * Starts the stand-in on a free port of 127.0.0.1. The shop's server reaches its API directly
 * (STRIPE_API_URL); a browser reaches it through routing of Stripe's own hosts (`./playwright`):
 * paths under /js, /hooks and /checkout are those hosts' pages, the rest is the API.
 */
export async function startStripeStandIn(options: StandInOptions = {}) {
  const { webhook, webhookMode, ...misbehaviour } = options;
  const state: Misbehaviour = misbehaviour;
  const webhooks = new WebhookSender();
  webhooks.endpoint = webhook;
  webhooks.mode = webhookMode ?? "immediate";
  const account = new TestAccount((event) => pendingEvents.push(event));
  /** Events made while answering a request: sent once the answer is out, as Stripe does. */
  const pendingEvents: Parameters<WebhookSender["emit"]>[0][] = [];
  const requests: RecordedRequest[] = [];
  /** Like Stripe, a POST repeated with its idempotency key gets the first answer, without running again. */
  const answersByKey = new Map<string, { status: number; body: object; request: string }>();

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const raw = await readBody(request);
    const params = new URLSearchParams(raw);
    requests.push({
      method: request.method ?? "",
      path: url.pathname,
      idempotencyKey: request.headers["idempotency-key"] as string | undefined,
      form: params,
    });
    try {
      await route(request, response, url, params);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        json(response, 500, { error: { type: "api_error", message: String(error) } });
      } else {
        // A refusal is the request's answer: its key gets it again (a 5xx may be retried).
        const key = request.headers["idempotency-key"] as string | undefined;
        if (
          request.method === "POST" &&
          key &&
          error.status < 500 &&
          error.error.type !== "idempotency_error"
        ) {
          answersByKey.set(key, {
            status: error.status,
            body: { error: error.error },
            request: params.toString(),
          });
        }
        json(response, error.status, { error: error.error });
      }
    }
    for (const event of pendingEvents.splice(0)) webhooks.emit(event);
  });

  async function route(
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
    params: URLSearchParams,
  ) {
    const method = request.method ?? "GET";
    const path = url.pathname;
    const form = readStripeForm(params);
    const key = request.headers["idempotency-key"] as string | undefined;

    // Stripe's pages, for the browser.
    if (path.startsWith("/js/")) return jsFile(response, path);
    if (path.startsWith("/hooks/3d_secure_2/authenticate/")) {
      const intent = account.intent(path.split("/").pop() ?? "");
      const lang = langOf(url.searchParams.get("locale"));
      if (method === "POST") {
        const passed = params.get("outcome") === "complete";
        account.authenticate(intent.id, passed);
        return html(response, 200, intentAuthenticationPage(lang, "", passed ? "complete" : "fail"));
      }
      const amount = new Intl.NumberFormat(lang, { style: "currency", currency: intent.currency }).format(
        intent.amount / 100,
      );
      return html(response, 200, intentAuthenticationPage(lang, amount));
    }
    if (path.startsWith("/checkout/c/pay/")) return hostedPage(response, method, path, params);

    // The API, as the SDK and Stripe.js call it.
    const replayed = method === "POST" && key ? answersByKey.get(key) : undefined;
    if (path === "/v1/refunds" && method === "POST" && (state.dropRefundAnswers ?? 0) > 0) {
      // The refund is made (or found again by its key), and its answer is lost on the way back.
      if (!replayed) {
        const refund = account.createRefund({
          paymentIntent: pick(form, "payment_intent") ?? "",
          amount: pick(form, "amount") === undefined ? undefined : Number(pick(form, "amount")),
          metadata: stringsOf(form.metadata),
        });
        if (key) answersByKey.set(key, { status: 200, body: refund, request: params.toString() });
      }
      state.dropRefundAnswers = (state.dropRefundAnswers ?? 0) - 1;
      request.socket.destroy();
      return;
    }
    if (replayed && replayed.request !== params.toString()) {
      // Stripe: a key names one request; the same key with other parameters is a mistake.
      throw new ApiError(400, {
        type: "idempotency_error",
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      });
    }
    if (replayed) return json(response, replayed.status, replayed.body);
    const answer = (body: object, status = 200) => {
      if (method === "POST" && key) answersByKey.set(key, { status, body, request: params.toString() });
      json(response, status, body);
    };
    const segments = path.split("/").filter(Boolean);

    if (path === "/v1/payment_intents" && method === "POST") {
      const intent = account.createIntent({
        amount: Number(pick(form, "amount")),
        currency: pick(form, "currency") ?? "eur",
        metadata: stringsOf(form.metadata),
        receiptEmail: pick(form, "receipt_email") ?? null,
      });
      return answer(shown(intent));
    }
    if (segments[0] === "v1" && segments[1] === "payment_intents" && segments[2]) {
      const id = segments[2];
      if (method === "GET") return json(response, 200, shown(intentOrBlank(id)));
      if (segments[3] === "confirm") {
        const intent = account.confirmIntent(id, cardOf(form), pick(form, "return_url") ?? null);
        if (intent.status === "requires_payment_method" && intent.last_payment_error) {
          return answer({ error: { ...intent.last_payment_error, payment_intent: shown(intent) } }, 402);
        }
        return answer(shown(intent));
      }
      if (segments[3] === "cancel") return answer(shown(account.cancelIntent(id)));
      return updateIntent(id, form, answer);
    }
    if (path === "/v1/checkout/sessions" && method === "POST") {
      const session = account.createSession({
        amountTotal: Number(pick(form, "line_items", "0", "price_data", "unit_amount") ?? 0),
        currency: pick(form, "line_items", "0", "price_data", "currency") ?? "eur",
        customerEmail: pick(form, "customer_email") ?? null,
        locale: pick(form, "locale") ?? null,
        metadata: stringsOf(form.metadata),
        intentMetadata: stringsOf(
          (form.payment_intent_data as Record<string, FormValue> | undefined)?.metadata,
        ),
        successUrl: pick(form, "success_url") ?? "",
        cancelUrl: pick(form, "cancel_url") ?? null,
      });
      return answer(publicSession(session));
    }
    if (segments[0] === "v1" && segments[1] === "checkout" && segments[2] === "sessions" && segments[3]) {
      if (segments[4] === "expire" && method === "POST")
        return answer(publicSession(account.expireSession(segments[3])));
      return json(response, 200, publicSession(account.session(segments[3])));
    }
    if (path === "/v1/refunds" && method === "POST") {
      const refund = account.createRefund({
        paymentIntent: pick(form, "payment_intent") ?? "",
        amount: pick(form, "amount") === undefined ? undefined : Number(pick(form, "amount")),
        metadata: stringsOf(form.metadata),
      });
      return answer(refund);
    }
    if (path === "/v1/refunds" && method === "GET") {
      const intent = url.searchParams.get("payment_intent");
      const data = account.refunds.filter((refund) => !intent || refund.payment_intent === intent).reverse();
      return json(response, 200, { object: "list", data, has_more: false, url: "/v1/refunds" });
    }
    if (path === "/v1/events" && method === "GET") {
      const type = url.searchParams.get("type");
      const limit = Math.min(Number(url.searchParams.get("limit") ?? 10), 100);
      const data = account.events.filter((event) => !type || event.type === type).slice(0, limit);
      return json(response, 200, { object: "list", data, has_more: false, url: "/v1/events" });
    }
    json(response, 404, {
      error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` },
    });
  }

  function updateIntent(
    id: string,
    form: Record<string, FormValue>,
    answer: (body: object, status?: number) => void,
  ) {
    if ((state.failAmountUpdates ?? 0) > 0) {
      state.failAmountUpdates = (state.failAmountUpdates ?? 0) - 1;
      throw new ApiError(500, { type: "api_error", message: "stand-in: the update failed" });
    }
    const status = state.paymentIntentStatus;
    if (status && ["succeeded", "processing", "requires_capture", "canceled"].includes(status)) {
      throw new ApiError(400, {
        type: "invalid_request_error",
        code: "payment_intent_unexpected_state",
        message: `This PaymentIntent's amount could not be updated because it has a status of ${status}.`,
      });
    }
    const amount = pick(form, "amount");
    const intent = account.updateIntent(id, {
      amount: amount === undefined ? undefined : Number(amount),
      metadata: form.metadata ? stringsOf(form.metadata) : undefined,
    });
    if ((state.failAmountUpdatesAfterChange ?? 0) > 0) {
      state.failAmountUpdatesAfterChange = (state.failAmountUpdatesAfterChange ?? 0) - 1;
      throw new ApiError(500, { type: "api_error", message: "stand-in: the answer was lost" });
    }
    answer(shown(intent));
  }

  function hostedPage(response: ServerResponse, method: string, path: string, params: URLSearchParams) {
    const [id, step] = path.slice("/checkout/c/pay/".length).split("/");
    const session = account.session(id ?? "");
    const pageUrl = `${STRIPE_HOSTS.checkout}/c/pay/${session.id}`;
    if (step === "authenticate") {
      if (method !== "POST") return html(response, 200, sessionAuthenticationPage(session));
      const result = account.authenticateSession(session.id, params.get("outcome") === "complete");
      if (result.outcome === "paid") return redirect(response, successUrl(session));
      return html(response, 200, hostedCheckoutPage(session, messageOf(result.error.code, session.locale)));
    }
    if (method !== "POST") return html(response, 200, hostedCheckoutPage(session));
    const [month, year] = (params.get("expiry") ?? "").split("/").map((part) => Number(part.trim()));
    const result = account.paySession(session.id, {
      number: params.get("number") ?? "",
      expMonth: month ?? 0,
      expYear: year ?? 0,
      cvc: params.get("cvc") ?? "",
    });
    if (result.outcome === "paid") return redirect(response, successUrl(session));
    if (result.outcome === "authenticate") return redirect(response, `${pageUrl}/authenticate`);
    html(
      response,
      200,
      hostedCheckoutPage(session, messageOf(result.error.decline_code ?? result.error.code, session.locale)),
    );
  }

  /** An intent as the API shows it, with the tests' overrides. */
  function shown(intent: PaymentIntent) {
    return {
      ...intent,
      status: state.paymentIntentStatus ?? intent.status,
      metadata: state.orderNumber ? { ...intent.metadata, order_number: state.orderNumber } : intent.metadata,
    };
  }

  /** An unknown intent answered as a blank one (tests of the shop's reading of foreign intents). */
  function intentOrBlank(id: string): PaymentIntent {
    const known = account.intents.get(id);
    if (known || !state.paymentIntentStatus) return account.intent(id);
    return {
      id,
      object: "payment_intent",
      amount: 0,
      amount_received: 0,
      currency: "eur",
      status: "requires_payment_method",
      client_secret: `${id}_secret_x`,
      metadata: {},
      receipt_email: null,
      latest_charge: null,
      last_payment_error: null,
      next_action: null,
      payment_method_types: ["card"],
      cancellation_reason: null,
      created: 0,
      livemode: false,
    };
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    origin,
    /** The `stripe` SDK's `host`/`port`/`protocol` options (STRIPE_API_URL is `origin`). */
    api: { host: "127.0.0.1", port, protocol: "http" as const },
    account,
    requests,
    webhooks,
    /** The misbehaviour knobs, changeable while it runs (e.g. `state.dropRefundAnswers = 3`). */
    state,
    get intents() {
      return account.intents;
    },
    get refunds(): Refund[] {
      return account.refunds;
    },
    /** The shopper's card confirmed on Stripe's side (4242…): the intent succeeds for what it holds. */
    confirmIntent(id: string): PaymentIntent {
      const intent = account.confirmIntent(
        id,
        { number: TEST_CARDS.succeeds, expMonth: 12, expYear: 2099, cvc: "123" },
        null,
      );
      for (const event of pendingEvents.splice(0)) webhooks.emit(event);
      return structuredClone(intent);
    },
    /** A refund made in Stripe's dashboard, which the shop hears of through its webhook. */
    dashboardRefund(paymentIntent: string, amount: number): Refund {
      const refund = account.createRefund({ paymentIntent, amount });
      for (const event of pendingEvents.splice(0)) webhooks.emit(event);
      return refund;
    },
    close: async () => {
      await webhooks.settled();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

function cardOf(form: Record<string, FormValue>): Card {
  const card = (form.payment_method_data as Record<string, FormValue> | undefined)?.card;
  return {
    number: pick(card, "number") ?? "",
    expMonth: Number(pick(card, "exp_month") ?? 0),
    expYear: Number(pick(card, "exp_year") ?? 0),
    cvc: pick(card, "cvc") ?? "",
  };
}

/** A session without the stand-in's own bookkeeping. */
function publicSession(session: ReturnType<TestAccount["session"]>) {
  const { intent_metadata: _metadata, awaiting_authentication: _waiting, ...shown } = session;
  return shown;
}

/** Stripe fills `{CHECKOUT_SESSION_ID}` in the success address. */
const successUrl = (session: ReturnType<TestAccount["session"]>) =>
  session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id);

const HOSTED_MESSAGES: Record<string, { fr: string; en: string }> = {
  generic_decline: { fr: "Votre carte a été refusée.", en: "Your card was declined." },
  insufficient_funds: {
    fr: "Les fonds de votre carte sont insuffisants.",
    en: "Your card has insufficient funds.",
  },
  incorrect_number: { fr: "Le numéro de votre carte est incorrect.", en: "Your card number is incorrect." },
  expired_card: { fr: "Votre carte a expiré.", en: "Your card has expired." },
  payment_intent_authentication_failure: {
    fr: "Nous ne parvenons pas à authentifier votre moyen de paiement. Veuillez choisir un autre moyen de paiement et réessayer.",
    en: "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
  },
};
const messageOf = (code: string, locale: string | null) =>
  HOSTED_MESSAGES[code]?.[langOf(locale)] ?? HOSTED_MESSAGES.generic_decline?.[langOf(locale)] ?? code;

function jsFile(response: ServerResponse, path: string) {
  // /js/<release>/stripe.js or /js/v3: Stripe.js; /js/v3/elements-inner-payment.html: the frame.
  if (path.endsWith("/elements-inner-payment.html")) return html(response, 200, paymentElementFrame());
  const release = path.split("/")[2] ?? "v3";
  response.writeHead(200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store" });
  response.end(stripeJs(release === "v3" ? "v3" : release));
}

function json(response: ServerResponse, status: number, body: object) {
  response.writeHead(status, {
    "Content-Type": "application/json",
    "Request-Id": `req_stand_in_${Date.now()}`,
    // Stripe.js calls the API from js.stripe.com's frame.
    "Access-Control-Allow-Origin": "*",
    // The SDK retries a 5xx unless told not to: the tests wait for no back-off.
    ...(status >= 500 ? { "Stripe-Should-Retry": "false" } : {}),
  });
  response.end(JSON.stringify(body));
}

function html(response: ServerResponse, status: number, body: string) {
  response.writeHead(status, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
  response.end(body);
}

function redirect(response: ServerResponse, location: string) {
  response.writeHead(303, { Location: location });
  response.end();
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => resolve(body));
  });
}

import { type AppLoadContext, data, redirect } from "@remix-run/node";
import type { Locale } from "@souls/core/locales";
import type { ModelCode } from "@souls/core/models";
import type { Cart } from "@souls/shop/cart";
import { homeSeries, modelByCode } from "@souls/shop/catalogue";
import {
  overOrderLimit,
  parseCheckoutQuery,
  SHIPPING_FIELDS,
  type ShippingDetails,
  shippingDetailsSchema,
} from "@souls/shop/checkout";
import {
  type CountryChange,
  changeDeliveryCountry,
  type DeliveryQuote,
  placeOrder,
  startPayment,
} from "@souls/shop/orders";
import { shippingRateFor } from "@souls/shop/shipping";
import { shownCatalogue } from "~/lib/catalogue.server";
import { clientHash } from "~/lib/client.server";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { invalidRequest, parseForm } from "~/lib/form.server";
import { placedOrders, rememberOrder } from "~/lib/orders.server";
import { siteOrigin } from "~/lib/page.server";
import { gateway } from "~/lib/payments.server";
import { logRefusal } from "~/lib/refusal.server";
import { pathOf } from "~/screens";

/**
 * The lines of a checkout, priced from the catalogue, with what is still available, each model's
 * name and cover photo; null when the address is malformed or names a model shoppers cannot find.
 * (The order is priced again in its own transaction: `placeOrder`.)
 */
export async function pricedLines(items: URLSearchParams, cart: Cart = []) {
  const catalogue = await shownCatalogue();
  // `?qty=2` alone (the spec's address) means the home page's first model.
  const parsed = parseCheckoutQuery(items, cart, homeSeries(catalogue).models[0]?.model);
  if (!parsed.ok) return null;
  const lines = [];
  for (const line of parsed.lines) {
    const model = modelByCode(catalogue, line.model);
    if (!model) return null;
    const { name, priceCents: unitPriceCents, available } = model;
    const cover = model.photos[0];
    lines.push({ ...line, name, unitPriceCents, available, ...(cover ? { cover } : {}) });
  }
  const subtotalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  return { lines, subtotalCents, fromQuery: parsed.fromQuery };
}

const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value.slice(0, 2000) : "");

/** An order number sent back by the checkout, if this browser placed it. */
async function ownedOrderNumberIn(
  request: Request,
  value: FormDataEntryValue | null,
): Promise<string | null> {
  if (typeof value !== "string" || !value) return null;
  return (await placedOrders(request)).includes(value) ? value : null;
}

type ShippingField = keyof ShippingDetails;

/** A shipping quote asks for the delivery country alone. */
const quoteForm = shippingDetailsSchema.pick({ country: true });

/** Why an order could not be placed, shown next to the pay button. */
type Refusal =
  | { problem: "orderLimit"; model: ModelCode; name: string; limit: number }
  | { problem: "clientLimit"; reason: "held_pieces" | "unpaid_orders"; count: number }
  | { problem: "unavailable"; model: ModelCode; name: string; available: number }
  | { problem: "paymentError" };

/** A shipping quote, or (quote null, 409) why the order's country could not change. */
interface QuoteAnswer {
  outcome: "quote";
  quote: DeliveryQuote | null;
  refused?: { reason: Extract<CountryChange, { ok: false }>["reason"]; kept: DeliveryQuote | null };
}

const quoteAnswer = (answer: Omit<QuoteAnswer, "outcome">, status = 200) =>
  data<QuoteAnswer>({ outcome: "quote", ...answer }, { status });

function refused(
  refusal: Refusal,
  values: Record<ShippingField, string>,
  status: number,
  headers?: HeadersInit,
) {
  return data({ outcome: "refused" as const, refusal, values }, { status, headers });
}

/**
 * The checkout's answers: a shipping quote for a country (moving the order and its payment's
 * amount together once a payment exists), and payment — validate, review a changed total, place
 * the order, start the payment.
 */
export async function answerCheckout(
  request: Request,
  context: AppLoadContext,
  form: FormData,
  locale: Locale,
) {
  const priced = await pricedLines(new URLSearchParams(text(form.get("items"))));
  if (!priced) return invalidRequest(locale);
  const intent = form.get("intent");

  if (intent === "quote") {
    const reading = parseForm(form, quoteForm, ["country"]);
    if (!reading.ok) return quoteAnswer({ quote: null }, 400);
    const { country } = reading.data;
    const orderNumber = await ownedOrderNumberIn(request, form.get("orderNumber"));
    if (orderNumber) {
      // The payment already exists: its amount and the order move together, or neither does.
      const change = await changeDeliveryCountry(db, gateway, { orderNumber, country });
      if (change.ok) return quoteAnswer({ quote: change.quote });
      logRefusal(
        request,
        409,
        `delivery country: ${change.reason}${change.cause ? ` (${change.cause})` : ""}`,
      );
      return quoteAnswer({ quote: null, refused: { reason: change.reason, kept: change.kept } }, 409);
    }
    const shippingCents = shippingRateFor(country);
    return quoteAnswer({
      quote: { country, shippingCents, totalCents: priced.subtotalCents + shippingCents },
    });
  }
  if (intent !== "pay") return invalidRequest(locale);
  // Before anything else: no review, no order for more than one order may take of a model.
  const overLimit = overOrderLimit(priced.lines, env.orderLimits.maxPiecesPerModel);
  const details = parseForm(form, shippingDetailsSchema, SHIPPING_FIELDS);
  const nameOf = (model: ModelCode) => priced.lines.find((line) => line.model === model)?.name ?? model;
  if (overLimit) {
    return refused(
      { problem: "orderLimit", ...overLimit, name: nameOf(overLimit.model) },
      details.values,
      409,
    );
  }
  if (!details.ok) {
    return data(
      { outcome: "invalid" as const, errors: details.errors, values: details.values },
      { status: 400 },
    );
  }
  const { values } = details;
  const shippingCents = shippingRateFor(details.data.country);
  const totalCents = priced.subtotalCents + shippingCents;
  // Without JavaScript the shopper saw a total without this country's shipping: show it first.
  if (text(form.get("expectedTotal")) !== String(totalCents)) {
    const review = { country: details.data.country, shippingCents, totalCents };
    return data({ outcome: "review" as const, review, values });
  }
  const checkoutKey = text(form.get("checkoutKey"));
  if (!/^[\w-]{16,64}$/.test(checkoutKey)) return invalidRequest(locale);

  const placed = await placeOrder(db, {
    checkoutKey,
    locale,
    lines: priced.lines.map(({ model, quantity }) => ({ model, quantity })),
    details: details.data,
    provider: gateway.provider,
    client: { hash: clientHash(request, context), earlierOrders: await placedOrders(request) },
    limits: env.orderLimits,
  });
  if (!placed.ok) {
    if (placed.reason === "order_limit") {
      return refused(
        { problem: "orderLimit", model: placed.model, name: nameOf(placed.model), limit: placed.limit },
        details.values,
        409,
      );
    }
    if (placed.reason === "client_limit") {
      logRefusal(request, 429, `client limit: ${placed.limit}`);
      const count =
        placed.limit === "held_pieces"
          ? env.orderLimits.maxHeldPiecesPerClient
          : env.orderLimits.maxUnpaidOrdersPerHour;
      return refused({ problem: "clientLimit", reason: placed.limit, count }, details.values, 429, {
        "Retry-After": "600",
      });
    }
    if (placed.reason === "empty") return invalidRequest(locale);
    const { model, available } = placed;
    return refused({ problem: "unavailable", model, name: nameOf(model), available }, details.values, 409);
  }
  const { order } = placed;
  const headers = new Headers({ "Set-Cookie": await rememberOrder(request, order.orderNumber) });
  if (order.status !== "awaiting_payment") {
    return redirect(`${pathOf("thankYou", locale)}?order=${order.orderNumber}`, { status: 303, headers });
  }
  const origin = siteOrigin;
  const returnUrl = `${origin}${pathOf("thankYou", locale)}?order=${order.orderNumber}`;
  // With JavaScript and Stripe, the card is taken here by the Payment Element.
  const withJavaScript = gateway.provider === "stripe" && form.get("paymentMode") === "element";
  try {
    const started = await startPayment(db, gateway, order, {
      returnUrl,
      cancelUrl: `${origin}${pathOf("cart", locale)}`,
      withJavaScript,
    });
    if (withJavaScript && started.clientSecret) {
      const payment = {
        orderNumber: order.orderNumber,
        clientSecret: started.clientSecret,
        returnUrl,
        remainingMs: order.reservedUntil.getTime() - Date.now(),
        totalCents: order.totalCents,
      };
      return data({ outcome: "payment" as const, payment, values }, { headers });
    }
    const next = started.redirectUrl ?? `${pathOf("offlinePayment", locale)}?order=${order.orderNumber}`;
    return redirect(next, { status: 303, headers });
  } catch (error) {
    console.error("[checkout] payment could not start:", (error as Error).message);
    return refused({ problem: "paymentError" }, details.values, 502, headers);
  }
}

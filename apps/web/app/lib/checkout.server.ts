import { type AppLoadContext, data, redirect } from "@remix-run/node";
import {
  changeDeliveryCountry,
  isShippingCountry,
  loadCollection,
  overOrderLimit,
  parseCheckoutQuery,
  placeOrder,
  SHIPPING_FIELDS,
  type ShippingDetails,
  shippingDetailsSchema,
  shippingRateFor,
  startPayment,
} from "@souls/shop";
import { type Locale, pathOf } from "~/screens";
import { invalidRequest } from "./actions.server";
import { clientHash } from "./client.server";
import { db } from "./db.server";
import { env } from "./env.server";
import { placedOrders, rememberOrder } from "./orders.server";
import { siteOrigin } from "./page.server";
import { gateway, stripeGateway } from "./payments.server";
import { logRefusal } from "./refusal.server";

export type FieldErrors = Partial<Record<keyof ShippingDetails, string>>;
export type Values = Partial<Record<keyof ShippingDetails, string>>;

/** The lines of a checkout, priced from the database, with what is still available. */
export async function pricedLines(items: URLSearchParams) {
  const parsed = parseCheckoutQuery(items, []);
  if (!parsed.ok) return null;
  const collection = await loadCollection(db);
  const lines = parsed.lines.map((line) => ({
    ...line,
    unitPriceCents: collection[line.model].priceCents,
    available: collection[line.model].available,
  }));
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

/**
 * The checkout's answers: a shipping quote for a country (moving the order and Stripe's amount
 * once a payment exists), and payment — validate, review a changed total, place the order, start
 * the payment.
 */
export async function answerCheckout(
  request: Request,
  context: AppLoadContext,
  form: FormData,
  locale: Locale,
) {
  const priced = await pricedLines(new URLSearchParams(text(form.get("items"))));
  if (!priced) return invalidRequest();
  const intent = form.get("intent");

  if (intent === "quote") {
    const country = form.get("country");
    if (!isShippingCountry(country)) return data({ quote: null }, { status: 400 });
    const orderNumber = await ownedOrderNumberIn(request, form.get("orderNumber"));
    if (orderNumber && stripeGateway) {
      // The payment already exists: the server moves the order and Stripe's amount together.
      const order = await changeDeliveryCountry(db, orderNumber, country);
      if (!order?.paymentReference) return data({ quote: null }, { status: 409 });
      await stripeGateway.updateAmount(
        order.paymentReference,
        order.totalCents,
        `amount-${orderNumber}-${order.totalCents}`,
      );
      return { quote: { country, shippingCents: order.shippingCents, totalCents: order.totalCents } };
    }
    const shippingCents = shippingRateFor(country);
    return { quote: { country, shippingCents, totalCents: priced.subtotalCents + shippingCents } };
  }
  if (intent !== "pay") return invalidRequest();
  // Before anything else: no review, no order for more than one order may take of a model.
  const overLimit = overOrderLimit(priced.lines, env.orderLimits.maxPiecesPerModel);
  if (overLimit) return data({ orderLimit: overLimit, values: {} }, { status: 409 });

  const values: Values = Object.fromEntries(SHIPPING_FIELDS.map((field) => [field, text(form.get(field))]));
  const details = shippingDetailsSchema.safeParse(values);
  if (!details.success) {
    const errors: FieldErrors = {};
    for (const issue of details.error.issues)
      errors[issue.path[0] as keyof ShippingDetails] ??= issue.message;
    return data({ errors, values }, { status: 400 });
  }
  const shippingCents = shippingRateFor(details.data.country);
  const totalCents = priced.subtotalCents + shippingCents;
  // Without JavaScript the shopper saw a total without this country's shipping: show it first.
  if (text(form.get("expectedTotal")) !== String(totalCents)) {
    return { review: { country: details.data.country, shippingCents, totalCents }, values };
  }
  const checkoutKey = text(form.get("checkoutKey"));
  if (!/^[\w-]{16,64}$/.test(checkoutKey)) return invalidRequest();

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
      return data({ orderLimit: { model: placed.model, limit: placed.limit }, values }, { status: 409 });
    }
    if (placed.reason === "client_limit") {
      logRefusal(request, 429, `client limit: ${placed.limit}`);
      const clientLimit = {
        reason: placed.limit,
        count:
          placed.limit === "held_pieces"
            ? env.orderLimits.maxHeldPiecesPerClient
            : env.orderLimits.maxUnpaidOrdersPerHour,
      };
      return data({ clientLimit, values }, { status: 429, headers: { "Retry-After": "600" } });
    }
    const problem =
      placed.reason === "unavailable" ? { model: placed.model, available: placed.available } : null;
    return data({ unavailable: problem, values }, { status: 409 });
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
      return data({ payment, values }, { headers });
    }
    const next = started.redirectUrl ?? `${pathOf("testPayment", locale)}?order=${order.orderNumber}`;
    return redirect(next, { status: 303, headers });
  } catch (error) {
    console.error("[checkout] payment could not start:", (error as Error).message);
    return data({ paymentError: true, values }, { status: 502, headers });
  }
}

import { type AppLoadContext, data, redirect, redirectDocument } from "@remix-run/node";
import { formatOpening } from "@souls/core/format";
import type { Locale } from "@souls/core/locales";
import type { ModelCode } from "@souls/core/models";
import type { Cart } from "@souls/shop/cart";
import { type Catalogue, homeSeries, modelByCode, priceLines } from "@souls/shop/catalogue";
import {
  mergeLines,
  overOrderLimit,
  parseCheckoutQuery,
  SHIPPING_FIELDS,
  shippingDetailsSchema,
} from "@souls/shop/checkout";
import { holdableOf } from "@souls/shop/limits";
import { checkoutsTooLate } from "@souls/shop/metrics";
import {
  type CheckoutOutcome,
  type CheckoutRefusal,
  type CodeAnswer,
  type CountryChange,
  checkDiscountCode,
  type DeliveryQuote,
  newCheckoutKey,
  payForCheckout,
  quoteDelivery,
  resumeOrderPayment,
} from "@souls/shop/orders";
import { GONE_MEANWHILE, HELD_MEANWHILE } from "~/components/product-actions";
import { countOrderPlaced, hitOf } from "~/lib/audience.server";
import { catalogueVersion, shownCatalogue } from "~/lib/catalogue.server";
import { checkoutTurns } from "~/lib/checkout-turns.server";
import { clientHash } from "~/lib/client.server";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { reportRequestError } from "~/lib/error-reports.server";
import { invalidRequest, parseForm } from "~/lib/form.server";
import { earlyAccessPasses, launchClock, openingOf } from "~/lib/launch.server";
import { placedOrders, rememberOrder } from "~/lib/orders.server";
import { siteOrigin } from "~/lib/page.server";
import { gateway } from "~/lib/payments.server";
import { checkoutWasPlaced } from "~/lib/placed-checkouts.server";
import { logRefusal } from "~/lib/refusal.server";
import { SHIPPING_REFUSAL_WORDS } from "~/lib/refusals";
import { pathOf } from "~/screens";

/**
 * The lines a checkout address (or the cart) asks for, priced from the catalogue; null when the
 * address is malformed or names a model shoppers cannot find. `quick`: from the last copy read,
 * not waiting for the changes of the moment (a post: what is left is judged apart, the prices by
 * the order's statement); a model it does not know yet is looked for in the catalogue as it is now.
 */
export async function checkoutLines(
  items: URLSearchParams,
  cart: Cart = [],
  { quick = false } = {},
): Promise<ReturnType<typeof linesIn>> {
  const priced = linesIn(await (quick ? shownCatalogue.lastShown() : shownCatalogue()), items, cart);
  if (quick && priced === null) return checkoutLines(items, cart);
  return priced;
}

function linesIn(catalogue: Catalogue, items: URLSearchParams, cart: Cart) {
  // `?qty=2` alone (the spec's address) means the home page's first model.
  const parsed = parseCheckoutQuery(items, cart, homeSeries(catalogue).models[0]?.model);
  if (!parsed.ok) return null;
  const priced = priceLines(catalogue, parsed.lines);
  if (priced.unknown.length > 0) return null;
  return { lines: priced.lines, subtotalCents: priced.subtotalCents, fromQuery: parsed.fromQuery };
}

const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value.slice(0, 2000) : "");

/** An order number sent back by the checkout, if this browser placed it. */
async function ownedOrderNumberIn(request: Request, value: FormDataEntryValue | null) {
  if (typeof value !== "string" || !value) return null;
  return (await placedOrders(request)).includes(value) ? value : null;
}

/** A shipping quote asks for the delivery country alone. */
const quoteForm = shippingDetailsSchema.pick({ country: true });

/** Why an order could not be placed, shown next to the pay button (with the model's name). */
export type Refusal =
  | { problem: "orderLimit"; model: ModelCode; name: string; limit: number }
  | { problem: "clientLimit"; reason: "held_pieces" | "unpaid_orders"; count: number }
  | { problem: "unavailable"; model: ModelCode; name: string; available: number }
  | { problem: "heldByOthers"; model: ModelCode; name: string; holdMinutes: number }
  | { problem: "reservationEnded" }
  | { problem: "paymentError" }
  /** Its series is not open yet (or in its head start without her link, or to another address). */
  | { problem: "notOpen" | "earlyAccess"; model: ModelCode; name: string; day: string; time: string }
  | { problem: "launchLimit"; model: ModelCode; name: string; limit: number }
  /** The discount code typed is refused (decision 048): why, and the minimum when below it. */
  | { problem: "discountCode"; reason: CodeRefusalReason; minSubtotalCents?: number };

type CodeRefusalReason = Extract<CodeAnswer, { ok: false }>["reason"];

/** The discount code field as typed (bounded; the shop reads it: @souls/shop/discounts). */
const typedCode = (form: FormData) => text(form.get("discountCode")).trim().slice(0, 64);

/** Her fields as she typed them (kept in the form a refusal shows), whether valid or not. */
const typedValues = (form: FormData) => ({
  ...parseForm(form, shippingDetailsSchema, SHIPPING_FIELDS, SHIPPING_REFUSAL_WORDS).values,
  discountCode: typedCode(form),
});

/** A refused code's status: too many guesses is a limit (429), the others a conflict with the cart (409, as the checkout's other refusals). */
const codeStatus = (reason: CodeRefusalReason) => (reason === "too_many_attempts" ? 429 : 409);

/**
 * The first line of a checkout whose series this shopper cannot buy yet (decision 039), with its
 * opening as she reads it: the checkout page says so instead of its form.
 */
export async function notOpenLine(
  request: Request,
  lines: readonly { model: ModelCode; name: string }[],
  locale: Locale,
) {
  const [catalogue, passes] = await Promise.all([shownCatalogue(), earlyAccessPasses(request)]);
  for (const line of lines) {
    const model = modelByCode(catalogue, line.model);
    const opening = model && openingOf(model, locale, passes);
    if (opening) return { model: line.model, name: line.name, day: opening.day, time: opening.time };
  }
  return null;
}

/**
 * A shipping quote, or (quote null) why the order's country could not change: 409, or 400 for a
 * country the shop does not deliver to (any more).
 */
interface QuoteAnswer {
  outcome: "quote";
  quote: DeliveryQuote | null;
  refused?: { reason: Extract<CountryChange, { ok: false }>["reason"]; kept: DeliveryQuote | null };
}

const quoteAnswer = (answer: Omit<QuoteAnswer, "outcome">, status = 200) =>
  data<QuoteAnswer>({ outcome: "quote", ...answer }, { status });

/** Where the gateway brings the shopper back: the thank-you page, or the cart if she gives up. */
const linksFor = (locale: Locale) => (orderNumber: string) => ({
  returnUrl: `${siteOrigin}${pathOf("thankYou", locale)}?order=${orderNumber}`,
  cancelUrl: `${siteOrigin}${pathOf("cart", locale)}`,
});

/** With JavaScript and Stripe, the card is taken on this page by the Payment Element. */
const withJavaScript = (form: FormData) =>
  gateway.provider === "stripe" && form.get("paymentMode") === "element";

/**
 * The checkout's answers: a shipping quote for a country, "Payer" for the form, and "Payer" again
 * for an order placed earlier (`resume`). The money and the steps are `@souls/shop/orders`'.
 */
export async function answerCheckout(
  request: Request,
  context: AppLoadContext,
  form: FormData,
  locale: Locale,
) {
  const intent = form.get("intent");
  if (intent === "resume") {
    const orderNumber = await ownedOrderNumberIn(request, form.get("orderNumber"));
    if (!orderNumber) return invalidRequest(locale);
    const outcome = await resumeOrderPayment(db, gateway, {
      orderNumber,
      withJavaScript: withJavaScript(form),
      links: linksFor(locale)(orderNumber),
    });
    if (!outcome) return invalidRequest(locale);
    return answerPayment(request, outcome, locale, {}, () => "");
  }

  if (intent === "language") {
    // The language toggle posts the form to the other language's checkout: what she typed stays.
    const { values } = parseForm(form, shippingDetailsSchema, SHIPPING_FIELDS, SHIPPING_REFUSAL_WORDS);
    return data({ outcome: "language" as const, values });
  }

  const priced = await checkoutLines(new URLSearchParams(text(form.get("items"))), [], { quick: true });
  if (!priced) return invalidRequest(locale);
  const nameOf = (model: ModelCode) => priced.lines.find((line) => line.model === model)?.name ?? model;

  if (intent === "quote") {
    const reading = parseForm(form, quoteForm, ["country"], SHIPPING_REFUSAL_WORDS);
    if (!reading.ok) return quoteAnswer({ quote: null }, 400);
    const change = await quoteDelivery(db, gateway, {
      subtotalCents: priced.subtotalCents,
      country: reading.data.country,
      orderNumber: await ownedOrderNumberIn(request, form.get("orderNumber")),
    });
    if (change.ok) return quoteAnswer({ quote: change.quote });
    if (change.reason === "not_served") {
      return quoteAnswer({ quote: null, refused: { reason: change.reason, kept: change.kept } }, 400);
    }
    logRefusal(request, 409, `delivery country: ${change.reason}${change.cause ? ` (${change.cause})` : ""}`);
    return quoteAnswer({ quote: null, refused: { reason: change.reason, kept: change.kept } }, 409);
  }
  // « Appliquer »: the code judged for these lines (and her address, if typed), nothing placed.
  if (intent === "code") {
    const shown = typedValues(form);
    const typed = shown.discountCode;
    if (!typed) return data({ outcome: "code" as const, code: null, values: shown });
    const email = shippingDetailsSchema.shape.email.safeParse(shown.email ?? "");
    const answer = await checkDiscountCode(db, {
      code: typed,
      lines: priced.lines.map(({ model, quantity }) => ({ model, quantity })),
      email: email.success ? email.data : null,
      clientHash: clientHash(request, context),
    });
    const { codeId: _, ...code } = answer as CodeAnswer & { codeId?: number };
    if (!code.ok) logRefusal(request, codeStatus(code.reason), `discount code: ${code.reason}`);
    return data(
      { outcome: "code" as const, code, values: shown },
      {
        status: code.ok ? 200 : codeStatus(code.reason),
        headers: code.ok ? undefined : retryAfter(code.reason),
      },
    );
  }
  if (intent !== "pay") return invalidRequest(locale);

  const checkoutKey = text(form.get("checkoutKey"));
  if (!/^[\w-]{16,64}$/.test(checkoutKey)) return invalidRequest(locale);
  // Nothing left for her as the catalogue says now (the usual answer in a launch's rush): no
  // turn, no statement, and her fields not even read — what she typed cannot bring the piece
  // back. Otherwise a turn of her models, and a look again when one ended meanwhile.
  const hope = hopeFor(request, priced.lines, checkoutKey);
  const shortNow = await hope.short();
  if (shortNow) return answerShort(request, form, priced.lines, shortNow, locale, nameOf);
  const details = parseForm(form, shippingDetailsSchema, SHIPPING_FIELDS, SHIPPING_REFUSAL_WORDS);
  const discountCode = typedCode(form);
  if (!details.ok) {
    return data(
      { outcome: "invalid" as const, errors: details.errors, values: { ...details.values, discountCode } },
      { status: 400 },
    );
  }
  const values = { ...details.values, discountCode };
  let shortMeanwhile: Short | null = null;
  const endTurn = await checkoutTurns.take(
    priced.lines.map((line) => line.model),
    async () => {
      shortMeanwhile = await hope.short();
      return shortMeanwhile === null;
    },
  );
  if (!endTurn) {
    if (!shortMeanwhile) throw new Error("a checkout's turn refused without a short line");
    return answerShort(request, form, priced.lines, shortMeanwhile, locale, nameOf);
  }
  const expected = text(form.get("expectedTotal"));
  let outcome: CheckoutOutcome;
  try {
    outcome = await payForCheckout(db, gateway, {
      checkoutKey,
      locale,
      lines: priced.lines.map(({ model, quantity }) => ({ model, quantity })),
      details: details.data,
      expectedTotalCents: /^\d{1,9}$/.test(expected) ? Number(expected) : null,
      withJavaScript: withJavaScript(form),
      client: { hash: clientHash(request, context), earlierOrders: await placedOrders(request) },
      limits: env.orderLimits,
      earlyAccess: await earlyAccessPasses(request),
      launchNow: launchClock.now(),
      links: linksFor(locale),
      ...(discountCode ? { discountCode } : {}),
    });
  } finally {
    endTurn();
  }
  if ("order" in outcome) {
    const models = priced.lines.map(({ model }) => model);
    await countOrderPlaced(hitOf(request, context.socketAddress), outcome.order.id, models);
  }
  // Its last piece went, or what is left is all held, while this post waited for its turn (the
  // rush's posts arrive together, all before the first hold is heard): the kept page with its note,
  // not a checkout page rendered for her alone — a thousand of them cost the launch's server ten
  // seconds (issue 33).
  if (outcome.outcome === "refused") {
    const { refusal } = outcome;
    const note =
      refusal.problem === "unavailable" && refusal.available === 0
        ? GONE_MEANWHILE
        : refusal.problem === "heldByOthers"
          ? HELD_MEANWHILE
          : null;
    const back = note ? backToThePiece(form, priced.lines, locale, note) : null;
    if (back) return back;
  }
  return answerPayment(request, outcome, locale, values, nameOf);
}

/** A line the catalogue leaves nothing to hold: its pieces gone, or all that is left held by others. */
type Short = Extract<CheckoutRefusal, { problem: "unavailable" | "heldByOthers" }>;

/**
 * Whether a checkout may still be placed, as the last changes heard say once every change committed
 * before the question is heard: the first line short (a hold needs `holdableOf` pieces, as the
 * order's statement counts them), or null. Always null for a post that must reach the statement
 * whatever the catalogue says: a form placed already (a second click finds its order) or a
 * browser whose earlier unpaid order gives its pieces back first.
 */
function hopeFor(request: Request, lines: readonly CheckoutLine[], checkoutKey: string) {
  let mayBeShort: Promise<boolean> | undefined;
  const placedBefore = async () =>
    (await placedOrders(request)).length > 0 || (await checkoutWasPlaced(checkoutKey));
  return {
    async short(): Promise<Short | null> {
      // Too many pieces of a model for one order: refused first, as it always was, by the checkout.
      if (overOrderLimit(lines, env.orderLimits.maxPiecesPerModel)) return null;
      // Asked at once, beside the catalogue's round trip: in a rush nearly every post is short,
      // and one round trip after the other doubled its wait on a busy server.
      if (!mayBeShort) {
        mayBeShort = placedBefore().then((placed) => !placed);
        // Awaited only if a line is short; otherwise its failure is not this post's answer.
        mayBeShort.catch(() => {});
      }
      // Every change committed before this moment heard: what each model has left is what its
      // last change said (not waiting for the catalogue to be read again after each hold).
      await catalogueVersion.current();
      let short: Short | null = null;
      for (const line of mergeLines(lines)) {
        const { available, held } = await piecesOf(line.model);
        if (available < line.quantity) {
          short = { problem: "unavailable", model: line.model, available };
          break;
        }
        if (holdableOf({ available, held }, env.orderLimits) < line.quantity) {
          short ??= { problem: "heldByOthers", model: line.model };
        }
      }
      if (!short) return null;
      return (await mayBeShort) ? short : null;
    },
  };
}

/** A model's pieces left and held, as its last change heard said, else as the catalogue is now. */
async function piecesOf(code: ModelCode): Promise<{ available: number; held: number }> {
  const known = modelByCode(await shownCatalogue.lastShown(), code);
  const heard = known && catalogueVersion.stockOf(known.id);
  if (heard && heard.held !== null) return { available: heard.available, held: heard.held };
  const model = modelByCode(await shownCatalogue(), code);
  return { available: model?.available ?? 0, held: model?.held ?? 0 };
}

/**
 * A post the catalogue leaves nothing to place: « Acheter maintenant » without JavaScript goes
 * back to the model's kept page at its note (gone, or held by others); a cart or a page with
 * JavaScript gets the checkout's refusal, her form kept, as the statement would have answered.
 * In a launch's rush nearly every post is such a one: each cost a transaction, and a page
 * rendered for its shopper alone, and the server fell seconds behind (issue 33).
 */
function answerShort(
  request: Request,
  form: FormData,
  lines: readonly CheckoutLine[],
  short: Short,
  locale: Locale,
  nameOf: (model: ModelCode) => string,
) {
  checkoutsTooLate.inc({ reason: short.problem === "unavailable" ? "gone" : "held" });
  const note = short.problem === "unavailable" && short.available > 0 ? null : noteOf(short);
  const back = note ? backToThePiece(form, lines, locale, note) : null;
  if (back) return back;
  return answerPayment(request, { outcome: "refused", refusal: short }, locale, typedValues(form), nameOf);
}

const noteOf = (short: Short) => (short.problem === "unavailable" ? GONE_MEANWHILE : HELD_MEANWHILE);

type CheckoutLine = { model: ModelCode; quantity: number; paths: Partial<Record<Locale, string>> };

/**
 * « Acheter maintenant » without JavaScript on one model: the model's kept page at one of its notes
 * (nothing left, or all that is left held by others), or null for anything else.
 */
function backToThePiece(
  form: FormData,
  lines: readonly CheckoutLine[],
  locale: Locale,
  note: typeof GONE_MEANWHILE | typeof HELD_MEANWHILE,
) {
  const [line, ...others] = lines;
  const page = line?.paths[locale];
  if (!line || others.length > 0 || !page || withJavaScript(form)) return null;
  // A document load even after a script's submit: only a real one makes the note the :target.
  return redirectDocument(`${page}#${note}`, {
    status: 303,
    headers: { "Cache-Control": "no-store" },
  });
}

/** Guessing codes: come back in the hour (docs/security.md). */
const retryAfter = (reason: CodeRefusalReason) =>
  reason === "too_many_attempts" ? { "Retry-After": "3600" } : undefined;

/** A checkout's outcome as the page (or the browser, without JavaScript) takes it. */
async function answerPayment(
  request: Request,
  outcome: CheckoutOutcome,
  locale: Locale,
  values: Record<string, string>,
  nameOf: (model: ModelCode) => string,
) {
  switch (outcome.outcome) {
    case "review":
      return data({ outcome: "review" as const, review: outcome.review, values });
    case "refused":
      return refused(request, outcome.refusal, values, nameOf, locale);
    case "done": {
      const headers = { "Set-Cookie": await rememberOrder(request, outcome.order.orderNumber) };
      // The thank-you page is a document of its own, without React in the browser (decision 030).
      return redirectDocument(`${pathOf("thankYou", locale)}?order=${outcome.order.orderNumber}`, {
        status: 303,
        headers,
      });
    }
    case "gateway_unavailable": {
      console.error("[checkout] payment could not start:", outcome.cause);
      reportRequestError(outcome.cause, request, { where: "checkout" });
      const headers = { "Set-Cookie": await rememberOrder(request, outcome.order.orderNumber) };
      return data(
        { outcome: "refused" as const, refusal: { problem: "paymentError" } as Refusal, values },
        { status: 502, headers },
      );
    }
    case "pay": {
      const { order, step } = outcome;
      const headers = { "Set-Cookie": await rememberOrder(request, order.orderNumber) };
      if (step.kind === "redirect") return redirect(step.url, { status: 303, headers });
      if (step.kind === "offline_page") {
        return redirect(`${pathOf("offlinePayment", locale)}?order=${order.orderNumber}`, {
          status: 303,
          headers,
        });
      }
      const payment = {
        orderNumber: order.orderNumber,
        clientSecret: step.clientSecret,
        returnUrl: linksFor(locale)(order.orderNumber).returnUrl,
        remainingMs: order.reservedUntil.getTime() - Date.now(),
        totalCents: order.totalCents,
        discountCents: order.discountCents,
        discountCode: order.discountCode,
      };
      return data({ outcome: "payment" as const, payment, values }, { headers });
    }
  }
}

async function refused(
  request: Request,
  refusal: CheckoutRefusal,
  values: Record<string, string>,
  nameOf: (model: ModelCode) => string,
  locale: Locale,
) {
  const answer = (shown: Refusal, status: number, headers?: HeadersInit) =>
    data({ outcome: "refused" as const, refusal: shown, values }, { status, headers });
  switch (refusal.problem) {
    case "orderLimit":
      return answer({ ...refusal, name: nameOf(refusal.model) }, 409);
    case "unavailable":
      return answer({ ...refusal, name: nameOf(refusal.model) }, 409);
    case "heldByOthers": {
      const { holdMinutes } = env.orderLimits;
      const shown = { ...refusal, name: nameOf(refusal.model), holdMinutes };
      return answer(shown, 409, { "Retry-After": String(holdMinutes * 60) });
    }
    case "clientLimit": {
      logRefusal(request, 429, `client limit: ${refusal.reason}`);
      const count =
        refusal.reason === "held_pieces"
          ? env.orderLimits.maxHeldPiecesPerClient
          : env.orderLimits.maxUnpaidOrdersPerHour;
      return answer({ problem: "clientLimit", reason: refusal.reason, count }, 429, { "Retry-After": "600" });
    }
    case "reservationEnded":
      // The form starts a new order from here: its pieces are held again, if still there.
      return data(
        {
          outcome: "refused" as const,
          refusal: { problem: "reservationEnded" } as Refusal,
          values,
          checkoutKey: newCheckoutKey(),
        },
        { status: 409 },
      );
    case "notOpen":
    case "earlyAccess": {
      // Refused in the order's own transaction, whatever the form said.
      logRefusal(request, 403, `launch: ${refusal.problem} (${refusal.model})`);
      const opening = formatOpening(refusal.opensAt, locale);
      return answer(
        { problem: refusal.problem, model: refusal.model, name: nameOf(refusal.model), ...opening },
        403,
      );
    }
    case "launchLimit":
      logRefusal(request, 409, `launch limit (${refusal.model})`);
      return answer({ ...refusal, name: nameOf(refusal.model) }, 409);
    case "notServed":
      // A country the owner withdrew (an old form, a page kept open): said under the country field.
      logRefusal(request, 400, `country not served: ${refusal.country}`);
      return data(
        {
          outcome: "invalid" as const,
          errors: { country: "checkout:errors.countryNotServed" } as Record<string, string>,
          values,
        },
        { status: 400 },
      );
    case "discountCode":
      logRefusal(request, codeStatus(refusal.reason), `discount code: ${refusal.reason}`);
      return answer(refusal, codeStatus(refusal.reason), retryAfter(refusal.reason));
    case "empty":
      return invalidRequest(locale);
  }
}

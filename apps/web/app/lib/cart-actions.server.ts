import type { AppLoadContext } from "@remix-run/node";
import type { Locale } from "@souls/core/locales";
import { isModelCode } from "@souls/core/models";
import { addToCart, type CartChange, quantityOf, removeFromCart, setQuantity } from "@souls/shop/cart";
import { loadCollection, modelByCode } from "@souls/shop/catalogue";
import { z } from "zod";
import { fixedT } from "~/i18n.server";
import { pathOf } from "~/screens";
import { countAddedToCart, hitOf } from "./audience.server";
import { readCart, saveCart } from "./cart.server";
import { shownCatalogue } from "./catalogue.server";
import { db } from "./db.server";
import { env } from "./env.server";
import { answerAction, invalidRequest, parseForm } from "./form.server";
import { earlyAccessPasses, openingOf } from "./launch.server";
import { makeToast, type ToastMessage } from "./toast.server";

export const cartIntentSchema = z.object({
  intent: z.enum(["add", "increment", "decrement", "remove"]),
  model: z.string().refine(isModelCode),
});

/** The shopper-facing toast for each outcome of a cart change. */
function toastFor(change: CartChange, name: string): ToastMessage {
  switch (change.outcome) {
    case "added":
      return {
        kind: "success",
        title: "common:toast.added.title",
        text: "common:toast.added.text",
        values: { name },
      };
    case "updated":
      return { kind: "success", title: "common:toast.updated.title", values: { name } };
    case "removed":
      return {
        kind: "success",
        title: "common:toast.removed.title",
        text: "common:toast.removed.text",
        values: { name },
      };
    case "limit":
      return {
        kind: "error",
        title: "common:toast.limit.title",
        text: "common:toast.limit.text",
        values: { name, count: change.available },
      };
    case "order_limit":
      return {
        kind: "error",
        title: "common:toast.orderLimit.title",
        text: "common:toast.orderLimit.text",
        values: { name, count: change.limit },
      };
    case "sold_out":
      return {
        kind: "error",
        title: "common:toast.soldOut.title",
        text: "common:toast.soldOut.text",
        values: { name },
      };
  }
}

/**
 * Applies one cart intent (add, increment, decrement, remove) against the stock the database
 * shows now, and answers with the new cart cookie and a toast.
 */
export async function handleCartIntent(
  request: Request,
  form: FormData,
  locale: Locale,
  context?: AppLoadContext,
) {
  const reading = parseForm(form, cartIntentSchema, ["intent", "model"]);
  if (!reading.ok) return invalidRequest(locale);
  const { intent, model } = reading.data;
  const [cart, collection, t, catalogue, passes] = await Promise.all([
    readCart(request),
    loadCollection(db),
    fixedT(locale, "common"),
    shownCatalogue(),
    earlyAccessPasses(request),
  ]);
  // A model shoppers cannot find (a draft, or none by that code) cannot be added.
  const product = collection[model];
  if (!product) return invalidRequest(locale);
  // Its series not open yet for this shopper (decision 039): nothing of it goes in a cart. The
  // order checks again in its own transaction, whatever the cart says.
  const found = modelByCode(catalogue, model);
  const opening = found && openingOf(found, locale, passes);
  if (opening && (intent === "add" || intent === "increment")) {
    const toast = await makeToast(locale, {
      kind: "error",
      title: "common:toast.notOpen.title",
      text: "common:toast.notOpen.text",
      values: {
        name: t("common:product.fullName", { name: product.name }),
        day: opening.day,
        time: opening.time,
      },
    });
    return answerAction(request, form, toast, { status: 409 });
  }
  const { available } = product;
  const current = quantityOf(cart, model);
  const { maxPiecesPerModel } = env.orderLimits;
  const change =
    intent === "add"
      ? addToCart(cart, model, available, maxPiecesPerModel)
      : intent === "remove"
        ? removeFromCart(cart, model)
        : setQuantity(
            cart,
            model,
            intent === "increment" ? current + 1 : current - 1,
            available,
            maxPiecesPerModel,
          );
  const headers = new Headers({ "Set-Cookie": await saveCart(change.cart) });
  const name = t("common:product.fullName", { name: product.name });
  const message = toastFor(change, name);
  // A piece just added: the way to the cart is in the message itself.
  if (change.outcome === "added") {
    message.link = { href: pathOf("cart", locale), label: "common:toast.added.link" };
    countAddedToCart(hitOf(request, context?.socketAddress), model);
  }
  const toast = await makeToast(locale, message);
  // A refused change (no more pieces) is a 409 for a fetcher; without JavaScript, a 303 back.
  const refused =
    change.outcome === "limit" || change.outcome === "order_limit" || change.outcome === "sold_out";
  return answerAction(request, form, toast, { headers, status: refused ? 409 : 200 });
}

/** What a cart intent answers, for the fetcher that sent it. */
export type CartAnswer = typeof handleCartIntent;

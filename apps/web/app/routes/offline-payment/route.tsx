import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirectDocument } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { answerOfflinePayment, type OfflinePageRequest, offlinePaymentPage } from "@souls/shop/orders";
import { z } from "zod";
import { Field } from "~/components/field";
import { HoldCountdown } from "~/components/hold-countdown";
import { OrderSummary } from "~/components/order-summary";
import { fixedT } from "~/i18n.server";
import { saveCart } from "~/lib/cart.server";
import { shownCatalogue, withCovers } from "~/lib/catalogue.server";
import { db } from "~/lib/db.server";
import { invalidRequest, parseForm, readForm } from "~/lib/form.server";
import { plainAmount } from "~/lib/format";
import { useLocale } from "~/lib/locale";
import { ownedOrderNumber } from "~/lib/orders.server";
import { requirePage } from "~/lib/page.server";
import { gateway } from "~/lib/payments.server";
import { pageMeta } from "~/lib/seo";
import { makeToast, redirectWithToast } from "~/lib/toast.server";
import { useTranslation } from "~/lib/translations";
import { loadsWords } from "~/lib/words";
import { pathOf } from "~/screens";

// The payment step of the checkout: its hold counts down, and it goes on from the checkout's page.
export const handle = { i18n: ["common", "checkout"], hydrate: true };
export const clientLoader = loadsWords(handle);

/** Card fields as Stripe's test mode checks them. */
const cardSchema = z.object({
  cardNumber: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{12,19}$/, { error: "checkout:payment.errors.cardNumber" })),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/, { error: "checkout:payment.errors.expiry" })
    .refine(
      (value) => {
        const [month, year] = value.split("/").map((part) => Number(part.trim()));
        const now = new Date();
        const end = new Date(Date.UTC(2000 + (year ?? 0), month ?? 0, 1));
        return end > now;
      },
      { error: "checkout:payment.errors.expiry" },
    ),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, { error: "checkout:payment.errors.cvc" }),
});

/**
 * The order this browser is paying for, if it placed it (its signed cookie lists the number); the
 * page itself is the shop's (answerOfflinePayment): a 404 for anyone else.
 */
async function ownOrder(request: Request) {
  const orderNumber = await ownedOrderNumber(request);
  if (!orderNumber) throw notFound();
  return orderNumber;
}

const notFound = () => new Response("Not Found", { status: 404 });

export async function loader({ request }: LoaderFunctionArgs) {
  const { locale } = requirePage(request);
  const page = await offlinePaymentPage(db, gateway, await ownOrder(request));
  if (!page) throw notFound();
  if (page.next === "thankYou") {
    return redirectDocument(`${pathOf("thankYou", locale)}?order=${page.order.orderNumber}`, { status: 303 });
  }
  const { order, lines, payable } = page;
  const [t, catalogue] = await Promise.all([fixedT(locale, "checkout"), shownCatalogue()]);
  return {
    title: t("meta.paymentTitle"),
    description: t("meta.description"),
    orderNumber: order.orderNumber,
    payable,
    remainingMs: order.reservedUntil.getTime() - Date.now(),
    lines: withCovers(lines, catalogue),
    shippingCents: order.shippingCents,
    country: order.country,
    totalCents: order.totalCents,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { locale } = requirePage(request);
  const orderNumber = await ownOrder(request);
  // Read from a copy: a body that is not a form is refused (readForm) once the page is found to exist.
  const form = await request
    .clone()
    .formData()
    .catch(() => new FormData());
  const intent = form.get("intent");
  const card = parseForm(form, cardSchema, ["cardNumber", "expiry", "cvc"]);
  const asked: OfflinePageRequest =
    intent === "cancel"
      ? { intent: "cancel" }
      : intent === "pay" && card.ok
        ? { intent: "pay", cardNumber: card.data.cardNumber }
        : { intent: "unread" };
  const answer = await answerOfflinePayment(db, gateway, orderNumber, asked);
  if (!answer) throw notFound();
  // The security code is never sent back to the page.
  const values = { cardNumber: card.values.cardNumber, expiry: card.values.expiry };
  switch (answer.outcome) {
    case "cancelled":
      return redirectWithToast(
        pathOf("cart", locale),
        await makeToast(locale, { kind: "success", title: "common:toast.paymentCancelled.title" }),
      );
    case "unread":
      // A body that is not a form: a 400 (readForm), as any form of the shop.
      await readForm(request);
      if (intent !== "pay" || card.ok) return invalidRequest(locale);
      return refusedCard({ problem: "invalid", errors: card.errors }, values, 400);
    case "invalidNumber": {
      const errors = { cardNumber: "checkout:payment.errors.invalid_number" };
      return refusedCard({ problem: "invalid", errors }, values, 400);
    }
    case "thankYou": {
      // Bought: the cart is emptied before the thank-you page renders its header.
      const headers = answer.paid ? { "Set-Cookie": await saveCart([]) } : undefined;
      // The thank-you page is a document of its own, without React in the browser (decision 030).
      return redirectDocument(`${pathOf("thankYou", locale)}?order=${answer.orderNumber}`, {
        status: 303,
        headers,
      });
    }
    case "declined":
      return refusedCard({ problem: "declined", reason: answer.reason }, values, 402);
    case "notPayable":
      return refusedCard({ problem: "notPayable" }, values, 409);
  }
}

type CardRefusal =
  | { problem: "invalid"; errors: Partial<Record<"cardNumber" | "expiry" | "cvc", string>> }
  | { problem: "declined"; reason: string }
  | { problem: "notPayable" };

function refusedCard(refusal: CardRefusal, values: { cardNumber: string; expiry: string }, status: number) {
  return data({ outcome: "refused" as const, refusal, values }, { status });
}

export const meta = pageMeta();

export default function OfflinePaymentPage() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const locale = useLocale();
  const { t } = useTranslation("checkout");
  const submitting = useNavigation().state === "submitting";
  const refusal = answer?.outcome === "refused" ? answer.refusal : undefined;
  const errors = refusal?.problem === "invalid" ? refusal.errors : {};
  const values = answer?.outcome === "refused" ? answer.values : undefined;

  return (
    <main id="main" className="page checkout">
      <h1>{t("payment.title")}</h1>
      <p className="checkout__order-number">{t("payment.order", { number: page.orderNumber })}</p>
      <div className="checkout__layout">
        <section className="checkout__shipping">
          {page.payable ? <HoldCountdown remainingMs={page.remainingMs} /> : null}
          {!page.payable || refusal?.problem === "notPayable" ? (
            <p className="form-error" role="alert">
              {t("payment.errors.notPayable")}
            </p>
          ) : null}
          {refusal?.problem === "declined" ? (
            <p className="form-error" role="alert">
              {t(`payment.errors.${refusal.reason}`)}
            </p>
          ) : null}
          <p className="notice">{t("payment.testCards")}</p>
          <Form method="post" noValidate className="card-form">
            <Field name="cardNumber" label={t("payment.cardNumber")} error={errors.cardNumber}>
              {(props) => (
                <input
                  {...props}
                  defaultValue={values?.cardNumber}
                  inputMode="numeric"
                  autoComplete="cc-number"
                  required
                />
              )}
            </Field>
            <div className="checkout__row">
              <Field name="expiry" label={t("payment.expiry")} error={errors.expiry}>
                {(props) => (
                  <input
                    {...props}
                    defaultValue={values?.expiry}
                    autoComplete="cc-exp"
                    placeholder={t("payment.expiryPlaceholder")}
                    required
                  />
                )}
              </Field>
              <Field name="cvc" label={t("payment.cvc")} error={errors.cvc}>
                {(props) => <input {...props} inputMode="numeric" autoComplete="cc-csc" required />}
              </Field>
            </div>
            <button
              type="submit"
              name="intent"
              value="pay"
              className="button button--primary button--block"
              disabled={!page.payable || submitting}
            >
              {submitting
                ? t("processing")
                : t("pay", { amount: plainAmount(page.totalCents, locale), currency: "EUR" })}
            </button>
          </Form>
          <Form method="post">
            <button type="submit" name="intent" value="cancel" className="button button--ghost button--block">
              {t("payment.cancel")}
            </button>
          </Form>
        </section>
        <aside className="checkout__aside">
          <OrderSummary
            lines={page.lines}
            shippingCents={page.shippingCents}
            totalCents={page.totalCents}
            country={page.country}
          />
          <a href={pathOf("terms", locale)} className="text-link">
            {t("terms")}
          </a>
        </aside>
      </div>
    </main>
  );
}

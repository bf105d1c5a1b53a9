import type { Locale } from "@souls/core/locales";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { useEffect, useState } from "react";
import { useTranslation } from "~/lib/translations";

export interface StripePaymentProps {
  publishableKey: string;
  clientSecret: string;
  returnUrl: string;
  /** The order's payment page, opened again when Stripe.js could not load. */
  reloadUrl: string;
  payLabel: string;
  locale: Locale;
  /** Bumped when the server changed the amount (new country): the element fetches it again. */
  amountVersion: number;
}

/**
 * Stripe's Payment Element, loaded on the checkout only and only once the order exists (the
 * `pure` entry does not load Stripe.js until asked). Confirmed with a return to the thank-you page.
 */
export default function StripePayment(props: StripePaymentProps) {
  const [stripe] = useState<Promise<Stripe | null>>(() => loadStripe(props.publishableKey).catch(() => null));
  return (
    <Elements stripe={stripe} options={{ clientSecret: props.clientSecret, locale: props.locale }}>
      <PaymentForm {...props} stripePromise={stripe} />
    </Elements>
  );
}

function PaymentForm({
  returnUrl,
  reloadUrl,
  payLabel,
  amountVersion,
  stripePromise,
}: StripePaymentProps & { stripePromise: Promise<Stripe | null> }) {
  const { t } = useTranslation("checkout");
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [unavailable, setUnavailable] = useState(false);

  useEffect(() => {
    // Offline or blocked: say so, and offer what can work (this order's payment, opened again)
    // instead of a button that never can.
    stripePromise.then((loaded) => {
      if (!loaded) setUnavailable(true);
    });
  }, [stripePromise]);

  useEffect(() => {
    if (amountVersion > 0) elements?.fetchUpdates();
  }, [amountVersion, elements]);

  const pay = async () => {
    if (!stripe || !elements) {
      setError(t("errors.stripeNotReady"));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const submitted = await elements.submit();
      if (submitted.error) {
        setError(submitted.error.message ?? t("errors.validation"));
        return;
      }
      const result = await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl } });
      // Only reached when Stripe could not redirect: the card was refused or the call failed.
      setError(result.error?.message ?? t("errors.paymentFailed"));
    } catch {
      // Stripe.js threw (a network failure, an integration error): the spec's technical error.
      setError(t("errors.technical"));
    } finally {
      setBusy(false);
    }
  };

  if (unavailable) {
    return (
      <section className="stripe-payment" aria-labelledby="card-title">
        <h2 id="card-title">{t("cardTitle")}</h2>
        <p className="form-error" role="alert">
          {t("errors.stripeNotReady")}
        </p>
        <a className="button button--primary button--block" href={reloadUrl}>
          {t("errors.reload")}
        </a>
      </section>
    );
  }

  return (
    <section className="stripe-payment" aria-labelledby="card-title">
      <h2 id="card-title">{t("cardTitle")}</h2>
      <PaymentElement />
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <button
        type="button"
        className="button button--primary button--block"
        onClick={pay}
        disabled={busy || !stripe}
      >
        {busy ? t("processing") : payLabel}
      </button>
    </section>
  );
}

import type { Locale } from "@souls/core/locales";
import type { ModelCode } from "@souls/core/models";
import { PurchaseButtons } from "~/components/product-actions";
import { SignupBox, SignupForm } from "~/components/signup-form";
import type { Opening } from "~/lib/launch.server";
import { useTranslation } from "~/lib/translations";

/**
 * Where a shopper buys the model: its buttons, or while it is not open to her, when it opens and
 * a disabled button. `anchor` names the block an answer brings her back to.
 */
export function Purchase({
  opening,
  model,
  available,
  locale,
  anchor,
}: {
  opening: Opening | null;
  model: ModelCode;
  available: number;
  locale: Locale;
  anchor: string;
}) {
  const { t: tc } = useTranslation();
  if (!opening)
    return <PurchaseButtons model={model} available={available} locale={locale} anchor={anchor} />;
  return (
    <div className="opening-note">
      <p className="opening-note__when">
        <time dateTime={opening.at}>
          {tc("product.opening.label", { day: opening.day, time: opening.time })}
        </time>
      </p>
      {opening.phase === "early" ? (
        <p className="opening-note__early">{tc("product.opening.early")}</p>
      ) : null}
      <div className="purchase-buttons">
        <button type="button" className="button button--primary" disabled>
          {tc("product.opening.notYet")}
        </button>
      </div>
    </div>
  );
}

/**
 * Under the buttons: the notice of the opening to come, the waiting list of a model sold out, or
 * the empty place the live availability fills when it sells out while the page is open.
 */
export function Waitlist({
  opening,
  available,
  name,
}: {
  opening: Opening | null;
  available: number;
  name: string;
}) {
  const { t: tc } = useTranslation();
  if (opening) {
    return (
      <div data-availability="waitlist">
        <SignupBox
          id="opening-notice"
          className="opening-notice"
          title={tc("product.opening.notifyTitle")}
          text={tc("product.opening.notifyText")}
          submitLabel={tc("product.opening.notifySubmit")}
        />
      </div>
    );
  }
  if (available > 0) return <div data-availability="waitlist" />;
  return (
    <section id="waitlist" className="waitlist" aria-labelledby="waitlist-title" data-availability="waitlist">
      <h2 id="waitlist-title">{tc("product.waitlist.title")}</h2>
      <p>{tc("product.waitlist.text", { name })}</p>
      <SignupForm
        intent="waitlist"
        anchor="waitlist"
        submitLabel={tc("product.waitlist.submit")}
        consentLabel={tc("product.waitlist.consent")}
      />
    </section>
  );
}

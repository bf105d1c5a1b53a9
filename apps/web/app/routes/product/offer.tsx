import type { Locale } from "@souls/core/locales";
import type { ModelCode } from "@souls/core/models";
import { GONE_MEANWHILE, HELD_MEANWHILE, PurchaseButtons } from "~/components/product-actions";
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

/** What the blocks a page's availability changes are drawn from. */
export interface OfferProps {
  opening: Opening | null;
  model: ModelCode;
  available: number;
  name: string;
  /** How long an unpaid order holds its pieces: said to whoever finds them all held. */
  holdMinutes: number;
  locale: Locale;
}

/**
 * The offer under the price: the buttons (or the opening), the note of few pieces left, and the
 * notes for a shopper sent back from the checkout (shown only when the address names them).
 */
export function Offer({ opening, model, available, name, holdMinutes, locale }: OfferProps) {
  const { t: tc } = useTranslation();
  return (
    <div id="purchase" data-availability="offer">
      {!opening && available <= 0 ? (
        <p id={GONE_MEANWHILE} className="gone-meanwhile">
          {tc("product.goneMeanwhile", { name })}
        </p>
      ) : null}
      {!opening && available > 0 ? (
        <p id={HELD_MEANWHILE} className="gone-meanwhile">
          {tc("product.heldMeanwhile", { name, count: holdMinutes })}
        </p>
      ) : null}
      {!opening && available > 0 && available < FEW_LEFT ? (
        <p className="stock-note">{tc("product.fewLeft", { count: available })}</p>
      ) : null}
      <Purchase opening={opening} model={model} available={available} locale={locale} anchor="purchase" />
    </div>
  );
}

/** Below the model's story: the buttons once more. */
export function OfferAgain({ opening, model, available, locale }: OfferProps) {
  return (
    <div id="purchase-again" data-availability="offer-again">
      <Purchase
        opening={opening}
        model={model}
        available={available}
        locale={locale}
        anchor="purchase-again"
      />
    </div>
  );
}

/** From this many pieces left, the page says no number. */
const FEW_LEFT = 3;

/**
 * What the page's blocks become once the model opens to this shopper and as its last pieces go
 * (3 or more, 2, 1, none): one `<template>` each, which the page's script swaps in when its stream
 * tells it, instead of reading the page again — at a launch's opening or its last piece every
 * open page did at once, thousands of requests in the same second (issue 33, decision 066). Not
 * drawn: what the page does not show now and could only come back later (a piece released after
 * « Épuisé »); the script reads the page again for those.
 */
export function OfferToCome(props: OfferProps) {
  const shown = Math.min(Math.max(props.available, 0), FEW_LEFT);
  const states = Array.from({ length: shown + 1 }, (_, count) => count);
  return (
    <>
      {states.map((count) => (
        <template key={count} data-availability-state={count}>
          <Offer {...props} opening={null} available={count} />
          <Waitlist {...props} opening={null} available={count} />
          <OfferAgain {...props} opening={null} available={count} />
        </template>
      ))}
    </>
  );
}

/**
 * Under the buttons: the notice of the opening to come, the waiting list of a model sold out, or
 * the empty place the live availability fills when it sells out while the page is open.
 */
export function Waitlist({ opening, available, name }: Pick<OfferProps, "opening" | "available" | "name">) {
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

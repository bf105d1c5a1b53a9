import { useLocation } from "@remix-run/react";
import type { Locale } from "@souls/core/locales";
import type { ModelCode } from "@souls/core/models";
import { useTranslation } from "~/lib/translations";
import { pathOf } from "~/screens";
import { RedirectBackField } from "./redirect-back-field";

/**
 * The product page's note for a shopper sent back from « Acheter maintenant » because nothing was
 * left (the checkout, issue 33): in every sold-out page, shown only when the address names it
 * (`#gone-meanwhile`, CSS :target), so the page stays the one kept for everyone.
 */
export const GONE_MEANWHILE = "gone-meanwhile";
/** The note for one sent back while the pieces left are all held by others' unpaid orders. */
export const HELD_MEANWHILE = "held-meanwhile";

export function checkoutHref(locale: Locale, model: ModelCode): string {
  return `${pathOf("checkout", locale)}?product=${model}&qty=1`;
}

/**
 * "Add to cart" and "Buy now", or their disabled sold-out states (spec §4): a plain form posted to
 * this page (a 303 back with its message and the cart's new count) and a link to the checkout.
 */
export function PurchaseButtons({
  model,
  available,
  locale,
  anchor,
}: {
  model: ModelCode;
  available: number;
  locale: Locale;
  /** The id of the block around the buttons: the page comes back there after « Ajouter au panier ». */
  anchor?: string;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();

  if (available <= 0) {
    return (
      <div className="purchase-buttons">
        <button type="button" className="button button--primary" disabled>
          {t("product.soldOut")}
        </button>
        <button type="button" className="button button--outline" disabled>
          {t("product.unavailable")}
        </button>
      </div>
    );
  }
  return (
    <div className="purchase-buttons">
      <form method="post" action={anchor ? `${pathname}#${anchor}` : pathname}>
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="model" value={model} />
        <RedirectBackField anchor={anchor} />
        <button type="submit" className="button button--primary">
          {t("product.addToCart")}
        </button>
      </form>
      <a href={checkoutHref(locale, model)} className="button button--outline">
        {t("product.buyNow")}
      </a>
    </div>
  );
}

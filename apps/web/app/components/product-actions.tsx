import { Link, useFetcher, useLocation } from "@remix-run/react";
import type { Locale } from "@souls/core/locales";
import type { ModelCode } from "@souls/core/models";
import type { CartAnswer } from "~/lib/cart-actions.server";
import { useFetcherToast } from "~/lib/toast";
import { useTranslation } from "~/lib/translations";
import { pathOf } from "~/screens";
import { RedirectBackField } from "./redirect-back-field";

export function checkoutHref(locale: Locale, model: ModelCode): string {
  return `${pathOf("checkout", locale)}?product=${model}&qty=1`;
}

/**
 * "Add to cart" and "Buy now", or their disabled sold-out states (spec §4). Adding works without
 * JavaScript (a form posted to this page) and, with it, in place with an immediate badge update.
 */
export function PurchaseButtons({
  model,
  available,
  locale,
}: {
  model: ModelCode;
  available: number;
  locale: Locale;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<CartAnswer>();
  const { pathname } = useLocation();
  useFetcherToast(fetcher);

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
      <fetcher.Form method="post" action={pathname}>
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="model" value={model} />
        <RedirectBackField />
        <button type="submit" className="button button--primary">
          {t("product.addToCart")}
        </button>
      </fetcher.Form>
      <Link to={checkoutHref(locale, model)} className="button button--outline" reloadDocument>
        {t("product.buyNow")}
      </Link>
    </div>
  );
}

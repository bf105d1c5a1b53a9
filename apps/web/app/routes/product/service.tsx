import { formatPrice } from "@souls/core/format";
import type { Locale } from "@souls/core/locales";
import type { ShownZone } from "~/lib/delivery.server";
import { useTranslation } from "~/lib/translations";

/** The shop's service under a model: delivery, the dust bag, returns, and each zone's price and times. */
export function ProductService({ delivery, locale }: { delivery: ShownZone[]; locale: Locale }) {
  const { t: tc } = useTranslation();
  return (
    <section className="service page" aria-labelledby="service-title">
      <h2 id="service-title" className="section__title">
        {tc("product.service.title")}
      </h2>
      <ul className="service__list">
        {(["france", "international", "dustBag", "returns"] as const).map((item) => (
          <li key={item}>
            <h3>{tc(`product.service.${item}.title`)}</h3>
            <p>{tc(`product.service.${item}.text`)}</p>
          </li>
        ))}
        <li className="service__item--rates">
          <h3>{tc("product.service.rates.title")}</h3>
          <ul className="service__rates">
            {delivery.map((zone) => (
              <li key={`${zone.name} ${zone.countries}`}>
                {tc("product.service.rates.line", {
                  zone: zone.countries
                    ? tc("product.service.rates.zone", { zone: zone.name, countries: zone.countries })
                    : zone.name,
                  price:
                    zone.priceCents === 0
                      ? tc("product.service.rates.free")
                      : zone.freeFromCents === null
                        ? formatPrice(zone.priceCents, locale)
                        : tc("product.service.rates.freeFrom", {
                            price: formatPrice(zone.priceCents, locale),
                            amount: formatPrice(zone.freeFromCents, locale),
                          }),
                  times: zone.times,
                })}
              </li>
            ))}
          </ul>
        </li>
      </ul>
    </section>
  );
}

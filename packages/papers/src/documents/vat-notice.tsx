import { Text } from "@react-pdf/renderer";
import { countryName } from "@souls/core/format";
import type { Locale } from "@souls/core/locales";
import { fill } from "@souls/core/placeholders";
import type { VatBasis } from "@souls/core/vat";
import { wordsFor } from "../words";
import { rateOf, styles } from "./parts";

/**
 * What the paper says of its VAT: the rate charged, or the exemption and its article (an export:
 * CGI art. 262 I; the small-business exemption: art. 293 B), as the law asks it be written.
 */
export function VatNotice({
  basis,
  territory,
  rateBp,
  locale,
}: {
  basis: VatBasis;
  territory: string | null;
  rateBp: number;
  locale: Locale;
}) {
  const w = wordsFor(locale).vat;
  const rate = rateOf(rateBp, locale);
  // Northern Ireland and Portugal's regions are VAT territories within a country.
  const country = territory
    ? countryName(territory.slice(0, 2) === "XI" ? "GB" : territory.slice(0, 2), locale)
    : "";
  return <Text style={styles.notice}>{fill(w[basis], { rate, country })}</Text>;
}

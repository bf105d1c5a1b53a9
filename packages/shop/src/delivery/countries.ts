/**
 * Every country the owner may deliver to: the ISO 3166-1 alpha-2 codes the platform can name
 * (Intl.DisplayNames, as the pages name them). Codes that name no country — the European Union,
 * the euro area, the United Nations, "Outlying Oceania", pseudo-regions, the few islands Unicode
 * lists apart from their country, and retired codes — are left out.
 */
const NOT_COUNTRIES = new Set([
  "EU",
  "EZ",
  "UN",
  "QO",
  "XA",
  "XB",
  "ZZ",
  "AC",
  "CP",
  "CQ",
  "DG",
  "EA",
  "IC",
  "TA",
]);

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

function namedCountries(): readonly string[] {
  const names = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
  const codes: string[] = [];
  for (const first of LETTERS) {
    for (const second of LETTERS) {
      const code = first + second;
      if (NOT_COUNTRIES.has(code)) continue;
      try {
        // A retired code (DD, SU, YU, UK…) names the country of its successor: left out.
        const current = Intl.getCanonicalLocales(`und-${code}`)[0] === `und-${code}`;
        if (current && names.of(code)) codes.push(code);
      } catch {
        // Not a region Intl knows.
      }
    }
  }
  return codes;
}

/** The codes, in alphabetical order of the code. */
export const COUNTRY_CODES: readonly string[] = namedCountries();

const known = new Set(COUNTRY_CODES);

export function isCountryCode(value: unknown): value is string {
  return typeof value === "string" && known.has(value);
}

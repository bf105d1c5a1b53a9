import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { countryName, formatDate, formatDateTime, formatPrice } from "@souls/core/format";
import { LOCALES } from "@souls/core/locales";
import { COUNTRY_CODES } from "@souls/shop/countries";
import { describe, expect, it } from "vitest";
import { charactersOf, KEPT, SOURCES } from "../../scripts/fonts/subset.mjs";

const styles = path.dirname(new URL(import.meta.url).pathname);
/** The font files the stylesheet's @font-face rules name. */
const named = [
  ...readFileSync(path.join(styles, "app.css"), "utf8").matchAll(/url\("\.\/fonts\/([\w.-]+)"\)/g),
].map(([, file]) => file as string);
const locales = path.join(styles, "../locales");

/** Everything the shop writes with its fonts: every locale file, and what Intl writes for it. */
function shopText(): string {
  const words = LOCALES.flatMap((locale) =>
    readdirSync(path.join(locales, locale)).map((file) =>
      readFileSync(path.join(locales, locale, file), "utf8"),
    ),
  );
  const intl = LOCALES.flatMap((locale) => [
    formatPrice(16900, locale),
    formatPrice(123456, locale, { exact: true }),
    // Every month's name, and a time with its zone (summer and winter).
    ...Array.from({ length: 12 }, (_, month) => formatDate(new Date(Date.UTC(2026, month, 15)), locale)),
    formatDateTime("2026-01-15T13:32:00Z", locale),
    formatDateTime("2026-07-15T13:32:00Z", locale),
    // Every country the owner may deliver to (decision 049).
    ...COUNTRY_CODES.map((code) => countryName(code, locale)),
  ]);
  return [...words, ...intl].join("\n");
}

describe("the shop's font files", () => {
  it("are the files the stylesheet names and the script writes, in WOFF2", () => {
    const written = readdirSync(path.join(styles, "fonts")).filter((file) => file.endsWith(".woff2"));
    expect(named.sort()).toEqual(written.sort());
    expect(Object.keys(SOURCES).sort()).toEqual(written.sort());
    for (const file of written) {
      expect(
        readFileSync(path.join(styles, "fonts", file))
          .subarray(0, 4)
          .toString("latin1"),
      ).toBe("wOF2");
    }
  });

  it("keep every character of the shop's words, prices, dates and countries", () => {
    const kept = new Set(charactersOf(KEPT));
    const missing = new Set([...shopText()].filter((character) => character >= " " && !kept.has(character)));
    expect(
      [...missing].map(
        (character) => `U+${character.codePointAt(0)?.toString(16).toUpperCase()} ${character}`,
      ),
    ).toEqual([]);
  });
});

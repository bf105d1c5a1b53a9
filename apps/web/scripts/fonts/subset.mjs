#!/usr/bin/env node
/**
 * SOULS — the shop's font files, cut down to the characters it writes.
 *
 * The brand's two typefaces come from Fontsource's Latin files (all of Latin-1 and more, every
 * OpenType alternate, Jost's whole weight axis: 97 KB for the four files). A shopper's phone only
 * needs the glyphs of French and English text and the weights the stylesheet uses, so this writes
 * into app/styles/fonts/ each file app.css's @font-face rules name, holding the characters of
 * `KEPT` only; fonts.test.ts checks that every word of the shop is among them.
 *
 *   npm run fonts -w @souls/web        (after changing KEPT or a typeface's version)
 *
 * Deterministic: the same sources give the same bytes. The fonts are under the SIL Open Font
 * License 1.1 (OFL.txt beside them), which allows subsetting; neither declares a Reserved Font
 * Name.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import subsetFont from "subset-font";

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const require = createRequire(import.meta.url);

/**
 * The characters of French and English text, as a CSS unicode-range: Basic Latin, Latin-1, œ, the
 * thin space, dashes, quotes, bullet, ellipsis, the narrow no-break space Intl writes in French
 * prices and dates, guillemets, €, ™ and the minus sign of a discount.
 */
export const KEPT =
  "U+0020-007E, U+00A0-00FF, U+0152-0153, U+2009, U+2013-2014, U+2018-201A, U+201C-201E, U+2022, U+2026, U+202F, U+2039-203A, U+20AC, U+2122, U+2212";

/** Each file the stylesheet names, from its Fontsource source, with the axis range kept if variable. */
/**
 * Cormorant's figures are old-style by default ("SOULS-o68887", "(I article)"): its lining figures
 * (OpenType `lnum`, which app.css asks for) are kept, with kerning; no other alternate.
 */
const LINING_FIGURES = { keepFeatures: ["kern", "lnum"] };

export const SOURCES = {
  "cormorant-garamond-500.woff2": {
    from: "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-500-normal.woff2",
    ...LINING_FIGURES,
  },
  "cormorant-garamond-600.woff2": {
    from: "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-600-normal.woff2",
    ...LINING_FIGURES,
  },
  "cormorant-garamond-500-italic.woff2": {
    from: "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-500-italic.woff2",
    ...LINING_FIGURES,
  },
  "jost-variable.woff2": {
    from: "@fontsource-variable/jost/files/jost-latin-wght-normal.woff2",
    // The stylesheet's lightest and boldest Jost: the rest of the axis is never drawn.
    axes: { wght: { min: 380, max: 600 } },
  },
};

/** `U+0020-007E, U+00A0` → every character of the range, as one string. */
export function charactersOf(unicodeRange) {
  let characters = "";
  for (const part of unicodeRange.split(",")) {
    const match = /^\s*U\+([0-9A-F]+)(?:-([0-9A-F]+))?\s*$/i.exec(part);
    if (!match) throw new Error(`unicode-range part not understood: "${part}"`);
    const first = Number.parseInt(match[1], 16);
    const last = match[2] ? Number.parseInt(match[2], 16) : first;
    for (let code = first; code <= last; code++) characters += String.fromCodePoint(code);
  }
  return characters;
}

async function main() {
  const characters = charactersOf(KEPT);
  for (const [file, source] of Object.entries(SOURCES)) {
    const original = readFileSync(require.resolve(source.from));
    const subset = await subsetFont(original, characters, {
      targetFormat: "woff2",
      // Ligatures and alternates reach glyphs outside the list: the text reads the same without
      // them, but for the features a source keeps (its glyphs then come along).
      ...(source.keepFeatures ? { keepFeatures: source.keepFeatures } : { noLayoutClosure: true }),
      ...(source.axes ? { variationAxes: source.axes } : {}),
    });
    writeFileSync(path.join(WEB, "app/styles/fonts", file), subset);
    console.log(`${file}: ${original.length} → ${subset.length} bytes`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();

#!/usr/bin/env node
/**
 * SOULS — the shop's font files, cut down to the characters it writes.
 *
 * The brand's two typefaces come from Fontsource's Latin files (all of Latin-1 and more, every
 * OpenType alternate, Jost's whole weight axis: 97 KB for the four files). A shopper's phone only
 * needs the glyphs of French and English text and the weights the stylesheet uses, so this writes,
 * into app/styles/fonts/, each file the stylesheet's @font-face rules name, holding only the
 * characters of that rule's `unicode-range` — app.css is the one list of what is kept, and
 * fonts.test.ts checks that every word of the shop falls inside it.
 *
 *   npm run fonts -w @souls/web        (after changing a rule or a typeface's version)
 *
 * Deterministic: the same sources and rules give the same bytes. The fonts are under the SIL Open
 * Font License 1.1 (OFL.txt beside them), which allows subsetting; neither declares a Reserved
 * Font Name.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import subsetFont from "subset-font";

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const STYLESHEET = path.join(WEB, "app/styles/app.css");
const require = createRequire(import.meta.url);

/** Each file the stylesheet names, from its Fontsource source, with the axis range kept if variable. */
const SOURCES = {
  "cormorant-garamond-500.woff2": {
    from: "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-500-normal.woff2",
  },
  "cormorant-garamond-600.woff2": {
    from: "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-600-normal.woff2",
  },
  "cormorant-garamond-500-italic.woff2": {
    from: "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-500-italic.woff2",
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

/** The stylesheet's own @font-face rules: the file each names and its unicode-range. */
export function fontFaces(css) {
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => {
    const file = /url\(["']?\.\/fonts\/([\w.-]+)["']?\)/.exec(body)?.[1];
    const unicodeRange = /unicode-range:\s*([^;]+);/.exec(body)?.[1];
    if (!file || !unicodeRange)
      throw new Error(`@font-face without a ./fonts/ file or a unicode-range: ${body}`);
    return { file, unicodeRange };
  });
}

async function main() {
  const faces = fontFaces(readFileSync(STYLESHEET, "utf8"));
  for (const { file, unicodeRange } of faces) {
    const source = SOURCES[file];
    if (!source) throw new Error(`app.css names ${file}, which has no source here`);
    const original = readFileSync(require.resolve(source.from));
    const subset = await subsetFont(original, charactersOf(unicodeRange), {
      targetFormat: "woff2",
      // Ligatures and alternates reach glyphs outside the range: the text reads the same without.
      noLayoutClosure: true,
      ...(source.axes ? { variationAxes: source.axes } : {}),
    });
    writeFileSync(path.join(WEB, "app/styles/fonts", file), subset);
    console.log(`${file}: ${original.length} → ${subset.length} bytes`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();

/**
 * The papers' typeface: DejaVu Sans (npm `dejavu-fonts-ttf`, a free licence), embedded and cut to
 * the characters each paper uses. PDF's standard fonts know Western European letters only: a
 * customer in Poland, Czechia or Greece would see her name in holes. DejaVu covers the Latin,
 * Greek and Cyrillic scripts; Chinese, Japanese and Korean names are beyond it.
 */
import { createRequire } from "node:module";
import { Font } from "@react-pdf/renderer";

export const PAPER_FONT = "DejaVu Sans";

const require = createRequire(import.meta.url);
let registered = false;

export function registerFonts(): void {
  if (registered) return;
  Font.register({
    family: PAPER_FONT,
    fonts: [
      { src: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"), fontWeight: 400 },
      { src: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf"), fontWeight: 700 },
    ],
  });
  // Words are never cut with a hyphen: a name or a reference stays whole.
  Font.registerHyphenationCallback((word) => [word]);
  registered = true;
}

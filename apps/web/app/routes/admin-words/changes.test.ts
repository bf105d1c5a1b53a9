import { SHOP_WORD_NAMES, type ShopWord } from "@souls/core/shop-words";
import { describe, expect, it } from "vitest";
import { changesOf } from "./changes";

const today = Object.fromEntries(SHOP_WORD_NAMES.map((name) => [name, `Texte d'origine ${name}`])) as Record<
  ShopWord,
  string
>;

describe("her changes from the form (decision 051)", () => {
  it("keeps only what differs from today's texts: a field left as it was, or emptied, follows the locale files", () => {
    const values = {
      ...today,
      storyTitle: "Notre atelier",
      storyText: "  ",
      homeTitle: `  ${today.homeTitle}  `,
      // A one-line text whose line break the shop folds into a space is today's text.
      valuesTitle: today.valuesTitle.replace(" ", "\r\n"),
      footerTagline: "<b>Fait main</b>\r\n\r\nau Portugal",
    };
    expect(changesOf(values, today)).toEqual({
      storyTitle: "Notre atelier",
      footerTagline: "<b>Fait main</b>\r\n\r\nau Portugal",
    });
  });

  it("is nothing when nothing changed", () => {
    expect(changesOf(today, today)).toEqual({});
  });
});

import { Link } from "@remix-run/react";
import type { Locale } from "@souls/core/locales";
import { SHOP_VALUES } from "@souls/core/shop-words";
import { Paragraphs } from "~/components/paragraphs";
import type { ShopWords } from "~/lib/shop-words.server";
import { articlePage, pathOf } from "~/screens";

/** What the home page's story and values show: the owner's words, else today's (decision 051). */
export type HomeWords = Pick<
  ShopWords,
  | "storyTitle"
  | "storyText"
  | "valuesTitle"
  | `${(typeof SHOP_VALUES)[number]}Title`
  | `${(typeof SHOP_VALUES)[number]}Text`
>;

export function homeWordsOf(words: ShopWords): HomeWords {
  const { storyTitle, storyText, valuesTitle } = words;
  const values = Object.fromEntries(
    SHOP_VALUES.flatMap((value) => [
      [`${value}Title`, words[`${value}Title`]],
      [`${value}Text`, words[`${value}Text`]],
    ]),
  );
  return { storyTitle, storyText, valuesTitle, ...values } as HomeWords;
}

/**
 * « Notre histoire »: her text as paragraphs, never HTML (a blank line starts a new one). The
 * eyebrow and the article's link stay the locale files' (`labels`, in the page's language).
 */
export function StorySection({
  words,
  locale,
  labels,
}: {
  words: HomeWords;
  locale: Locale;
  labels: { eyebrow: string; articleLink: string };
}) {
  return (
    <section id="story" className="story section" aria-labelledby="story-title">
      <p className="eyebrow">{labels.eyebrow}</p>
      <h2 id="story-title" className="section__title">
        {words.storyTitle}
      </h2>
      <Paragraphs text={words.storyText} className="story__text" />
      <Link to={pathOf(articlePage("fabrics"), locale)} className="text-link">
        {labels.articleLink}
      </Link>
    </section>
  );
}

/** « Nos valeurs »: the three values, each a title and its text. */
export function ValuesSection({ words }: { words: HomeWords }) {
  return (
    <section className="values section" aria-labelledby="values-title">
      <h2 id="values-title" className="section__title">
        {words.valuesTitle}
      </h2>
      <ul className="values__list">
        {SHOP_VALUES.map((value) => (
          <li key={value} className="values__item">
            <h3>{words[`${value}Title`]}</h3>
            <Paragraphs text={words[`${value}Text`]} />
          </li>
        ))}
      </ul>
    </section>
  );
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { copy } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { SHOP_WORD_PAGES, type ShopWordPage } from "@souls/core/shop-words";
import { adminLinks } from "~/components/admin/admin-shell";
import { Paragraphs } from "~/components/paragraphs";
import { ProductPicture } from "~/components/product-picture";
import { fixedT } from "~/i18n.server";
import { requireAdmin } from "~/lib/admin-session.server";
import { ownerApi } from "~/lib/owner-api.server";
import { siteOrigin } from "~/lib/page.server";
import { defaultShopWords, withOverrides } from "~/lib/shop-words.server";
import { languageOf } from "~/routes/admin-words/words.server";
import { wordsPagePath } from "~/routes/admin-words/words-path";
import { homeWordsOf, StorySection, ValuesSection } from "~/routes/home/story-values";
import { pathOf } from "~/screens";

const TEXT = copy.words;

/**
 * Her draft as shoppers would read it, before she publishes (decision 051): the home page's story
 * and values, the footer's lines and each page's title and description as a search engine lists
 * them — in the draft's language, for her alone (an owner's page: never kept, never indexed).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const locale = languageOf(request);
  const api = await ownerApi(request, context);
  const [state, hero, defaults, t] = await Promise.all([
    api.words.get({ locale }),
    api.words.hero(),
    defaultShopWords(locale),
    fixedT(locale, "home"),
  ]);
  const words = withOverrides(defaults, state.draft ?? state.published);
  return {
    locale,
    hasDraft: state.draft !== null,
    // The hero picture she is preparing, else the published one (shown unless the featured series
    // has its own picture: decision 040).
    heroPicture: hero.draft ?? hero.published,
    home: homeWordsOf(words),
    labels: { eyebrow: t("story.eyebrow"), articleLink: t("story.articleLink") },
    footerTagline: words.footerTagline,
    pages: (Object.keys(SHOP_WORD_PAGES) as ShopWordPage[]).map((page) => ({
      page,
      address: `${siteOrigin}${pathOf(page, locale)}`,
      title: words[SHOP_WORD_PAGES[page].title],
      description: words[SHOP_WORD_PAGES[page].description],
    })),
  };
}

export const meta = () => [{ title: TEXT.previewTitle }, { name: "robots", content: "noindex" }];

export const links = adminLinks;

export default function WordsPreview() {
  const { locale, heroPicture, home, labels, footerTagline, pages } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="admin-words-preview">
      <header className="admin-words-preview__banner">
        <h1>{fill(TEXT.previewBanner, { language: TEXT.language[locale].toLowerCase() })}</h1>
        <Link to={wordsPagePath(locale)}>{TEXT.previewBack}</Link>
      </header>
      {heroPicture ? (
        <section className="admin-words-preview__part" aria-labelledby="preview-hero">
          <h2 id="preview-hero">{TEXT.previewHero}</h2>
          <div className="hero__image admin-words-preview__hero" lang={locale}>
            <ProductPicture
              photo={heroPicture}
              locale={locale}
              sizes="(min-width: 960px) 58vw, 100vw"
              priority
            />
          </div>
        </section>
      ) : null}
      <div lang={locale}>
        <StorySection words={home} locale={locale} labels={labels} />
        <ValuesSection words={home} />
      </div>
      <section className="admin-words-preview__part" aria-labelledby="preview-footer">
        <h2 id="preview-footer">{TEXT.previewFooter}</h2>
        <div className="site-footer__brand" lang={locale}>
          <Paragraphs text={footerTagline} />
        </div>
      </section>
      <section className="admin-words-preview__part" aria-labelledby="preview-search">
        <h2 id="preview-search">{TEXT.previewSearch}</h2>
        <ul className="admin-words-preview__results" lang={locale}>
          {pages.map((page) => (
            <li key={page.page}>
              <p className="admin-words-preview__address">{page.address}</p>
              <p className="admin-words-preview__title">{page.title}</p>
              <p className="admin-words-preview__description">{page.description}</p>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatDate, shopDay } from "@souls/core/format";
import { articlePath } from "@souls/core/magazine";
import { articlesOut } from "@souls/shop/magazine";
import { ProductPicture } from "~/components/product-picture";
import { useLocale } from "~/lib/locale";
import { magazineNow, shownMagazine } from "~/lib/magazine.server";
import { requirePage } from "~/lib/page.server";
import { pageMeta } from "~/lib/seo";
import { pageTitle } from "~/lib/shop-words.server";
import { useTranslation } from "~/lib/translations";
import { pathOf } from "~/screens";

export const handle = { i18n: ["common", "magazine"] };

/** The magazine's page: the articles out now, newest first, in the page's language (decision 052). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { locale } = requirePage(request);
  const [meta, magazine] = await Promise.all([pageTitle(locale, "magazine"), shownMagazine()]);
  const articles = articlesOut(magazine, magazineNow()).map((article) => {
    const words = article.words[locale];
    return {
      id: article.id,
      path: articlePath(article.slug[locale], locale),
      tone: article.tone,
      category: words.category,
      title: words.title,
      excerpt: words.excerpt,
      date: article.publishAt ? shopDay(article.publishAt) : "",
      readMinutes: article.readMinutes[locale],
      cover: article.cover,
    };
  });
  // Her title and description for search engines, else today's (decision 051).
  return { ...meta, articles };
}

export const meta = pageMeta();

export default function MagazinePage() {
  const { articles } = useLoaderData<typeof loader>();
  const locale = useLocale();
  const { t } = useTranslation("magazine");
  const { t: tc } = useTranslation();
  return (
    <main id="main" className="page magazine">
      <header className="magazine__header">
        <h1>{t("list.title")}</h1>
        <p className="section__lead">{t("list.intro")}</p>
      </header>
      {articles.length === 0 ? (
        <p className="magazine__empty">{t("list.empty")}</p>
      ) : (
        <ul className="article-list">
          {articles.map((article) => (
            <li key={article.id} className="article-card">
              <Link to={article.path} className="article-card__link">
                {article.cover && (
                  <ProductPicture
                    photo={article.cover}
                    locale={locale}
                    sizes="(min-width: 48rem) 50vw, 100vw"
                  />
                )}
                <div className="article-card__body">
                  <p className="article-meta">
                    <span className={`article-meta__category article-meta__category--${article.tone}`}>
                      {article.category}
                    </span>
                    <span aria-hidden="true"> · </span>
                    <time dateTime={article.date}>{formatDate(article.date, locale)}</time>
                    <span aria-hidden="true"> · </span>
                    <span>{tc("magazine.readTime", { count: article.readMinutes })}</span>
                  </p>
                  <h2 className="article-card__title">{article.title}</h2>
                  <p>{article.excerpt}</p>
                  <span className="text-link">{t("list.readMore")}</span>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <section className="collection-call" aria-labelledby="call-title">
        <h2 id="call-title">{t("list.collectionCall.title")}</h2>
        <p>{t("list.collectionCall.text")}</p>
        <Link to={`${pathOf("home", locale)}#collection`} className="button button--primary">
          {t("list.collectionCall.button")}
        </Link>
      </section>
    </main>
  );
}

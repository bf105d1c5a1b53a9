import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatDate } from "@souls/core/format";
import { ARTICLE_COVERS } from "~/lib/articles";
import { useLocale } from "~/lib/locale";
import { requirePage } from "~/lib/page.server";
import { pageMeta } from "~/lib/seo";
import { pageTitle } from "~/lib/shop-words.server";
import { useTranslation } from "~/lib/translations";
import { loadsWords } from "~/lib/words";
import { ARTICLE_IDS, articlePage, pathOf } from "~/screens";

export const handle = { i18n: ["common", "magazine"] };
export const clientLoader = loadsWords(handle);

export async function loader({ request }: LoaderFunctionArgs) {
  const { locale } = requirePage(request);
  // Her title and description for search engines, else today's (decision 051).
  return pageTitle(locale, "magazine");
}

export const meta = pageMeta();

export default function MagazinePage() {
  useLoaderData<typeof loader>();
  const locale = useLocale();
  const { t } = useTranslation("magazine");
  const { t: tc } = useTranslation();
  return (
    <main id="main" className="page magazine">
      <header className="magazine__header">
        <h1>{t("list.title")}</h1>
        <p className="section__lead">{t("list.intro")}</p>
      </header>
      <ul className="article-list">
        {ARTICLE_IDS.map((id) => (
          <li key={id} className="article-card">
            <Link to={pathOf(articlePage(id), locale)} className="article-card__link">
              <img
                src={ARTICLE_COVERS[id]}
                alt={t(`articles.${id}.alt`)}
                width="1600"
                height="900"
                loading="lazy"
              />
              <div className="article-card__body">
                <p className="article-meta">
                  <span className={`article-meta__category article-meta__category--${id}`}>
                    {t(`articles.${id}.category`)}
                  </span>
                  <span aria-hidden="true"> · </span>
                  <time dateTime={t(`articles.${id}.date`)}>
                    {formatDate(t(`articles.${id}.date`), locale)}
                  </time>
                  <span aria-hidden="true"> · </span>
                  <span>{tc("magazine.readTime", { count: Number(t(`articles.${id}.readTime`)) })}</span>
                </p>
                <h2 className="article-card__title">{t(`articles.${id}.title`)}</h2>
                <p>{t(`articles.${id}.excerpt`)}</p>
                <span className="text-link">{t("list.readMore")}</span>
              </div>
            </Link>
          </li>
        ))}
      </ul>
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

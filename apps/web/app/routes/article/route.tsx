import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatDate } from "@souls/core/format";
import { Faq, type FaqItem } from "~/components/faq";
import { ArrowLeftIcon } from "~/components/icons";
import { JsonLd } from "~/components/json-ld";
import { fixedT } from "~/i18n.server";
import { ARTICLE_COVERS } from "~/lib/articles";
import { useLocale } from "~/lib/locale";
import { requirePage, siteOrigin } from "~/lib/page.server";
import { shownSeller } from "~/lib/seller.server";
import { pageMeta } from "~/lib/seo";
import { useTranslation } from "~/lib/translations";
import { loadsWords } from "~/lib/words";
import { ARTICLE_IDS, type ArticleId, articlePage, pathOf } from "~/screens";

export const handle = { i18n: ["common", "magazine"] };
export const clientLoader = loadsWords(handle);

interface Section {
  heading: string;
  paragraphs: string[];
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { page, locale } = requirePage(request);
  const article = page.replace("article.", "") as ArticleId;
  const [t, seller] = await Promise.all([fixedT(locale, "magazine"), shownSeller()]);
  const url = `${siteOrigin}${pathOf(page, locale)}`;
  return {
    article,
    url,
    title: `${t(`articles.${article}.title`)} – SOULS`,
    description: t(`articles.${article}.metaDescription`),
    structuredData: {
      "@context": "https://schema.org",
      "@type": "Article",
      headline: t(`articles.${article}.title`),
      datePublished: t(`articles.${article}.date`),
      image: `${siteOrigin}${ARTICLE_COVERS[article]}`,
      inLanguage: locale,
      author: { "@type": "Organization", name: seller.brand },
      mainEntityOfPage: url,
    },
  };
}

export const meta = pageMeta("article");

export default function ArticlePage() {
  const { article, url, structuredData } = useLoaderData<typeof loader>();
  const locale = useLocale();
  const { t, list } = useTranslation("magazine");
  const { t: tc } = useTranslation();
  const key = (field: string) => `articles.${article}.${field}`;
  const sections = list<Section>(key("sections"));
  const faq = list<FaqItem>(key("faq"));
  const other = ARTICLE_IDS.find((id) => id !== article) as ArticleId;
  const title = t(key("title"));
  const share = [
    {
      name: "Pinterest",
      href: `https://pinterest.com/pin/create/button/?url=${encodeURIComponent(url)}&description=${encodeURIComponent(title)}`,
    },
    { name: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}` },
    { name: "WhatsApp", href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
  ];

  return (
    <main id="main" className="article">
      <div className="page page--narrow">
        <Link to={pathOf("magazine", locale)} className="back-link">
          <ArrowLeftIcon /> {tc("magazine.back")}
        </Link>
        <header className="article__header">
          <p className="article-meta">
            <span className={`article-meta__category article-meta__category--${article}`}>
              {t(key("category"))}
            </span>
            <span aria-hidden="true"> · </span>
            <time dateTime={t(key("date"))}>{formatDate(t(key("date")), locale)}</time>
            <span aria-hidden="true"> · </span>
            <span>{tc("magazine.readTime", { count: Number(t(key("readTime"))) })}</span>
          </p>
          <h1>{title}</h1>
          <p className="article__intro">{t(key("intro"))}</p>
        </header>
      </div>
      <img
        className="article__cover"
        src={ARTICLE_COVERS[article]}
        alt={t(key("alt"))}
        width="1600"
        height="900"
      />
      <div className="page page--narrow article__body">
        {sections.map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 40)}>{paragraph}</p>
            ))}
          </section>
        ))}
        <aside className="tip" aria-labelledby="tip-title">
          <h2 id="tip-title">{t(key("tip.title"))}</h2>
          <p>{t(key("tip.text"))}</p>
        </aside>
        <Faq title={tc("magazine.faqTitle")} items={faq} />
        <section className="share" aria-labelledby="share-title">
          <h2 id="share-title">{tc("magazine.share")}</h2>
          <ul className="share__list">
            {share.map((link) => (
              <li key={link.name}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="button button--outline button--small"
                >
                  {link.name}
                  <span className="visually-hidden"> {tc("magazine.opensInNewTab")}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
        <nav className="also-read" aria-labelledby="also-title">
          <h2 id="also-title">{tc("magazine.alsoRead")}</h2>
          <Link to={pathOf(articlePage(other), locale)} className="text-link">
            {t(`articles.${other}.title`)}
          </Link>
        </nav>
        <Link to={`${pathOf("home", locale)}#collection`} className="button button--primary">
          {tc("magazine.toCollection")}
        </Link>
      </div>
      <JsonLd data={structuredData} />
    </main>
  );
}

import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatDate, shopDay } from "@souls/core/format";
import { articlePath, articleSections } from "@souls/core/magazine";
import { emailPhotoUrl, isPhotoHash } from "@souls/core/photos";
import { alsoReadOf, articleAtAddress } from "@souls/shop/magazine";
import { Faq } from "~/components/faq";
import { ArrowLeftIcon } from "~/components/icons";
import { JsonLd } from "~/components/json-ld";
import { ProductPicture } from "~/components/product-picture";
import { shownCatalogue } from "~/lib/catalogue.server";
import { useLocale } from "~/lib/locale";
import { magazineNow, shownMagazine } from "~/lib/magazine.server";
import { notFound } from "~/lib/not-found.server";
import { siteOrigin } from "~/lib/page.server";
import { shownSeller } from "~/lib/seller.server";
import { pageMeta } from "~/lib/seo";
import { useTranslation } from "~/lib/translations";
import { localeForPath, pathOf } from "~/screens";

export const handle = { i18n: ["common"] };

/**
 * An article of the magazine (`/magazine/<slug>`), as the owner wrote it in the panel (decision
 * 052): out now, in the page's language. An address it had answers 301 to its current one; a draft,
 * an article scheduled later, or an unknown address is a 404. Her text is shown as text: its
 * `## ` lines are headings, nothing else in it is markup.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const locale = localeForPath(url.pathname);
  const [magazine, seller] = await Promise.all([shownMagazine(), shownSeller()]);
  const now = magazineNow();
  const found = articleAtAddress(magazine, locale, params.slug ?? "", now);
  if (found?.kind === "moved") throw redirect(`${found.path}${url.search}`, 301);
  if (!found) throw notFound(await shownCatalogue().catch(() => null), locale);
  const { article } = found;
  const words = article.words[locale];
  const address = `${siteOrigin}${articlePath(article.slug[locale], locale)}`;
  const date = article.publishAt ? shopDay(article.publishAt) : "";
  const cover = article.cover;
  const image =
    cover &&
    (isPhotoHash(cover.source) ? emailPhotoUrl(siteOrigin, cover, 1200) : `${siteOrigin}${cover.source}`);
  return {
    url: address,
    title: `${words.title} – SOULS`,
    description: words.metaDescription || words.excerpt,
    article: {
      title: words.title,
      category: words.category,
      tone: article.tone,
      date,
      readMinutes: article.readMinutes[locale],
      intro: words.intro,
      sections: articleSections(words.body),
      tip: words.tip,
      faq: words.faq,
      cover,
    },
    alsoRead: alsoReadOf(magazine, article, now).map((other) => ({
      id: other.id,
      title: other.words[locale].title,
      path: articlePath(other.slug[locale], locale),
    })),
    structuredData: {
      "@context": "https://schema.org",
      "@type": "Article",
      headline: words.title,
      datePublished: date,
      ...(image ? { image } : {}),
      inLanguage: locale,
      author: { "@type": "Organization", name: seller.brand },
      mainEntityOfPage: address,
    },
  };
}

export const meta = pageMeta("article");

export default function ArticlePage() {
  const { article, alsoRead, url, structuredData } = useLoaderData<typeof loader>();
  const locale = useLocale();
  const { t: tc } = useTranslation();
  const { title } = article;
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
            <span className={`article-meta__category article-meta__category--${article.tone}`}>
              {article.category}
            </span>
            <span aria-hidden="true"> · </span>
            <time dateTime={article.date}>{formatDate(article.date, locale)}</time>
            <span aria-hidden="true"> · </span>
            <span>{tc("magazine.readTime", { count: article.readMinutes })}</span>
          </p>
          <h1>{title}</h1>
          {article.intro && <p className="article__intro">{article.intro}</p>}
        </header>
      </div>
      {article.cover && (
        <ProductPicture
          photo={article.cover}
          locale={locale}
          sizes="(min-width: 1200px) 1200px, 100vw"
          priority
          className="article__cover"
        />
      )}
      <div className="page page--narrow article__body">
        {article.sections.map((section, index) =>
          section.heading === null ? (
            section.paragraphs.map((paragraph, at) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: her paragraphs have no id; their order is the text's
              <p key={`${index}-${at}`}>{paragraph}</p>
            ))
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: two sections may share a heading
            <section key={index}>
              <h2>{section.heading}</h2>
              {section.paragraphs.map((paragraph, at) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: her paragraphs have no id; their order is the text's
                <p key={at}>{paragraph}</p>
              ))}
            </section>
          ),
        )}
        {article.tip.text && (
          <aside className="tip" aria-labelledby="tip-title">
            <h2 id="tip-title">{article.tip.title || tc("magazine.tipTitle")}</h2>
            <p>{article.tip.text}</p>
          </aside>
        )}
        {article.faq.length > 0 && <Faq title={tc("magazine.faqTitle")} items={article.faq} />}
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
        {alsoRead.length > 0 && (
          <nav className="also-read" aria-labelledby="also-title">
            <h2 id="also-title">{tc("magazine.alsoRead")}</h2>
            {alsoRead.map((other) => (
              <Link key={other.id} to={other.path} className="text-link">
                {other.title}
              </Link>
            ))}
          </nav>
        )}
        <Link to={`${pathOf("home", locale)}#collection`} className="button button--primary">
          {tc("magazine.toCollection")}
        </Link>
      </div>
      <JsonLd data={structuredData} />
    </main>
  );
}

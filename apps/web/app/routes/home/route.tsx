import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { homeSeries } from "@souls/shop/catalogue";
import { JsonLd } from "~/components/json-ld";
import { ProductCard } from "~/components/product-card";
import { ProductPicture } from "~/components/product-picture";
import { SignupForm } from "~/components/signup-form";
import { ActionToast } from "~/components/toaster";
import { fixedT } from "~/i18n.server";
import { cardOf, shownCatalogue } from "~/lib/catalogue.server";
import { useLocale } from "~/lib/locale";
import { requirePage, siteOrigin } from "~/lib/page.server";
import { shownSeller } from "~/lib/seller.server";
import { pageMeta } from "~/lib/seo";
import { signupAction } from "~/lib/signup.server";
import { useTranslation } from "~/lib/translations";
import { loadsWords } from "~/lib/words";
import { articlePage, pathOf } from "~/screens";

export const handle = { i18n: ["common", "home"] };
export const clientLoader = loadsWords(handle);

export async function loader({ request }: LoaderFunctionArgs) {
  const { locale } = requirePage(request);
  const [catalogue, t, seller] = await Promise.all([shownCatalogue(), fixedT(locale, "home"), shownSeller()]);
  const origin = siteOrigin;
  // The series the owner chose for the home page, its models in her order.
  const { series, models } = homeSeries(catalogue);
  return {
    series: series && {
      title: series.title[locale],
      subtitle: series.subtitle[locale],
      // Its own picture in the hero, when the owner gave it one (decision 040).
      picture: series.picture,
    },
    collection: models.map((model) => cardOf(model, locale)),
    title: t("meta.title"),
    description: t("meta.description"),
    // What the owner filled in, and only that: a detail not filled in yet is left out.
    organization: {
      "@context": "https://schema.org",
      "@type": "Organization",
      name: seller.brand,
      legalName: seller.companyName ?? undefined,
      url: `${origin}${pathOf("home", locale)}`,
      logo: `${origin}/images/logo.svg`,
      email: seller.email ?? undefined,
      vatID: seller.vatNumber ?? undefined,
      sameAs: seller.instagramUrl ? [seller.instagramUrl] : [],
    },
  };
}

export const action = signupAction("home");

export const meta = pageMeta();

export default function Home() {
  const { series, collection, organization } = useLoaderData<typeof loader>();
  const { t } = useTranslation("home");
  const { t: tc } = useTranslation();
  const locale = useLocale();
  return (
    <main id="main">
      <ActionToast />
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__text">
          <p className="badge">{t("hero.badge")}</p>
          <h1 id="hero-title" className="hero__title">
            {series?.title ?? t("hero.title")}
          </h1>
          {series?.subtitle ? <p className="hero__lead">{series.subtitle}</p> : null}
          <div className="hero__buttons">
            <a href="#products" className="button button--primary">
              {t("hero.viewModels")}
            </a>
            <a href="#story" className="button button--outline">
              {t("hero.discoverBrand")}
            </a>
          </div>
        </div>
        <div className="hero__image">
          {series?.picture ? (
            <ProductPicture
              photo={series.picture}
              locale={locale}
              sizes="(min-width: 960px) 58vw, 100vw"
              priority
            />
          ) : (
            <img
              src="/images/hero.svg"
              alt={t("hero.imageAlt")}
              width="1600"
              height="1000"
              fetchPriority="high"
            />
          )}
        </div>
      </section>

      <section id="story" className="story section" aria-labelledby="story-title">
        <p className="eyebrow">{t("story.eyebrow")}</p>
        <h2 id="story-title" className="section__title">
          {t("story.title")}
        </h2>
        <p className="story__text">{t("story.text1")}</p>
        <p className="story__text">{t("story.text2")}</p>
        <Link to={pathOf(articlePage("fabrics"), locale)} className="text-link">
          {t("story.articleLink")}
        </Link>
      </section>

      <section id="products" className="collection section" aria-labelledby="collection-title">
        <span id="collection" />
        <p className="eyebrow">{t("collection.eyebrow")}</p>
        <h2 id="collection-title" className="section__title">
          {t("collection.title")}
        </h2>
        <p className="section__lead">{t("collection.lead")}</p>
        <div className="product-grid">
          {collection.map((product) => (
            <ProductCard key={product.model} product={product} locale={locale} />
          ))}
        </div>
        <p className="collection__more">
          <a href={pathOf("allPieces", locale)} className="button button--outline">
            {tc("collections.allLink")}
          </a>
        </p>
      </section>

      <section id="early-notice" className="early-notice section" aria-labelledby="notice-title">
        <div className="early-notice__card">
          <h2 id="notice-title" className="section__title">
            {t("notice.title")}
          </h2>
          <p>{t("notice.text")}</p>
          <SignupForm withName submitLabel={t("notice.submit")} anchor="early-notice" />
        </div>
      </section>

      <section className="values section" aria-labelledby="values-title">
        <h2 id="values-title" className="section__title">
          {t("values.title")}
        </h2>
        <ul className="values__list">
          {(["unique", "authenticity", "heritage"] as const).map((value) => (
            <li key={value} className="values__item">
              <h3>{t(`values.${value}.title`)}</h3>
              <p>{t(`values.${value}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>
      <JsonLd data={organization} />
    </main>
  );
}

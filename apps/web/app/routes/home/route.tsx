import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { homeSeries } from "@souls/shop/catalogue";
import { homeHeroPicture } from "@souls/shop/photos";
import { JsonLd } from "~/components/json-ld";
import { ProductCard } from "~/components/product-card";
import { ProductPicture } from "~/components/product-picture";
import { SignupForm } from "~/components/signup-form";
import { ActionToast } from "~/components/toaster";
import { cardOf, shownCatalogue } from "~/lib/catalogue.server";
import { earlyAccessPasses, heroOpening } from "~/lib/launch.server";
import { useLocale } from "~/lib/locale";
import { requirePage, siteOrigin } from "~/lib/page.server";
import { shownSeller } from "~/lib/seller.server";
import { pageMeta } from "~/lib/seo";
import { shopWords, shownHeroPicture } from "~/lib/shop-words.server";
import { signupAction } from "~/lib/signup.server";
import { useTranslation } from "~/lib/translations";
import { pathOf } from "~/screens";
import { homeWordsOf, StorySection, ValuesSection } from "./story-values";

export const handle = { i18n: ["common", "home"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const { locale } = requirePage(request);
  const [catalogue, words, hero, seller, passes] = await Promise.all([
    shownCatalogue(),
    shopWords(locale),
    shownHeroPicture(),
    shownSeller(),
    earlyAccessPasses(request),
  ]);
  const origin = siteOrigin;
  // The series the owner chose for the home page, its models in her order.
  const { series, models } = homeSeries(catalogue);
  return {
    series: series && {
      title: series.title[locale],
      subtitle: series.subtitle[locale],
    },
    // The featured series' own picture when the owner gave it one (decision 040), else the one she
    // published beside her words (decision 051), else the shop's drawing.
    picture: homeHeroPicture(series?.picture, hero.picture),
    // Its opening to come and the time left, rendered here (kept pages go every minute meanwhile).
    opening: series ? heroOpening(series.launch, locale) : null,
    collection: models.map((model) => cardOf(model, locale, passes)),
    // Her story, values, title and description, else today's (decision 051).
    words: homeWordsOf(words),
    title: words.homeTitle,
    description: words.homeDescription,
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
  const { series, picture, collection, organization, opening, words } = useLoaderData<typeof loader>();
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
          {opening ? (
            <div className="hero__opening">
              <p className="hero__opening-when">
                <time dateTime={opening.at}>
                  {t("hero.opening.label", { day: opening.day, time: opening.time })}
                </time>
              </p>
              <p className="hero__opening-left">
                {t("hero.opening.left", {
                  left: [
                    opening.left.days > 0 ? t("hero.opening.days", { count: opening.left.days }) : "",
                    opening.left.days > 0 || opening.left.hours > 0
                      ? t("hero.opening.hours", { count: opening.left.hours })
                      : "",
                    t("hero.opening.minutes", { count: opening.left.minutes }),
                  ]
                    .filter(Boolean)
                    .join(" "),
                })}
              </p>
              {opening.phase === "early" ? (
                <p className="hero__opening-early">{t("hero.opening.early")}</p>
              ) : null}
            </div>
          ) : null}
          <div className="hero__buttons">
            <a href="#products" className="button button--primary">
              {t("hero.viewModels")}
            </a>
            {opening ? (
              <a href="#early-notice" className="button button--outline">
                {t("hero.opening.notify")}
              </a>
            ) : (
              <a href="#story" className="button button--outline">
                {t("hero.discoverBrand")}
              </a>
            )}
          </div>
        </div>
        <div className="hero__image">
          {picture ? (
            <ProductPicture photo={picture} locale={locale} sizes="(min-width: 960px) 58vw, 100vw" priority />
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

      <StorySection
        words={words}
        locale={locale}
        labels={{ eyebrow: t("story.eyebrow"), articleLink: t("story.articleLink") }}
      />

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

      <ValuesSection words={words} />
      <JsonLd data={organization} />
    </main>
  );
}

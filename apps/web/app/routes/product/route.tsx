import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, type MetaFunction, useLoaderData } from "@remix-run/react";
import { Faq } from "~/components/faq";
import { GuaranteeNotice } from "~/components/guarantee-notice";
import { ArrowLeftIcon, CheckIcon } from "~/components/icons";
import { JsonLd } from "~/components/json-ld";
import { Paragraphs } from "~/components/paragraphs";
import { ModelsToView } from "~/components/product-card";
import { ProductSafety } from "~/components/product-safety";
import { SignupBox } from "~/components/signup-form";
import { ActionToast } from "~/components/toaster";
import { handleCartIntent } from "~/lib/cart-actions.server";
import { shownCatalogue } from "~/lib/catalogue.server";
import { invalidRequest, readForm } from "~/lib/form.server";
import { useLocale } from "~/lib/locale";
import { pageMeta } from "~/lib/seo";
import { handleSignup, handleWaitlist } from "~/lib/signup.server";
import { useTranslation } from "~/lib/translations";
import { ENDPOINTS, pathOf } from "~/screens";
import liveAvailabilityScript from "~/scripts/live-availability.js?url&no-inline";
import { Gallery, galleryPreload } from "./gallery";
import { Offer, OfferAgain, OfferToCome, Waitlist } from "./offer";
import { productPage, requireModel } from "./product.server";
import { ProductPrice } from "./product-price";
import { ProductStory } from "./product-story";
import { ProductReviews, ReviewsSummary } from "./reviews";
import { ProductService } from "./service";

export const handle = { i18n: ["common", "reviews"] };

export const loader = ({ request }: LoaderFunctionArgs) => productPage(request);

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function action({ request, context }: ActionFunctionArgs) {
  const { model, locale } = await requireModel(request, await shownCatalogue());
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "signup") return handleSignup(request, context, form, locale, "product");
  if (intent === "waitlist") return handleWaitlist(request, context, form, locale, model.model);
  if (intent === "add") return handleCartIntent(request, form, locale, context);
  return invalidRequest(locale);
}

const productMeta = pageMeta("product");
export const meta: MetaFunction<typeof loader> = (args) => {
  const preload = galleryPreload(args.data?.photos[args.data.photo]);
  const tags = productMeta(args as Parameters<typeof productMeta>[0]);
  return preload ? [...(tags ?? []), preload] : tags;
};

export default function ProductPage() {
  const {
    model,
    name,
    texts,
    photos,
    beforePriceCents,
    photo,
    series,
    related,
    structuredData,
    preview,
    manufacturer,
    reviews,
    reviewsAllPath,
    guaranteeNotice,
    opening,
    delivery,
    holdMinutes,
  } = useLoaderData<typeof loader>();
  const locale = useLocale();
  const { t: tc } = useTranslation();
  const home = pathOf("home", locale);
  const offer = { opening, model: model.model, available: model.available, name, holdMinutes, locale };
  const price = (withVat: boolean) => (
    <ProductPrice
      priceCents={model.priceCents}
      beforePriceCents={beforePriceCents}
      locale={locale}
      withVat={withVat}
    />
  );

  return (
    <main
      id="main"
      className="product-page"
      data-model={model.model}
      data-live-source={`${ENDPOINTS.liveAvailability}?model=${encodeURIComponent(model.model)}`}
      data-opens-at={opening?.at}
    >
      {/* The page's one script: its availability kept current while it is open (optional). */}
      <script type="module" src={liveAvailabilityScript} />
      <ActionToast />
      {preview ? (
        <p className="notice page" role="status">
          {tc("product.preview")}
        </p>
      ) : null}
      <div className="product-page__top page">
        <Link to={home} className="back-link">
          <ArrowLeftIcon /> {tc("product.back")}
        </Link>
        <nav aria-label={tc("breadcrumb.label")} className="breadcrumb">
          <ol>
            <li>
              <Link to={home}>{tc("breadcrumb.home")}</Link>
            </li>
            <li>
              {series ? (
                <Link to={series.path}>{series.title}</Link>
              ) : (
                <Link to={`${home}#products`}>{tc("breadcrumb.collection")}</Link>
              )}
            </li>
            <li aria-current="page">{name}</li>
          </ol>
        </nav>
      </div>

      <div className="product-hero page">
        <Gallery key={model.model} photos={photos} initial={photo} locale={locale} />
        <div className="product-hero__info">
          <ul className="product-badges">
            <li className="badge">{tc("product.badgeUnique")}</li>
            <li className="badge badge--soft">{tc("product.badgeHandmade")}</li>
          </ul>
          <h1 className="product-hero__title">{tc("product.fullName", { name })}</h1>
          <p className="product-hero__tagline">{texts.tagline}</p>
          {reviews ? <ReviewsSummary reviews={reviews} locale={locale} /> : null}
          {price(true)}
          <Paragraphs text={texts.shortDescription} />
          <Offer {...offer} />
          <Waitlist {...offer} />
          <ul className="trust-lines">
            {(["fabric", "madeIn", "payment", "packaging"] as const).map((line) => (
              <li key={line}>
                <CheckIcon /> {tc(`product.trust.${line}`)}
              </li>
            ))}
          </ul>
          {/* Where she decides to buy: the notice the law asks for at the point of sale. */}
          <GuaranteeNotice notice={guaranteeNotice} locale={locale} id="guarantee-title" />
          <dl className="spec-list">
            {(
              [
                ["dimensionsLabel", texts.dimensions],
                ["weightLabel", texts.weight],
                ["strapLabel", texts.strap],
              ] as const
            )
              .filter(([, value]) => value)
              .map(([label, value]) => (
                <div key={label}>
                  <dt>{tc(`product.${label}`)}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
          </dl>
        </div>
      </div>

      <ProductStory texts={texts} name={name} locale={locale}>
        {price(false)}
        <OfferAgain {...offer} />
      </ProductStory>

      {reviews ? <ProductReviews reviews={reviews} locale={locale} allPath={reviewsAllPath} /> : null}

      <ProductService delivery={delivery} locale={locale} />

      {texts.faq.length > 0 ? (
        <Faq title={tc("product.faqTitle")} items={texts.faq} className="page" />
      ) : null}

      <ProductSafety
        manufacturer={manufacturer}
        reference={model.reference}
        care={texts.care}
        safety={texts.safety}
      />

      <ModelsToView
        id="related-title"
        title={tc("product.relatedTitle")}
        models={related}
        locale={locale}
        className="related page"
        gridClassName="product-grid product-grid--three"
      />

      <SignupBox
        className="page"
        title={tc("product.follow.title")}
        text={tc("product.follow.text")}
        submitLabel={tc("product.follow.submit")}
      />
      <OfferToCome {...offer} />
      {structuredData.map((item) => (
        <JsonLd key={item["@type"]} data={item} />
      ))}
    </main>
  );
}

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatPrice } from "@souls/core/format";
import { MODEL_CODES, type ModelCode } from "@souls/core/models";
import { Faq, type FaqItem } from "~/components/faq";
import { ArrowLeftIcon, CheckIcon } from "~/components/icons";
import { JsonLd } from "~/components/json-ld";
import { PurchaseButtons } from "~/components/product-actions";
import { ProductCard } from "~/components/product-card";
import { SignupBox, SignupForm } from "~/components/signup-form";
import { ActionToast } from "~/components/toaster";
import { fixedT } from "~/i18n.server";
import { handleCartIntent } from "~/lib/cart-actions.server";
import { shownCollection } from "~/lib/catalogue.server";
import { invalidRequest, readForm } from "~/lib/form.server";
import { useLocale } from "~/lib/locale";
import { requirePage } from "~/lib/page.server";
import { shownSeller } from "~/lib/seller.server";
import { pageMeta } from "~/lib/seo";
import { handleSignup, handleWaitlist } from "~/lib/signup.server";
import { useTranslation } from "~/lib/translations";
import { loadsWords } from "~/lib/words";
import { articlePage, modelOfPage, pathOf } from "~/screens";
import { Gallery } from "./gallery";
import { productStructuredData } from "./structured-data.server";
import { useLiveAvailability } from "./use-live-availability";

export const handle = { i18n: ["common", "products"] };
export const clientLoader = loadsWords(handle);

function requireModel(request: Request) {
  const { page, locale } = requirePage(request);
  const model = modelOfPage(page);
  if (!model) throw new Response("Not Found", { status: 404 });
  return { page, locale, model };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { page, locale, model } = requireModel(request);
  const [collection, t, tc, seller] = await Promise.all([
    shownCollection(),
    fixedT(locale, "products"),
    fixedT(locale, "common"),
    shownSeller(),
  ]);
  const product = collection[model];
  const photo = Number(new URL(request.url).searchParams.get("photo"));
  const name = t(`${model}.name`);
  return {
    model,
    product,
    photo: Number.isInteger(photo) && photo >= 1 && photo <= 4 ? photo - 1 : 0,
    related: MODEL_CODES.filter((other) => other !== model).map((other) => collection[other]),
    title: tc("product.metaTitle", { name }),
    description: t(`${model}.shortDescription`),
    structuredData: productStructuredData({ model, product, locale, page, name, t, tc, brand: seller.brand }),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { locale, model } = requireModel(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "signup") return handleSignup(request, context, form, locale, "product");
  if (intent === "waitlist") return handleWaitlist(request, context, form, locale, model);
  if (intent === "add") {
    return handleCartIntent(request, form, locale);
  }
  return invalidRequest(locale);
}

export const meta = pageMeta("product");

export default function ProductPage() {
  const { model, product, photo, related, structuredData } = useLoaderData<typeof loader>();
  const live = useLiveAvailability(model);
  const locale = useLocale();
  const { t, list } = useTranslation("products");
  const { t: tc } = useTranslation();
  const home = pathOf("home", locale);
  const name = t(`${model}.name`);
  const faq = list<FaqItem>(`${model}.faq`);
  const materials = ["fabric", "embroidery", "hardware", "lining", "leather"] as const;
  const purchase = (
    <PurchaseButtons model={model as ModelCode} available={product.available} locale={locale} />
  );

  return (
    <main id="main" className="product-page" data-live={live ? "on" : undefined}>
      <ActionToast />
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
              <Link to={`${home}#products`}>{tc("breadcrumb.collection")}</Link>
            </li>
            <li aria-current="page">{name}</li>
          </ol>
        </nav>
      </div>

      <div className="product-hero page">
        <Gallery key={model} model={model} initial={photo} />
        <div className="product-hero__info">
          <ul className="product-badges">
            <li className="badge">{tc("product.badgeUnique")}</li>
            <li className="badge badge--soft">{tc("product.badgeHandmade")}</li>
          </ul>
          <h1 className="product-hero__title">{tc("product.fullName", { name })}</h1>
          <p className="product-hero__tagline">{t(`${model}.tagline`)}</p>
          <p className="product-hero__price">
            {formatPrice(product.priceCents, locale)}{" "}
            <span className="product-hero__vat">{tc("product.vatIncluded")}</span>
          </p>
          <p>{t(`${model}.shortDescription`)}</p>
          {product.available > 0 && product.available < 3 ? (
            <p className="stock-note">{tc("product.fewLeft", { count: product.available })}</p>
          ) : null}
          {purchase}
          {product.available > 0 ? null : (
            <section className="waitlist" aria-labelledby="waitlist-title">
              <h2 id="waitlist-title">{tc("product.waitlist.title")}</h2>
              <p>{tc("product.waitlist.text", { name })}</p>
              <SignupForm
                intent="waitlist"
                submitLabel={tc("product.waitlist.submit")}
                consentLabel={tc("product.waitlist.consent")}
              />
            </section>
          )}
          <ul className="trust-lines">
            {(["fabric", "madeIn", "payment", "packaging"] as const).map((line) => (
              <li key={line}>
                <CheckIcon /> {tc(`product.trust.${line}`)}
              </li>
            ))}
          </ul>
          <dl className="spec-list">
            <div>
              <dt>{tc("product.dimensionsLabel")}</dt>
              <dd>{tc("product.dimensions")}</dd>
            </div>
            <div>
              <dt>{tc("product.weightLabel")}</dt>
              <dd>{tc("product.weight")}</dd>
            </div>
            <div>
              <dt>{tc("product.strapLabel")}</dt>
              <dd>{tc("product.strap")}</dd>
            </div>
          </dl>
        </div>
      </div>

      <section className="product-story page" aria-labelledby="about-title">
        <h2 id="about-title" className="section__title">
          {tc("product.aboutTitle", { name })}
        </h2>
        <p className="product-story__lead">{t(`${model}.fullDescription`)}</p>
        <div className="product-story__grid">
          <section aria-labelledby="materials-title">
            <h3 id="materials-title">{tc("product.materialsTitle")}</h3>
            <dl className="materials">
              {materials.map((part) => (
                <div key={part}>
                  <dt>{tc(`product.materials.${part}`)}</dt>
                  <dd>{t(`${model}.materials.${part}`)}</dd>
                </div>
              ))}
            </dl>
            <Link to={pathOf(articlePage("fabrics"), locale)} className="text-link">
              {tc("product.fabricArticle")}
            </Link>
          </section>
          <section aria-labelledby="craft-title">
            <h3 id="craft-title">{tc("product.craftsmanshipTitle")}</h3>
            <p>{t(`${model}.craftsmanship`)}</p>
          </section>
          <section aria-labelledby="heritage-title">
            <h3 id="heritage-title">{tc("product.heritageTitle")}</h3>
            <p>{t(`${model}.heritage`)}</p>
          </section>
        </div>
        <div className="product-story__buy">
          <p className="product-hero__price">{formatPrice(product.priceCents, locale)}</p>
          {purchase}
        </div>
      </section>

      <section className="service page" aria-labelledby="service-title">
        <h2 id="service-title" className="section__title">
          {tc("product.service.title")}
        </h2>
        <ul className="service__list">
          {(["france", "international", "dustBag", "returns"] as const).map((item) => (
            <li key={item}>
              <h3>{tc(`product.service.${item}.title`)}</h3>
              <p>{tc(`product.service.${item}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <Faq title={tc("product.faqTitle")} items={faq} className="page" />

      <section className="related page" aria-labelledby="related-title">
        <h2 id="related-title" className="section__title">
          {tc("product.relatedTitle")}
        </h2>
        <div className="product-grid product-grid--three">
          {related.map((other) => (
            <ProductCard key={other.model} product={other} locale={locale} action="view" />
          ))}
        </div>
      </section>

      <SignupBox
        className="page"
        title={tc("product.follow.title")}
        text={tc("product.follow.text")}
        submitLabel={tc("product.follow.submit")}
      />
      {structuredData.map((item) => (
        <JsonLd key={item["@type"]} data={item} />
      ))}
    </main>
  );
}

import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { countryName } from "@souls/core/format";
import { otherModels } from "@souls/shop/catalogue";
import { promiseIn } from "@souls/shop/delivery";
import { returnFromGateway } from "@souls/shop/orders";
import { OrderSummary } from "~/components/order-summary";
import { ProductPicture } from "~/components/product-picture";
import { SignupBox } from "~/components/signup-form";
import { ActionToast } from "~/components/toaster";
import { fixedT } from "~/i18n.server";
import { saveCart } from "~/lib/cart.server";
import { shownCatalogue, withCovers } from "~/lib/catalogue.server";
import { db } from "~/lib/db.server";
import { useLocale } from "~/lib/locale";
import { ownedOrderNumber } from "~/lib/orders.server";
import { requirePage } from "~/lib/page.server";
import { gateway } from "~/lib/payments.server";
import { shownSeller } from "~/lib/seller.server";
import { pageMeta } from "~/lib/seo";
import { signupAction } from "~/lib/signup.server";
import { useTranslation } from "~/lib/translations";
import { pathOf } from "~/screens";

export const handle = { i18n: ["common", "checkout"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const { locale } = requirePage(request);
  // Only the browser that placed the order (its signed cookie lists the number) sees it; anyone
  // else follows the order with its secret token on the tracking page.
  const orderNumber = await ownedOrderNumber(request);
  const found = orderNumber ? await returnFromGateway(db, gateway, orderNumber) : undefined;
  if (!found) throw new Response("Not Found", { status: 404 });
  const { order, lines, state, payOn } = found;
  const [t, catalogue] = await Promise.all([fixedT(locale, "checkout"), shownCatalogue()]);
  // "Our other creations": what she did not just buy.
  const others = otherModels(catalogue, ...lines.map((line) => line.model)).flatMap((model) => {
    const path = model.texts[locale]?.path;
    return path ? [{ model: model.model, name: model.name, path, cover: model.photos[0] }] : [];
  });
  const paid = order.paymentStatus === "paid";
  return data(
    {
      title: t("meta.thankYouTitle"),
      description: t("meta.description"),
      state,
      // An order not paid yet is paid from its own payment page, never thanked for.
      payPath: payOn
        ? `${pathOf(payOn === "offline_page" ? "offlinePayment" : "checkout", locale)}?order=${order.orderNumber}`
        : null,
      orderNumber: order.orderNumber,
      firstName: order.firstName,
      address: {
        name: `${order.firstName} ${order.lastName}`,
        street: order.address,
        city: `${order.postalCode} ${order.city}`,
        country: countryName(order.country, locale),
      },
      // The times it was sold with, in the page's language (decision 049).
      delivery: order.delivery ? promiseIn(order.delivery, locale) : null,
      lines: withCovers(lines, catalogue),
      others: others.slice(0, 4),
      shippingCents: order.shippingCents,
      totalCents: order.totalCents,
      discount: order.discountCents > 0 ? { code: order.discountCode, cents: order.discountCents } : null,
      country: order.country,
      contactEmail: (await shownSeller()).email,
    },
    // The cart has been bought: empty it once the payment is confirmed.
    { headers: paid ? { "Set-Cookie": await saveCart([]) } : undefined },
  );
}

export const action = signupAction("newsletter");

export const meta = pageMeta();

const HEADINGS = {
  paid: "thankYou.heading",
  refunded: "thankYou.heading",
  checking: "thankYou.checkingHeading",
  pending: "thankYou.pendingHeading",
  notPaid: "thankYou.notPaidHeading",
  closed: "thankYou.closedHeading",
} as const;

export default function ThankYouPage() {
  const page = useLoaderData<typeof loader>();
  const locale = useLocale();
  const { t } = useTranslation("checkout");
  const { t: tc } = useTranslation();
  const subject = encodeURIComponent(t("thankYou.questionsSubject", { number: page.orderNumber }));

  return (
    <main id="main" className="page thank-you">
      <ActionToast />
      {page.state === "pending" ? <meta httpEquiv="refresh" content="5" /> : null}
      <p className="badge">{t("thankYou.craft")}</p>
      <h1>{t(HEADINGS[page.state], { name: page.firstName })}</h1>
      <p className="thank-you__number">{t("thankYou.orderNumber", { number: page.orderNumber })}</p>
      {page.state === "pending" ? <p role="status">{t("thankYou.pendingText")}</p> : null}
      {page.state === "checking" ? <p role="status">{t("thankYou.checkingText")}</p> : null}
      {page.state === "closed" ? <p role="status">{t("thankYou.closedText")}</p> : null}
      {page.payPath ? (
        <div className="notice" role="status">
          <p>{t("thankYou.notPaidText")}</p>
          <Link to={page.payPath} className="button button--primary">
            {t("thankYou.payNow")}
          </Link>
        </div>
      ) : null}
      {page.state === "refunded" ? (
        <p className="form-error" role="alert">
          {t("thankYou.refunded")}
        </p>
      ) : null}

      <div className="thank-you__grid">
        <OrderSummary
          lines={page.lines}
          shippingCents={page.shippingCents}
          totalCents={page.totalCents}
          country={page.country}
          discount={page.discount}
        />
        <section className="thank-you__card" aria-labelledby="address-title">
          <h2 id="address-title">{t("thankYou.address")}</h2>
          <address>
            {page.address.name}
            <br />
            {page.address.street}
            <br />
            {page.address.city}
            <br />
            {page.address.country}
          </address>
          {page.delivery ? (
            <>
              <h2>{t("thankYou.delivery")}</h2>
              <p>{t("thankYou.deliveryPromise", page.delivery)}</p>
            </>
          ) : null}
          {page.state === "paid" ? (
            <ul className="thank-you__notices">
              <li>{t("thankYou.emailSent")}</li>
              <li>{t("thankYou.trackingSoon")}</li>
            </ul>
          ) : null}
        </section>
      </div>

      <div className="thank-you__buttons">
        <Link to={pathOf("home", locale)} className="button button--primary">
          {t("thankYou.continue")}
        </Link>
        {page.contactEmail ? (
          <a href={`mailto:${page.contactEmail}?subject=${subject}`} className="button button--outline">
            {t("thankYou.questions")}
          </a>
        ) : null}
      </div>

      {page.others.length > 0 ? (
        <section className="related" aria-labelledby="others-title">
          <h2 id="others-title" className="section__title">
            {t("thankYou.others")}
          </h2>
          <ul className="thank-you__others">
            {page.others.map((other) => (
              <li key={other.model}>
                <Link to={other.path}>
                  {other.cover ? (
                    <ProductPicture
                      photo={other.cover}
                      locale={locale}
                      alt=""
                      sizes="(min-width: 760px) 25vw, 50vw"
                    />
                  ) : null}
                  <span>{tc("product.fullName", { name: other.name })}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <SignupBox
        title={t("thankYou.newsletter")}
        text={t("thankYou.newsletterNote")}
        submitLabel={t("thankYou.newsletterSubmit")}
      />
    </main>
  );
}

import { type ActionFunctionArgs, type AppLoadContext, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { Locale } from "@souls/core/locales";
import {
  requestTrackingLink,
  trackingLinkRequestSchema,
  trackOrder,
  withdrawFromContract,
} from "@souls/shop/orders";
import { shownCatalogue, withCovers } from "~/lib/catalogue.server";
import { clientHash } from "~/lib/client.server";
import { db } from "~/lib/db.server";
import { reportRequestError } from "~/lib/error-reports.server";
import { invalidRequest, parseForm, readForm } from "~/lib/form.server";
import { useLocale } from "~/lib/locale";
import { requirePage } from "~/lib/page.server";
import { embeddedByAnotherSite, logRefusal } from "~/lib/refusal.server";
import { TRACKING_LINK_REFUSAL_WORDS } from "~/lib/refusals";
import { pageMeta } from "~/lib/seo";
import { pageTitle } from "~/lib/shop-words.server";
import { useTranslation } from "~/lib/translations";
import { pathOf } from "~/screens";
import {
  headersOf,
  orderView,
  refusedView,
  statusOf,
  TRACKING_HEADERS,
  TRACKING_RULES,
  type TrackingView,
  trackingFormSchema,
  viewOf,
} from "./tracking.server";

export const handle = { i18n: ["common", "checkout", "tracking"] };

export const headers = () => TRACKING_HEADERS;

async function pageText(request: Request) {
  const { locale } = requirePage(request);
  // Her title and description for search engines, else today's (decision 051).
  return { locale, ...(await pageTitle(locale, "tracking")) };
}

/** The view with what only the page adds: each line's cover photo, and the rules its words name. */
async function answer(text: { title: string; description: string }, view: TrackingView) {
  const { title, description } = text;
  const shown =
    view.state === "result"
      ? { ...view, order: { ...view.order, lines: withCovers(view.order.lines, await shownCatalogue()) } }
      : view;
  return data(
    { title, description, rules: TRACKING_RULES, ...shown },
    { status: statusOf(view), headers: headersOf(view) },
  );
}

/** A failure of the database is the spec's "technical error", in the shopper's language. */
async function orTechnicalError(token: string, run: () => Promise<TrackingView>): Promise<TrackingView> {
  try {
    return await run();
  } catch (error) {
    console.error("[tracking] look-up failed", error);
    return { state: "form", error: "technical", token };
  }
}

/**
 * Another site's page embedding a tracking address (an image, a frame) would spend its visitor's
 * failed attempts and block her own link: such a request is refused before the token is looked up.
 */
function refuseEmbedded(request: Request) {
  if (!embeddedByAnotherSite(request)) return;
  logRefusal(request, 403, "tracking request embedded by another site");
  throw new Response("Forbidden", { status: 403, headers: TRACKING_HEADERS });
}

/** An e-mail's link lands here with `?token=`: the order is shown at once. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const text = await pageText(request);
  const token = new URL(request.url).searchParams.get("token");
  if (token === null) return answer(text, { state: "form" });
  refuseEmbedded(request);
  const parsed = trackingFormSchema.shape.token.safeParse(token);
  if (!parsed.success) return answer(text, { state: "form", fieldError: parsed.error.issues[0]?.message });
  const view = await orTechnicalError(token, async () =>
    viewOf(
      await trackOrder(db, { token: parsed.data, clientHash: clientHash(request, context) }),
      parsed.data,
    ),
  );
  return answer(text, view);
}

/**
 * The find-my-order form: whatever the number and address, the same answer — the link went to the
 * order's address if they match (@souls/shop's requestTrackingLink decides, and tells nobody).
 */
async function findOrder(
  request: Request,
  context: AppLoadContext,
  form: FormData,
  locale: Locale,
): Promise<TrackingView> {
  const reading = parseForm(
    form,
    trackingLinkRequestSchema,
    ["orderNumber", "email"],
    TRACKING_LINK_REFUSAL_WORDS,
  );
  if (!reading.ok) return { state: "form", find: { errors: reading.errors, values: reading.values } };
  try {
    const outcome = await requestTrackingLink(db, {
      ...reading.data,
      locale,
      clientHash: clientHash(request, context),
    });
    if (outcome === "answered") return { state: "sent" };
    const shopWide = outcome === "busy";
    logRefusal(request, 429, `tracking link requests ${shopWide ? "of the whole shop" : "per client"}`);
    return { state: "form", find: { refused: shopWide ? "busy" : "tooMany", values: reading.values } };
  } catch (error) {
    console.error("[tracking] link request failed", error);
    reportRequestError(error, request, { where: "tracking" });
    return { state: "form", find: { refused: "technical", values: reading.values } };
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  refuseEmbedded(request);
  const text = await pageText(request);
  const form = await readForm(request);
  if (form.get("intent") === "find")
    return answer(text, await findOrder(request, context, form, text.locale));
  const reading = parseForm(form, trackingFormSchema, ["intent", "token"]);
  if (!reading.ok) {
    if (reading.errors.intent || !reading.errors.token) return invalidRequest(text.locale);
    return answer(text, { state: "form", fieldError: reading.errors.token });
  }
  const { intent, token } = reading.data;
  const lookup = { token, clientHash: clientHash(request, context) };
  const view = await orTechnicalError(token, async () => {
    if (intent === "confirm-withdrawal") {
      const withdrawn = await withdrawFromContract(db, lookup);
      if (withdrawn.ok) {
        return { state: "result", token, order: orderView(withdrawn.order), withdrawal: "recorded" };
      }
      if (withdrawn.reason !== "period_over") return refusedView(withdrawn.reason, token);
      const current = viewOf(await trackOrder(db, lookup), token);
      return current.state === "result" ? { ...current, withdrawal: "periodOver" } : current;
    }
    const current = viewOf(await trackOrder(db, lookup), token);
    if (intent === "withdraw" && current.state === "result") {
      // The confirmation step: nothing changes until the shopper confirms.
      return { ...current, withdrawal: current.order.withdrawal.open ? "confirm" : "periodOver" };
    }
    return current;
  });
  return answer(text, view);
}

export const meta = pageMeta("website", { noindex: true });

export default function TrackingPage() {
  const loaded = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  // A tampered form's answer is a toast (shown by the page's Toaster), not a view.
  const view = answered && "state" in answered ? answered : loaded;
  const { t } = useTranslation("tracking");
  const locale = useLocale();
  const { rules } = view;

  return (
    <main id="main" className="page page--narrow tracking">
      <h1>{t("title")}</h1>
      {view.state === "result" ? (
        <>
          <TrackedOrderCard view={view} />
          <p>
            <Link to={pathOf("tracking", locale)} className="button button--outline">
              {t("another")}
            </Link>
          </p>
        </>
      ) : view.state === "sent" ? (
        <div className="notice tracking__sent" role="status">
          <p className="notice__title">{t("find.sentTitle")}</p>
          <p>{t("find.sent")}</p>
          <p>
            <Link to={pathOf("tracking", locale)}>{t("find.again")}</Link>
          </p>
        </div>
      ) : (
        <>
          {view.error ? (
            <p className="form-error" role="alert">
              {t(`errors.${view.error}`, { days: rules.tokenDays })}
            </p>
          ) : null}
          <FindOrderForm answer={view.find} />
          <TrackingForm fieldError={view.fieldError} error={view.error} token={view.token} />
        </>
      )}
      <aside className="tracking__help" aria-labelledby="help-title">
        <h2 id="help-title">{t("help.title")}</h2>
        <ul>
          <li>{t("help.private")}</li>
          <li>{t("help.everyEmail", { days: rules.tokenDays })}</li>
          <li>{t("help.nothingArrived", { count: rules.linksPerDay })}</li>
          <li>{t("help.guessing", { count: rules.failures })}</li>
          <li>{t("help.noted")}</li>
        </ul>
      </aside>
    </main>
  );
}

import { FindOrderForm } from "./find-order-form";
import { TrackedOrderCard } from "./tracked-order";
import { TrackingForm } from "./tracking-form";

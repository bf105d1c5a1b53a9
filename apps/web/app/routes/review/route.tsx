import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { formatDate } from "@souls/core/format";
import { REVIEW_RULES } from "@souls/core/reviews";
import { openReviewLink, REVIEW_FIELDS, reviewFormSchema, submitReview } from "@souls/shop/reviews";
import { ReviewNotice } from "~/components/review-notice";
import { ActionToast } from "~/components/toaster";
import { fixedT } from "~/i18n.server";
import { shownCatalogue } from "~/lib/catalogue.server";
import { db } from "~/lib/db.server";
import { sessionSecrets } from "~/lib/env.server";
import { invalidRequest, parseForm, readForm } from "~/lib/form.server";
import { useLocale, useRootData } from "~/lib/locale";
import { requirePage } from "~/lib/page.server";
import { logRefusal } from "~/lib/refusal.server";
import { REVIEW_REFUSAL_WORDS } from "~/lib/refusals";
import { pageMeta } from "~/lib/seo";
import { useTranslation } from "~/lib/translations";
import { ModelChoice, ModelReview } from "./model-review";
import { linkView, REFUSAL_STATUS, REVIEW_HEADERS, type ReviewRefusal, refusalOf } from "./review.server";

export const handle = { i18n: ["common", "reviews"] };

export const headers = () => REVIEW_HEADERS;

/** The link of a review invitation: `?token=` (signed, bound to the order) and the model to review. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { locale } = requirePage(request);
  const t = await fixedT(locale, "reviews");
  const url = new URL(request.url);
  const token = url.searchParams.get("token")?.slice(0, 200) ?? null;
  const text = { title: t("meta.title"), description: t("meta.description"), token };
  const opened = token ? await openReviewLink(db, { token, secret: sessionSecrets }) : null;
  if (!opened?.ok) {
    const refusal: ReviewRefusal = opened?.reason ?? "invalid";
    logRefusal(request, REFUSAL_STATUS[refusal], `review link ${refusal}`);
    return data(
      { ...text, refusal, view: null },
      { status: REFUSAL_STATUS[refusal], headers: REVIEW_HEADERS },
    );
  }
  const view = linkView(opened, await shownCatalogue(), locale);
  // The model asked for, or the only one of the order; otherwise the list to choose from.
  const asked = url.searchParams.get("model");
  const selected =
    view.models.find((model) => model.model === asked)?.model ??
    (view.models.length === 1 ? (view.models[0]?.model ?? null) : null);
  return data({ ...text, refusal: null, view, selected }, { headers: REVIEW_HEADERS });
}

/** One model's review, sent or changed; its fields read with the same rules the use case applies. */
export async function action({ request }: ActionFunctionArgs) {
  const { locale } = requirePage(request);
  const form = await readForm(request);
  const token = form.get("token");
  const model = form.get("model");
  if (form.get("intent") !== "review" || typeof token !== "string" || typeof model !== "string") {
    return invalidRequest(locale);
  }
  const refused = (refusal: ReviewRefusal) => {
    logRefusal(request, REFUSAL_STATUS[refusal], `review ${refusal}`);
    return data(
      { outcome: "refused" as const, refusal },
      { status: REFUSAL_STATUS[refusal], headers: REVIEW_HEADERS },
    );
  };
  const opened = await openReviewLink(db, { token, secret: sessionSecrets });
  if (!opened.ok) return refused(opened.reason);
  const reading = parseForm(form, reviewFormSchema(opened.view.days), REVIEW_FIELDS, REVIEW_REFUSAL_WORDS);
  if (!reading.ok) {
    const { errors, values } = reading;
    return data(
      { outcome: "invalid" as const, model, errors, values },
      { status: 400, headers: REVIEW_HEADERS },
    );
  }
  const saved = await submitReview(db, {
    token,
    secret: sessionSecrets,
    model,
    review: reading.data,
    locale,
  });
  if (!saved.ok) return refused(refusalOf(saved.reason));
  return data({ outcome: "saved" as const, model, created: saved.created }, { headers: REVIEW_HEADERS });
}

export const meta = pageMeta("website", { noindex: true });

export default function ReviewPage() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const locale = useLocale();
  const { t } = useTranslation("reviews");
  const email = useRootData()?.seller?.email ?? "";
  const refusal =
    answer && "outcome" in answer && answer.outcome === "refused" ? answer.refusal : loaded.refusal;
  const view = loaded.view;

  if (refusal || !view || !loaded.token) {
    return (
      <main id="main" className="page page--narrow review-page">
        <h1>{t("page.title")}</h1>
        <p className="form-error" role="alert">
          {t(`refused.${refusal ?? "invalid"}`, {
            days: REVIEW_RULES.changeDays,
            count: REVIEW_RULES.maxSaves,
          })}
        </p>
        <p>{t("refused.contact", { email })}</p>
      </main>
    );
  }

  const token = loaded.token;
  const selected = "selected" in loaded ? loaded.selected : null;
  const chosen = view.models.find((model) => model.model === selected);
  const saved = answer && "outcome" in answer && answer.outcome === "saved" ? answer : null;
  const invalid = answer && "outcome" in answer && answer.outcome === "invalid" ? answer : null;

  return (
    <main id="main" className="page page--narrow review-page">
      <ActionToast />
      <h1>{t("page.title")}</h1>
      <p className="review-page__intro">{t("page.intro", { orderNumber: view.orderNumber })}</p>
      {saved ? (
        <div className="notice review-page__saved" role="status">
          <p className="notice__title">{t("saved.title")}</p>
          <p>
            {t(saved.created ? "saved.created" : "saved.changed", {
              name: view.models.find((model) => model.model === saved.model)?.name ?? "",
              days: REVIEW_RULES.publicationDays,
            })}
          </p>
        </div>
      ) : null}
      {chosen ? (
        <ModelReview
          model={chosen}
          token={token}
          days={view.days}
          suggestedAuthorName={view.suggestedAuthorName}
          invalid={invalid?.model === chosen.model ? invalid : null}
        />
      ) : (
        <>
          <p>{t("page.choose")}</p>
          <p>{t("page.writeUntil", { date: formatDate(view.writeUntil, locale) })}</p>
        </>
      )}
      <ModelChoice models={view.models} token={token} current={chosen?.model ?? null} />
      <ReviewNotice headingLevel={2} />
    </main>
  );
}

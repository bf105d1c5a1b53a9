import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { trackOrder, withdrawFromContract } from "@souls/shop/orders";
import { fixedT } from "~/i18n.server";
import { clientHash } from "~/lib/client.server";
import { db } from "~/lib/db.server";
import { invalidRequest, parseForm, readForm } from "~/lib/form.server";
import { useLocale } from "~/lib/locale";
import { requirePage } from "~/lib/page.server";
import { embeddedByAnotherSite, logRefusal } from "~/lib/refusal.server";
import { pageMeta } from "~/lib/seo";
import { useTranslation } from "~/lib/translations";
import { loadsWords } from "~/lib/words";
import { pathOf } from "~/screens";
import {
  orderView,
  refusedView,
  statusOf,
  TRACKING_HEADERS,
  type TrackingView,
  trackingFormSchema,
  viewOf,
} from "./tracking.server";

export const handle = { i18n: ["common", "tracking"] };
export const clientLoader = loadsWords(handle);

export const headers = () => TRACKING_HEADERS;

async function pageText(request: Request) {
  const { locale } = requirePage(request);
  const t = await fixedT(locale, "tracking");
  return { locale, title: t("meta.title"), description: t("meta.description") };
}

function answer(text: { title: string; description: string }, view: TrackingView) {
  const { title, description } = text;
  return data({ title, description, ...view }, { status: statusOf(view), headers: TRACKING_HEADERS });
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

/** The link in the confirmation e-mail lands here with `?token=`: the order is shown at once. */
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

export async function action({ request, context }: ActionFunctionArgs) {
  refuseEmbedded(request);
  const text = await pageText(request);
  const form = await readForm(request);
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
  const answer = useActionData<typeof action>();
  // A tampered form's answer is a toast (shown by the page's Toaster), not a view.
  const view = answer && "state" in answer ? answer : loaded;
  const { t } = useTranslation("tracking");
  const locale = useLocale();

  return (
    <main id="main" className="page page--narrow tracking">
      <h1>{t("title")}</h1>
      {view.state === "result" ? (
        <TrackedOrderCard view={view} />
      ) : (
        <TrackingForm fieldError={view.fieldError} error={view.error} token={view.token} />
      )}
      {view.state === "result" ? (
        <p>
          <Link to={pathOf("tracking", locale)} className="button button--outline">
            {t("another")}
          </Link>
        </p>
      ) : null}
      <aside className="tracking__security" aria-labelledby="security-title">
        <h2 id="security-title">{t("security.title")}</h2>
        <ul>
          <li>{t("security.unique")}</li>
          <li>{t("security.attempts")}</li>
          <li>{t("security.expiry")}</li>
          <li>{t("security.logged")}</li>
        </ul>
      </aside>
    </main>
  );
}

import { TrackedOrderCard } from "./tracked-order";
import { TrackingForm } from "./tracking-form";

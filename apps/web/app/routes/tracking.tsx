import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { trackOrder, withdrawFromContract } from "@souls/shop";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { fixedT } from "~/i18n.server";
import { invalidRequest, readForm } from "~/lib/actions.server";
import { clientHash } from "~/lib/client.server";
import { db } from "~/lib/db.server";
import { formatDate, formatDateTime, formatPrice } from "~/lib/format";
import { useLocale } from "~/lib/locale";
import { requirePage } from "~/lib/page.server";
import { embeddedByAnotherSite, logRefusal } from "~/lib/refusal.server";
import { pageMeta } from "~/lib/seo";
import {
  orderView,
  statusOf,
  TRACKING_HEADERS,
  type TrackingView,
  trackingFormSchema,
  viewOf,
} from "~/lib/tracking.server";
import { pathOf } from "~/screens";

export const handle = { i18n: ["common", "tracking"] };

export const headers = () => TRACKING_HEADERS;

async function pageText(request: Request) {
  const { locale } = requirePage(request);
  const t = await fixedT(locale, "tracking");
  return { title: t("meta.title"), description: t("meta.description") };
}

function answer(text: { title: string; description: string }, view: TrackingView) {
  return data({ ...text, ...view }, { status: statusOf(view), headers: TRACKING_HEADERS });
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
  if (!parsed.success) return answer(text, { state: "form", error: "required" });
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
  const parsed = trackingFormSchema.safeParse({ intent: form.get("intent"), token: form.get("token") });
  if (!parsed.success) {
    const tokenIssue = parsed.error.issues.find((issue) => issue.path[0] === "token");
    if (!tokenIssue || parsed.error.issues.some((issue) => issue.path[0] !== "token"))
      return invalidRequest();
    return answer(text, {
      state: "form",
      error: tokenIssue.message === "malformed" ? "malformed" : "required",
    });
  }
  const { intent, token } = parsed.data;
  const lookup = { token, clientHash: clientHash(request, context) };
  const view = await orTechnicalError(token, async () => {
    if (intent === "confirm-withdrawal") {
      const withdrawn = await withdrawFromContract(db, lookup);
      if (withdrawn.ok) {
        return { state: "result", token, order: orderView(withdrawn.order), withdrawal: "recorded" };
      }
      if (withdrawn.reason !== "period_over") return { state: "form", error: withdrawn.reason, token };
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
  const view = (useActionData<typeof action>() ?? loaded) as TrackingView;
  const { t } = useTranslation("tracking");
  const locale = useLocale();

  return (
    <main id="main" className="page page--narrow tracking">
      <h1>{t("title")}</h1>
      {view.state === "result" ? (
        <TrackedOrderCard view={view} />
      ) : (
        <TrackingForm error={view.error} token={view.token} />
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

function TrackingForm({ error, token }: { error?: string; token?: string }) {
  const { t } = useTranslation("tracking");
  const searching = useNavigation().state === "submitting";
  const fieldError = error === "required" || error === "malformed";
  return (
    <Form method="post" className="tracking__form" noValidate>
      <p>{t("intro")}</p>
      {error && !fieldError ? (
        <p className="form-error" role="alert">
          {t(`errors.${error}`)}
        </p>
      ) : null}
      <div className="field">
        <label htmlFor="tracking-token">{t("tokenLabel")}</label>
        <input
          id="tracking-token"
          name="token"
          type="text"
          autoComplete="off"
          spellCheck={false}
          required
          placeholder={t("tokenPlaceholder")}
          defaultValue={token}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? "tracking-token-error" : undefined}
        />
        {fieldError ? (
          <p className="field__error" id="tracking-token-error" role="alert">
            {t(`errors.${error}`)}
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        name="intent"
        value="track"
        className="button button--primary"
        disabled={searching}
      >
        {searching ? t("searching") : t("submit")}
      </button>
    </Form>
  );
}

function TrackedOrderCard({ view }: { view: TrackingView & { state: "result" } }) {
  const { t } = useTranslation("tracking");
  const locale = useLocale();
  const { order } = view;
  return (
    <>
      {view.withdrawal === "recorded" && order.withdrawnAt ? (
        <p className="notice" role="status">
          {t("withdrawal.done", { date: formatDateTime(order.withdrawnAt, locale) })}
        </p>
      ) : null}
      {view.withdrawal === "periodOver" ? (
        <p className="form-error" role="alert">
          {t("errors.periodOver")}
        </p>
      ) : null}
      <section className="tracking__card" aria-labelledby="order-title">
        <h2 id="order-title">{t("result.title", { number: order.orderNumber })}</h2>
        <dl className="tracking__facts">
          <div>
            <dt>{t("result.orderNumber")}</dt>
            <dd>{order.orderNumber}</dd>
          </div>
          <div>
            <dt>{t("result.orderDate")}</dt>
            <dd>{formatDate(order.orderedAt, locale)}</dd>
          </div>
          <div>
            <dt>{t("result.status")}</dt>
            <dd>
              <span className={`status status--${order.status}`}>{t(`status.${order.status}`)}</span>
            </dd>
          </div>
          <div>
            <dt>{t("result.payment")}</dt>
            <dd>{t(`paymentStatus.${order.paymentStatus}`)}</dd>
          </div>
          <div>
            <dt>{t("result.customer")}</dt>
            <dd>{order.customerName}</dd>
          </div>
          <div>
            <dt>{t("result.total")}</dt>
            <dd>{formatPrice(order.totalCents, locale, { exact: true, currency: order.currency })}</dd>
          </div>
          {order.trackingNumber ? (
            <>
              {order.carrierName ? (
                <div>
                  <dt>{t("result.carrier")}</dt>
                  <dd>{order.carrierName}</dd>
                </div>
              ) : null}
              <div>
                <dt>{t("result.trackingNumber")}</dt>
                <dd>{order.trackingNumber}</dd>
              </div>
            </>
          ) : null}
        </dl>
        {order.carrierUrl && order.carrierName ? (
          <p>
            <a
              href={order.carrierUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="button button--outline"
            >
              {t("result.carrierLink", { carrier: order.carrierName })}
              <span className="visually-hidden"> {t("result.newTab")}</span>
            </a>
          </p>
        ) : null}

        <h3>{t("result.items")}</h3>
        <ul className="tracking__lines">
          {order.lines.map((line) => (
            <li key={line.model}>
              <span>{line.name}</span>
              <span>{t("result.quantity", { count: line.quantity })}</span>
              <span>{formatPrice(line.unitPriceCents * line.quantity, locale, { exact: true })}</span>
            </li>
          ))}
        </ul>

        <h3>{t("result.timeline")}</h3>
        <ol className="tracking__timeline">
          {order.timeline.map((step) => (
            <li key={`${step.status}-${step.at}`}>
              <span>{t(`status.${step.status}`)}</span>{" "}
              <time dateTime={step.at}>{formatDateTime(step.at, locale)}</time>
            </li>
          ))}
        </ol>
      </section>
      <Withdrawal view={view} />
    </>
  );
}

/** The legal withdrawal button (directive 2023/2673), then its confirmation step. */
function Withdrawal({ view }: { view: TrackingView & { state: "result" } }) {
  const { t } = useTranslation("tracking");
  const locale = useLocale();
  const { order } = view;
  if (order.withdrawnAt && view.withdrawal !== "recorded") {
    return (
      <p className="notice">
        {t("withdrawal.recorded", { date: formatDateTime(order.withdrawnAt, locale) })}
      </p>
    );
  }
  if (!order.withdrawal.open) return null;
  return (
    <section className="tracking__withdrawal" aria-labelledby="withdrawal-title">
      <h2 id="withdrawal-title">
        {view.withdrawal === "confirm" ? t("withdrawal.confirmTitle") : t("withdrawal.title")}
      </h2>
      {view.withdrawal === "confirm" ? (
        <>
          <p>{t("withdrawal.confirmText", { number: order.orderNumber })}</p>
          <p>{t("withdrawal.confirmRefund")}</p>
          <div className="tracking__buttons">
            <TokenButton token={view.token} intent="confirm-withdrawal" className="button button--primary">
              {t("withdrawal.confirm")}
            </TokenButton>
            <TokenButton token={view.token} intent="track" className="button button--ghost">
              {t("withdrawal.cancel")}
            </TokenButton>
          </div>
        </>
      ) : (
        <>
          <p>
            {order.withdrawal.closesAt
              ? t("withdrawal.openUntil", { date: formatDateTime(order.withdrawal.closesAt, locale) })
              : t("withdrawal.open")}
          </p>
          <TokenButton token={view.token} intent="withdraw" className="button button--outline">
            {t("withdrawal.button")}
          </TokenButton>
        </>
      )}
    </section>
  );
}

/** A one-button form that carries the order's token to the next step. */
function TokenButton({
  token,
  intent,
  className,
  children,
}: {
  token: string;
  intent: "track" | "withdraw" | "confirm-withdrawal";
  className: string;
  children: ReactNode;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="token" value={token} />
      <button type="submit" name="intent" value={intent} className={className}>
        {children}
      </button>
    </Form>
  );
}

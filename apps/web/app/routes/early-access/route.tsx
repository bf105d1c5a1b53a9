import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { formatOpening } from "@souls/core/format";
import type { Locale } from "@souls/core/locales";
import type { Catalogue } from "@souls/shop/catalogue";
import { checkEarlyAccess } from "@souls/shop/launch";
import { fixedT } from "~/i18n.server";
import { shownCatalogue } from "~/lib/catalogue.server";
import { db } from "~/lib/db.server";
import { sessionSecrets } from "~/lib/env.server";
import { givePass, launchClock } from "~/lib/launch.server";
import { useLocale } from "~/lib/locale";
import { logRefusal } from "~/lib/refusal.server";
import { makeToast, redirectWithToast } from "~/lib/toast.server";
import { useTranslation } from "~/lib/translations";
import { localeForPath, pathOf } from "~/screens";

export const handle = { i18n: ["common"] };

/** The series' first model's page in this language (the home page if it has none to show). */
function seriesPage(catalogue: Catalogue, seriesId: number, locale: Locale): string {
  const first = catalogue.models.find((model) => model.seriesId === seriesId && model.state === "published");
  return first?.texts[locale]?.path ?? pathOf("home", locale);
}

/**
 * An early-notice subscriber's link (decision 039): during the series' head start, a valid link
 * of a confirmed subscriber gives this browser a signed pass for the series, and leads to its
 * first model. Before the head start, after the public opening, or for an address no longer
 * subscribed, it leads there with a message and no pass; a tampered or unknown link is a 403.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const locale = localeForPath(new URL(request.url).pathname);
  const check = await checkEarlyAccess(db, {
    secrets: sessionSecrets,
    token: params.token,
    now: launchClock.now(),
  });
  if (!check.ok && check.reason === "invalid") {
    logRefusal(request, 403, "early access: invalid link");
    const t = await fixedT(locale, "common");
    return data(
      { title: `${t("toast.earlyAccess.invalid.title")} – SOULS` },
      { status: 403, headers: { "Cache-Control": "no-store" } },
    );
  }
  const catalogue = await shownCatalogue();
  const seriesId = check.ok ? check.pass.seriesId : check.seriesId;
  const to = seriesPage(catalogue, seriesId, locale);
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (check.ok) {
    headers.append("Set-Cookie", await givePass(request, check.pass));
    const toast = await makeToast(locale, {
      kind: "success",
      title: "common:toast.earlyAccess.granted.title",
      text: "common:toast.earlyAccess.granted.text",
      values: formatOpening(check.opensAt, locale),
    });
    return redirectWithToast(to, toast, { headers });
  }
  const key = check.reason === "not_yet" ? "notYet" : check.reason === "opened" ? "opened" : "notSubscribed";
  const opensAt = check.reason === "not_subscribed" ? null : check.opensAt;
  const opening = opensAt ? formatOpening(opensAt, locale) : { day: "", time: "" };
  const toast = await makeToast(locale, {
    kind: check.reason === "opened" ? "success" : "error",
    title: `common:toast.earlyAccess.${key}.title`,
    text: `common:toast.earlyAccess.${key}.text`,
    values: opening,
  });
  return redirectWithToast(to, toast, { headers });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title ?? "SOULS" },
  { name: "robots", content: "noindex" },
];

/** A link that is not one of the shop's: said plainly, with the way to the shop. */
export default function EarlyAccessRefused() {
  useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <main id="main" className="page page--narrow status-page">
      <h1>{t("toast.earlyAccess.invalid.title")}</h1>
      <p>{t("toast.earlyAccess.invalid.text")}</p>
      <a href={pathOf("home", locale)} className="button button--primary">
        {t("toast.earlyAccess.invalid.home")}
      </a>
    </main>
  );
}

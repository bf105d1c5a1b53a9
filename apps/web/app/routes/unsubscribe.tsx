import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { business, unsubscribe } from "@souls/shop";
import { useTranslation } from "react-i18next";
import { TokenStep } from "~/components/token-step";
import { fixedT } from "~/i18n.server";
import { readForm } from "~/lib/actions.server";
import { db } from "~/lib/db.server";
import { sessionSecret } from "~/lib/env.server";
import { requirePage } from "~/lib/page.server";
import { pageMeta } from "~/lib/seo";

export const handle = { i18n: ["common", "subscription"] };

/** The unsubscribe link of every marketing e-mail (and its List-Unsubscribe header). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { locale } = requirePage(request);
  const t = await fixedT(locale, "subscription");
  const token = new URL(request.url).searchParams.get("token");
  return data(
    {
      title: t("unsubscribe.metaTitle"),
      description: t("unsubscribe.metaDescription"),
      token: token?.slice(0, 200) ?? null,
      contactEmail: business.email,
    },
    { status: token ? 200 : 400 },
  );
}

/**
 * The page's button posts the token as a field; a mail client's one-click unsubscribe (RFC 8058)
 * posts `List-Unsubscribe=One-Click` to the link itself, the token in its query.
 */
export async function action({ request }: ActionFunctionArgs) {
  requirePage(request);
  const form = await readForm(request);
  const token = form.get("token") ?? new URL(request.url).searchParams.get("token");
  const outcome = await unsubscribe(db, { token, secret: sessionSecret });
  return data({ outcome }, { status: outcome === "unsubscribed" ? 200 : 400 });
}

export const meta = pageMeta("website", { noindex: true });

export default function UnsubscribePage() {
  const { token, contactEmail } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("subscription");
  const outcome = answer?.outcome ?? (token ? undefined : "invalid");
  return (
    <TokenStep
      title={t("unsubscribe.title")}
      text={t("unsubscribe.text")}
      button={t("unsubscribe.button")}
      token={token}
      outcome={
        outcome === undefined
          ? undefined
          : outcome === "unsubscribed"
            ? { title: t("unsubscribe.doneTitle"), message: t("unsubscribe.doneText") }
            : { message: t("unsubscribe.invalid", { email: contactEmail }), error: true }
      }
    />
  );
}

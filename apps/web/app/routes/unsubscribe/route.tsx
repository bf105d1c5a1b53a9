import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { unsubscribe } from "@souls/shop/signups";
import { TokenStep } from "~/components/token-step";
import { db } from "~/lib/db.server";
import { sessionSecrets } from "~/lib/env.server";
import { readForm } from "~/lib/form.server";
import { useRootData } from "~/lib/locale";
import { requirePage } from "~/lib/page.server";
import { pageMeta } from "~/lib/seo";
import { tokenStepPage } from "~/lib/token-step.server";
import { useTranslation } from "~/lib/translations";

export const handle = { i18n: ["common", "subscription"] };

/** The unsubscribe link of every marketing e-mail (and its List-Unsubscribe header). */
export const loader = ({ request }: LoaderFunctionArgs) => tokenStepPage(request, "unsubscribe");

/**
 * The page's button posts the token as a field; a mail client's one-click unsubscribe (RFC 8058)
 * posts `List-Unsubscribe=One-Click` to the link itself, the token in its query.
 */
export async function action({ request }: ActionFunctionArgs) {
  requirePage(request);
  const form = await readForm(request);
  const token = form.get("token") ?? new URL(request.url).searchParams.get("token");
  const outcome = await unsubscribe(db, { token, secret: sessionSecrets });
  return data({ outcome }, { status: outcome === "unsubscribed" ? 200 : 400 });
}

export const meta = pageMeta("website", { noindex: true });

export default function UnsubscribePage() {
  const { token } = useLoaderData<typeof loader>();
  const contactEmail = useRootData()?.seller?.email;
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

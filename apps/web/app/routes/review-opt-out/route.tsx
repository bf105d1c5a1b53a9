import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { optOutOfReviewInvitations } from "@souls/shop/reviews";
import { TokenStep } from "~/components/token-step";
import { fixedT } from "~/i18n.server";
import { db } from "~/lib/db.server";
import { sessionSecrets } from "~/lib/env.server";
import { readForm } from "~/lib/form.server";
import { useRootData } from "~/lib/locale";
import { requirePage } from "~/lib/page.server";
import { pageMeta } from "~/lib/seo";
import { useTranslation } from "~/lib/translations";

export const handle = { i18n: ["common", "subscription", "reviews"] };

/** The link of every review invitation (and its List-Unsubscribe header): it asks, the button stops them. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { locale } = requirePage(request);
  const t = await fixedT(locale, "reviews");
  const token = new URL(request.url).searchParams.get("token");
  return data(
    {
      title: t("optOut.metaTitle"),
      description: t("optOut.metaDescription"),
      token: token?.slice(0, 200) ?? null,
    },
    { status: token ? 200 : 400, headers: { "Referrer-Policy": "no-referrer" } },
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
  const outcome = await optOutOfReviewInvitations(db, { token, secret: sessionSecrets });
  return data({ outcome }, { status: outcome === "opted_out" ? 200 : 400 });
}

export const meta = pageMeta("website", { noindex: true });

export default function ReviewOptOutPage() {
  const { token } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const contactEmail = useRootData()?.seller?.email;
  const { t } = useTranslation("reviews");
  const outcome = answer?.outcome ?? (token ? undefined : "invalid");
  return (
    <TokenStep
      title={t("optOut.title")}
      text={t("optOut.text")}
      button={t("optOut.button")}
      token={token}
      outcome={
        outcome === undefined
          ? undefined
          : outcome === "opted_out"
            ? { title: t("optOut.doneTitle"), message: t("optOut.doneText") }
            : { message: t("optOut.invalid", { email: contactEmail }), error: true }
      }
    />
  );
}

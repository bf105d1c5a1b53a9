import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { confirmSignup } from "@souls/shop/signups";
import { TokenStep } from "~/components/token-step";
import { db } from "~/lib/db.server";
import { sessionSecrets } from "~/lib/env.server";
import { readForm } from "~/lib/form.server";
import { requirePage } from "~/lib/page.server";
import { pageMeta } from "~/lib/seo";
import { tokenStepPage } from "~/lib/token-step.server";
import { useTranslation } from "~/lib/translations";

export const handle = { i18n: ["common", "subscription"] };

/** The link of a sign-up's confirmation e-mail (double opt-in): it asks, the button confirms. */
export const loader = ({ request }: LoaderFunctionArgs) => tokenStepPage(request, "confirm");

const STATUS = { confirmed: 200, already_confirmed: 200, expired: 410, invalid: 400 } as const;

export async function action({ request }: ActionFunctionArgs) {
  requirePage(request);
  const form = await readForm(request);
  const outcome = await confirmSignup(db, { token: form.get("token"), secret: sessionSecrets });
  return data({ outcome }, { status: STATUS[outcome] });
}

export const meta = pageMeta("website", { noindex: true });

export default function SignupConfirmPage() {
  const { token } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("subscription");
  const outcome = answer?.outcome ?? (token ? undefined : "invalid");
  return (
    <TokenStep
      title={t("confirm.title")}
      text={t("confirm.text")}
      button={t("confirm.button")}
      token={token}
      outcome={
        outcome === undefined
          ? undefined
          : outcome === "confirmed"
            ? { title: t("confirm.doneTitle"), message: t("confirm.doneText") }
            : outcome === "already_confirmed"
              ? { title: t("confirm.doneTitle"), message: t("confirm.already") }
              : { message: t(`confirm.${outcome}`), error: true }
      }
    />
  );
}

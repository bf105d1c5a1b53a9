import { data } from "@remix-run/node";
import { fixedT } from "~/i18n.server";
import { requirePage } from "./page.server";

/**
 * The loader of a page an e-mail's link opens (components/token-step.tsx): its title in the
 * page's language and the link's token, which only the button's post will use. A link without a
 * token is a 400 that says so.
 */
export async function tokenStepPage(request: Request, step: "confirm" | "unsubscribe") {
  const { locale } = requirePage(request);
  const t = await fixedT(locale, "subscription");
  const token = new URL(request.url).searchParams.get("token");
  return data(
    {
      title: t(`${step}.metaTitle`),
      description: t(`${step}.metaDescription`),
      token: token?.slice(0, 200) ?? null,
    },
    { status: token ? 200 : 400 },
  );
}

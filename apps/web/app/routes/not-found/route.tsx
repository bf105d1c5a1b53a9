import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { fixedT } from "~/i18n.server";
import { useLocale } from "~/lib/locale";
import { useTranslation } from "~/lib/translations";
import { isVerificationPath } from "~/lib/verification.server";
import { loadsWords } from "~/lib/words";
import { localeForPath, pathOf } from "~/screens";

export const handle = { i18n: ["common"] };
export const clientLoader = loadsWords(handle);

export async function loader({ request }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  // The verification file is answered by the server entry; everything else here is unknown.
  if (isVerificationPath(pathname)) return data({ title: "" }, { status: 200 });
  // Logged so the owner can spot broken links (the path only: no query, no personal data).
  console.warn(`[404] ${request.method} ${pathname}`);
  const t = await fixedT(localeForPath(pathname), "common");
  return data({ title: `${t("notFound.title")} – SOULS` }, { status: 404 });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title ?? "404" },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  const locale = useLocale();
  const { t } = useTranslation();
  return (
    <main id="main" className="page page--narrow status-page">
      <p className="status-page__code">404</p>
      <h1>{t("notFound.title")}</h1>
      <p>{t("notFound.text")}</p>
      <Link to={pathOf("home", locale)} className="button button--primary">
        {t("notFound.backHome")}
      </Link>
    </main>
  );
}

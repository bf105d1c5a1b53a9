import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { Locale } from "@souls/core/locales";
import { NotFoundContent } from "~/components/not-found";
import { fixedT } from "~/i18n.server";
import { shownCatalogue } from "~/lib/catalogue.server";
import { useLocale } from "~/lib/locale";
import { notFoundData } from "~/lib/not-found.server";
import { isVerificationPath } from "~/lib/verification.server";
import { localeForPath } from "~/screens";

export const handle = { i18n: ["common"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const { pathname } = new URL(request.url);
  // The verification file is answered by the server entry; everything else here is unknown.
  if (isVerificationPath(pathname)) return data({ title: "", collection: [] }, { status: 200 });
  // Logged so the owner can spot broken links (the path only: no query, no personal data).
  console.warn(`[404] ${request.method} ${pathname}`);
  const locale = localeForPath(pathname);
  const t = await fixedT(locale, "common");
  return data(
    { title: `${t("notFound.title")} – SOULS`, collection: await collectionFor(locale) },
    { status: 404 },
  );
}

/** The home page's models, so a wrong address still leads somewhere; none if the database is away. */
async function collectionFor(locale: Locale) {
  const catalogue = await shownCatalogue().catch(() => null);
  return notFoundData(catalogue, locale).collection;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title ?? "404" },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  const locale = useLocale();
  const { collection } = useLoaderData<typeof loader>();
  return <NotFoundContent locale={locale} collection={collection} />;
}

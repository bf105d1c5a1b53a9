import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { copy } from "@souls/core/admin-copy";
import { AdminShell, adminLinks, adminMeta } from "~/components/admin/admin-shell";
import { errorMessage } from "~/components/admin/notify";
import { requireAdmin } from "~/lib/admin-session.server";
import { env } from "~/lib/env.server";
import { isAdminClientError, trpc } from "~/lib/trpc";
import { ADMIN_PAGES } from "~/screens";
import { ModelForm } from "./model-form";

const TEXT = copy.editor;

/** The owner's session first; a model's id is a database id, anything else is no page. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = Number(params.id);
  if (!/^\d{1,10}$/.test(params.id ?? "") || !Number.isInteger(id) || id < 1 || id > 2_147_483_647) {
    throw new Response("Not Found", { status: 404, headers: { "Cache-Control": "no-store" } });
  }
  // Full addresses are shown with the shop's public origin, never the request's Host.
  return { id, siteUrl: env.siteUrl };
}

export const meta = adminMeta(TEXT.metaTitle);

export const links = adminLinks;

export default function AdminCatalogueModelPage() {
  const { id, siteUrl } = useLoaderData<typeof loader>();
  return (
    <AdminShell title={copy.catalogue.title}>
      {/* A new model remounts the editor: no draft of another model's words is kept. */}
      <ModelEditor key={id} id={id} siteUrl={siteUrl} />
    </AdminShell>
  );
}

/**
 * One model in full: its publication, its record (name, reference, series, price), its words and
 * address in each language, its photos, its sale and its history. Everything she types is kept
 * in one draft and saved by one « Enregistrer » (the photos themselves, their order and sale
 * have their own buttons).
 */
function ModelEditor({ id, siteUrl }: { id: number; siteUrl: string }) {
  const detail = trpc.catalogue.detail.useQuery({ id });
  const photos = trpc.photos.list.useQuery({ productId: id });
  const back = (
    <p>
      <Link to={ADMIN_PAGES.catalogue} className="text-link">
        <span aria-hidden="true">← </span>
        {TEXT.back}
      </Link>
    </p>
  );
  if (detail.isPending || photos.isPending) {
    return (
      <div className="admin-stack">
        {back}
        <p role="status">{TEXT.loading}</p>
      </div>
    );
  }
  if (detail.isError || photos.isError) {
    const error = detail.error ?? photos.error;
    const missing = isAdminClientError(error) && error.data?.code === "NOT_FOUND";
    return (
      <div className="admin-stack">
        {back}
        <div role="alert" className="form-error">
          <p className="notice__title">{TEXT.loadError}</p>
          <p>{missing ? TEXT.notFound : errorMessage(error)}</p>
        </div>
      </div>
    );
  }
  return <ModelForm detail={detail.data} photos={photos.data.photos} siteUrl={siteUrl} back={back} />;
}

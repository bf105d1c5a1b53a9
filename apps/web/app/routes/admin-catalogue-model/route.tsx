import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { copy } from "@souls/api/admin-words";
import { AdminShell, adminLinks, adminMeta } from "~/components/admin/admin-shell";
import { errorMessage } from "~/components/admin/notify";
import { requireAdmin } from "~/lib/admin-session.server";
import { env } from "~/lib/env.server";
import { readForm } from "~/lib/form.server";
import { ownerApi } from "~/lib/owner-api.server";
import { isAdminClientError, trpc } from "~/lib/trpc";
import { ADMIN_PAGES, catalogueModelPath } from "~/screens";
import { draftFromForm, saveFromForm } from "./model.server";
import { type GalleryPhoto, saveInputOf } from "./model-draft";
import { ModelForm } from "./model-form";
import type { ModelDetail } from "./types";

const TEXT = copy.editor;

function modelId(param: string | undefined): number {
  const id = Number(param);
  if (!/^\d{1,10}$/.test(param ?? "") || !Number.isInteger(id) || id < 1 || id > 2_147_483_647) {
    throw new Response("Not Found", { status: 404, headers: { "Cache-Control": "no-store" } });
  }
  return id;
}

/** The model as stored, for the page's first render (without JavaScript, the only one). */
async function storedModel(api: Awaited<ReturnType<typeof ownerApi>>, id: number) {
  try {
    const [detail, { photos }] = await Promise.all([
      api.catalogue.detail({ id }),
      api.photos.list({ productId: id }),
    ]);
    return { detail: detail as ModelDetail, photos: photos as GalleryPhoto[] };
  } catch {
    // A model gone, or a failure: the page says so as it loads (the editor's own queries).
    return null;
  }
}

/** The owner's session first; a model's id is a database id, anything else is no page. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = modelId(params.id);
  const stored = await storedModel(await ownerApi(request, context), id);
  // Full addresses are shown with the shop's public origin, never the request's Host.
  return { id, siteUrl: env.siteUrl, stored };
}

/**
 * The one « Enregistrer » without JavaScript: the whole form, saved by catalogue.save. Refused,
 * the page comes back with what she typed and each refusal; saved, the page is loaded again.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  // A body that is not a form is a 400 first; then the owner's session, or the login page.
  const form = await readForm(request);
  await requireAdmin(request);
  const id = modelId(params.id);
  const api = await ownerApi(request, context);
  const stored = await storedModel(api, id);
  if (!stored) throw new Response("Not Found", { status: 404, headers: { "Cache-Control": "no-store" } });
  const values = draftFromForm(form, stored.detail, stored.photos);
  const prepared = saveInputOf(id, values, stored.photos);
  if ("priceRefused" in prepared) {
    return data(
      {
        values,
        fieldErrors: { price: [{ key: "admin:editor.priceInvalid", values: {} }] },
        message: copy.errors.common.validation,
      },
      { status: 400 },
    );
  }
  const outcome = await saveFromForm(api, prepared.input, values);
  if (outcome.saved) return redirect(catalogueModelPath(id), 303);
  return data(outcome.returned, { status: outcome.status });
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
  const { stored } = useLoaderData<typeof loader>();
  const returned = useActionData<typeof action>();
  // Rendered at once with the model as stored (the page works without JavaScript), then kept fresh.
  const detail = trpc.catalogue.detail.useQuery(
    { id },
    { initialData: stored?.detail as ModelDetail | undefined },
  );
  const photos = trpc.photos.list.useQuery(
    { productId: id },
    { initialData: stored ? { photos: stored.photos as GalleryPhoto[] } : undefined },
  );
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
  return (
    <ModelForm
      detail={detail.data}
      photos={photos.data.photos}
      siteUrl={siteUrl}
      back={back}
      returned={returned ?? null}
    />
  );
}

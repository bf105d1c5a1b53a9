import { copy, count } from "@souls/api/admin-words";
import { useState } from "react";
import { AdminShell, adminLinks, adminMeta } from "~/components/admin/admin-shell";
import { errorMessage } from "~/components/admin/notify";
import { adminPageLoader } from "~/lib/admin-session.server";
import { trpc } from "~/lib/trpc";
import { NewModelDialog } from "./new-model-dialog";
import { type SeriesDraftOf, SeriesFormDialog } from "./series-form-dialog";
import { SeriesSection, UnsortedSection } from "./series-section";

const TEXT = copy.catalogue;

export const loader = adminPageLoader;

export const meta = adminMeta(TEXT.metaTitle);

export const links = adminLinks;

export default function AdminCataloguePage() {
  return (
    <AdminShell title={TEXT.title}>
      <CatalogueScreen />
    </AdminShell>
  );
}

/** « Catalogue »: every series with its models in the shop's order, and what to do with them. */
function CatalogueScreen() {
  const list = trpc.catalogue.list.useQuery();
  const [creatingModel, setCreatingModel] = useState(false);
  const [editingSeries, setEditingSeries] = useState<SeriesDraftOf | "new" | null>(null);

  const data = list.data;
  return (
    <div className="admin-stack">
      <p className="admin-muted">{TEXT.intro}</p>
      <div className="admin-toolbar">
        <button
          type="button"
          className="button button--primary button--small"
          onClick={() => setCreatingModel(true)}
        >
          {TEXT.newModel}
        </button>
        <button
          type="button"
          className="button button--outline button--small"
          onClick={() => setEditingSeries("new")}
        >
          {TEXT.newSeries}
        </button>
        {data ? (
          <p className="admin-toolbar__links admin-muted">
            {count(data.counts.models, TEXT.modelsCount, { max: data.limits.models })},{" "}
            {count(data.counts.series, TEXT.seriesCount, { max: data.limits.series })}
          </p>
        ) : null}
      </div>

      {list.isPending ? (
        <p role="status">{TEXT.loading}</p>
      ) : list.isError ? (
        <div role="alert" className="form-error">
          <p className="notice__title">{TEXT.loadError}</p>
          <p>{errorMessage(list.error)}</p>
        </div>
      ) : data ? (
        <>
          {data.series.map((series) => (
            <SeriesSection key={series.id} series={series} onEdit={() => setEditingSeries(series)} />
          ))}
          {data.unsorted.length > 0 ? <UnsortedSection models={data.unsorted} /> : null}
        </>
      ) : null}

      <NewModelDialog
        open={creatingModel}
        onClose={() => setCreatingModel(false)}
        series={data?.series ?? []}
      />
      <SeriesFormDialog series={editingSeries} onClose={() => setEditingSeries(null)} />
    </div>
  );
}

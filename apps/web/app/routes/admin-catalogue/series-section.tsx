import { Link } from "@remix-run/react";
import { copy, count } from "@souls/api/admin-words";
import { formatDateTime } from "@souls/core/format";
import { fill } from "@souls/core/placeholders";
import { useId, useState } from "react";
import { BusyButton } from "~/components/admin/busy-button";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { formatCents } from "~/components/admin/format";
import { notifyFailure, notifySuccess } from "~/components/admin/notify";
import { Badge, ModelStatusBadge } from "~/components/admin/status-badge";
import { type RouterOutputs, trpc } from "~/lib/trpc";
import { catalogueModelPath } from "~/screens";
import { SeriesPicture } from "./series-picture";

const TEXT = copy.catalogue;

type Series = RouterOutputs["catalogue"]["list"]["series"][number];
type Model = Series["models"][number];

/** One series: its words, whether the home page shows it, and its models in the shop's order. */
export function SeriesSection({ series, onEdit }: { series: Series; onEdit: () => void }) {
  const headingId = useId();
  const [deleting, setDeleting] = useState(false);
  const feature = trpc.catalogue.featureSeries.useMutation({
    onSuccess: () => notifySuccess(TEXT.featuredDone, fill(TEXT.featuredDoneText, { title: series.titleFr })),
    onError: (error) => notifyFailure(TEXT.actionFailed, error),
  });
  const remove = trpc.catalogue.deleteSeries.useMutation({
    onSuccess: () => {
      notifySuccess(TEXT.seriesDeleted, series.titleFr);
      setDeleting(false);
    },
    onError: (error) => {
      setDeleting(false);
      notifyFailure(TEXT.actionFailed, error);
    },
  });
  const move = useMove();

  return (
    <section className="admin-panel admin-series" aria-labelledby={headingId}>
      <header className="admin-series__header">
        <div>
          <h2 id={headingId} className="admin-panel__title">
            {series.titleFr}
          </h2>
          <p className="admin-muted" lang="en">
            {series.titleEn}
          </p>
          {series.subtitleFr ? <p className="admin-series__subtitle">{series.subtitleFr}</p> : null}
          {series.opensAt && new Date(series.opensAt).getTime() > Date.now() ? (
            <p className="admin-muted">
              {fill(TEXT.opensOn, { date: formatDateTime(series.opensAt, "fr", "short") })}
              {series.earlyAccessMinutes > 0
                ? ` · ${fill(TEXT.earlyAccessOn, {
                    date: formatDateTime(
                      new Date(new Date(series.opensAt).getTime() - series.earlyAccessMinutes * 60_000),
                      "fr",
                      "short",
                    ),
                  })}`
                : null}
            </p>
          ) : null}
        </div>
        <div className="admin-actions admin-actions--row">
          {series.featured ? (
            <Badge tone="ok">
              {TEXT.featured}
              <span className="visually-hidden"> : {TEXT.featuredHint}</span>
            </Badge>
          ) : (
            <BusyButton
              type="button"
              className="button button--outline button--small"
              aria-label={fill(TEXT.featureLabel, { title: series.titleFr })}
              busy={feature.isPending}
              busyLabel={TEXT.featuring}
              onClick={() => feature.mutate({ id: series.id })}
            >
              {TEXT.feature}
            </BusyButton>
          )}
          <button
            type="button"
            className="button button--outline button--small"
            aria-label={fill(TEXT.editSeriesLabel, { title: series.titleFr })}
            onClick={onEdit}
          >
            {TEXT.editSeries}
          </button>
          {series.models.length === 0 && !series.featured ? (
            <button
              type="button"
              className="button button--outline button--small"
              aria-label={fill(TEXT.deleteSeriesLabel, { title: series.titleFr })}
              onClick={() => setDeleting(true)}
            >
              {TEXT.deleteSeries}
            </button>
          ) : null}
        </div>
      </header>
      <SeriesPicture series={series} />
      {series.models.length === 0 ? (
        <p className="admin-muted">{TEXT.emptySeries}</p>
      ) : (
        <ModelList
          label={fill(TEXT.models, { title: series.titleFr })}
          models={series.models}
          onMove={(model, place) => {
            if (!move.isPending) move.mutate({ id: model.id, seriesId: series.id, position: place });
          }}
        />
      )}
      <ConfirmDialog
        open={deleting}
        title={TEXT.deleteSeriesTitle}
        question={fill(TEXT.deleteSeriesQuestion, { title: series.titleFr })}
        note={TEXT.deleteSeriesNote}
        confirmLabel={TEXT.deleteSeries}
        busy={remove.isPending}
        busyLabel={copy.orders.processing}
        onConfirm={() => {
          if (!remove.isPending) remove.mutate({ id: series.id });
        }}
        onClose={() => setDeleting(false)}
      />
    </section>
  );
}

/** Models in no series: drafts the stock page added before the catalogue (publishing needs one). */
export function UnsortedSection({ models }: { models: Model[] }) {
  const headingId = useId();
  return (
    <section className="admin-panel admin-series" aria-labelledby={headingId}>
      <h2 id={headingId} className="admin-panel__title">
        {TEXT.unsorted}
      </h2>
      <p className="admin-muted">{TEXT.unsortedHint}</p>
      <ModelList label={TEXT.unsorted} models={models} />
    </section>
  );
}

function useMove() {
  return trpc.catalogue.moveModel.useMutation({
    onSuccess: () => notifySuccess(TEXT.moved),
    onError: (error) => notifyFailure(TEXT.moveFailed, error),
  });
}

function ModelList({
  label,
  models,
  onMove,
}: {
  label: string;
  models: Model[];
  /** Absent for models in no series: they have no order. */
  onMove?: (model: Model, place: number) => void;
}) {
  return (
    <ol className="admin-models" aria-label={label}>
      {models.map((model, index) => (
        <ModelCard
          key={model.id}
          model={model}
          up={onMove && index > 0 ? () => onMove(model, index) : undefined}
          down={onMove && index < models.length - 1 ? () => onMove(model, index + 2) : undefined}
          ordered={onMove !== undefined}
        />
      ))}
    </ol>
  );
}

/** A model at a glance: status, price, pieces, photos, what is missing; its editor one tap away. */
function ModelCard({
  model,
  up,
  down,
  ordered,
}: {
  model: Model;
  up?: () => void;
  down?: () => void;
  ordered: boolean;
}) {
  return (
    <li className="admin-model">
      <div className="admin-model__main">
        <p className="admin-model__name">
          <Link
            to={catalogueModelPath(model.id)}
            className="text-link"
            aria-label={fill(TEXT.openLabel, { name: model.name })}
          >
            {model.name}
          </Link>{" "}
          <span className="admin-muted admin-mono">{model.reference}</span>
        </p>
        <div className="admin-badges">
          <ModelStatusBadge status={model.status} />
          {model.missing === 0 ? (
            <Badge tone="ok">{TEXT.complete}</Badge>
          ) : (
            <Badge tone="todo">{count(model.missing, TEXT.missing)}</Badge>
          )}
          {model.onSale ? <Badge tone="info">{TEXT.onSale}</Badge> : null}
        </div>
        <p className="admin-model__facts">
          {formatCents(model.priceCents)} · {count(model.stock, TEXT.stock)} ·{" "}
          {count(model.photos, TEXT.photos)}
        </p>
      </div>
      {ordered ? (
        // aria-disabled, not disabled: the button keeps the focus of a model just moved to an end.
        <div className="admin-model__order">
          <button
            type="button"
            className="admin-icon-button"
            aria-label={fill(TEXT.moveUpLabel, { name: model.name })}
            aria-disabled={up ? undefined : true}
            onClick={up}
          >
            <span aria-hidden="true">↑</span>
          </button>
          <button
            type="button"
            className="admin-icon-button"
            aria-label={fill(TEXT.moveDownLabel, { name: model.name })}
            aria-disabled={down ? undefined : true}
            onClick={down}
          >
            <span aria-hidden="true">↓</span>
          </button>
        </div>
      ) : null}
    </li>
  );
}

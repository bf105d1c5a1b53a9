import { Link, useSearchParams } from "@remix-run/react";
import { copy } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { useState } from "react";
import { AdminShell, adminLinks, adminMeta } from "~/components/admin/admin-shell";
import { BusyButton } from "~/components/admin/busy-button";
import { formatDateTime } from "~/components/admin/format";
import { errorMessage, notifyFailure } from "~/components/admin/notify";
import { adminPageLoader } from "~/lib/admin-session.server";
import { trpc } from "~/lib/trpc";
import { ADMIN_PAGES } from "~/screens";
import { AnnouncementEditor, AnnouncementStatusBadge } from "./announcement-editor";

const TEXT = copy.announcements;

export const loader = adminPageLoader;

export const meta = adminMeta(TEXT.metaTitle);

export const links = adminLinks;

export default function AdminAnnouncementsPage() {
  return (
    <AdminShell title={TEXT.title}>
      <AnnouncementsScreen />
    </AdminShell>
  );
}

/** The open announcement is in the address (`?annonce=12`): a reload or the back button keeps it. */
function AnnouncementsScreen() {
  const [params] = useSearchParams();
  const open = Number(params.get("annonce"));
  if (Number.isInteger(open) && open > 0) {
    return (
      <div className="admin-stack">
        <p>
          <Link to={ADMIN_PAGES.announcements}>{TEXT.back}</Link>
        </p>
        <AnnouncementEditor id={open} />
      </div>
    );
  }
  return <AnnouncementList />;
}

/**
 * « Annonces »: a new announcement drafted from a series, and those already made with where their
 * sending stands.
 */
function AnnouncementList() {
  const [, setParams] = useSearchParams();
  const list = trpc.announcements.list.useQuery();
  const [seriesId, setSeriesId] = useState("");
  const draft = trpc.announcements.draft.useMutation({
    onSuccess: ({ id }) => setParams({ annonce: String(id) }),
    onError: (error) => notifyFailure(TEXT.create, error),
  });
  if (list.isPending) return <p role="status">{TEXT.loading}</p>;
  if (list.isError) {
    return (
      <p role="alert" className="form-error">
        {TEXT.loadError} : {errorMessage(list.error)}
      </p>
    );
  }
  const { announcements, series } = list.data;
  const chosen = seriesId || (series[0] ? String(series[0].id) : "");
  return (
    <div className="admin-stack">
      <p className="admin-muted">{TEXT.intro}</p>
      <section className="admin-panel" aria-labelledby="announcement-new">
        <h2 id="announcement-new">{TEXT.newTitle}</h2>
        {series.length === 0 ? (
          <p className="admin-empty">{TEXT.noSeries}</p>
        ) : (
          <form
            className="admin-toolbar"
            onSubmit={(event) => {
              event.preventDefault();
              draft.mutate({ seriesId: Number(chosen) });
            }}
          >
            <div className="field">
              <label htmlFor="announcement-series">{TEXT.series}</label>
              <select
                id="announcement-series"
                value={chosen}
                onChange={(event) => setSeriesId(event.target.value)}
              >
                {series.map((one) => (
                  <option key={one.id} value={one.id}>
                    {one.titleFr}
                    {one.opensAt ? ` — ${formatDateTime(one.opensAt)}` : ""}
                  </option>
                ))}
              </select>
            </div>
            <BusyButton type="submit" className="button button--primary" busy={draft.isPending}>
              {TEXT.create}
            </BusyButton>
          </form>
        )}
      </section>
      <section className="admin-stack" aria-labelledby="announcement-list">
        <h2 id="announcement-list">{TEXT.listTitle}</h2>
        {announcements.length === 0 ? <p className="admin-empty">{TEXT.empty}</p> : null}
        <ul className="admin-announcements">
          {announcements.map((announcement) => (
            <li key={announcement.id} className="admin-panel admin-announcements__item">
              <Link
                to={`${ADMIN_PAGES.announcements}?annonce=${announcement.id}`}
                aria-label={fill(TEXT.open, { title: announcement.content.fr.title })}
              >
                {announcement.content.fr.title}
              </Link>
              <AnnouncementStatusBadge status={announcement.status} />
              {announcement.status === "scheduled" && announcement.scheduledAt ? (
                <span className="admin-muted">
                  {fill(TEXT.scheduledFor, { date: formatDateTime(announcement.scheduledAt) })}
                </span>
              ) : null}
              {announcement.counts.total > 0 ? (
                <span className="admin-muted">
                  {TEXT.counts.sent} : {announcement.counts.sent} / {announcement.counts.total}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

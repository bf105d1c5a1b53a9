import { Link, useSearchParams } from "@remix-run/react";
import { copy } from "@souls/api/admin-words";
import { photoThumbnailPath } from "@souls/core/photos";
import { fill } from "@souls/core/placeholders";
import { AdminShell, adminLinks, adminMeta } from "~/components/admin/admin-shell";
import { errorMessage } from "~/components/admin/notify";
import { adminPageLoader } from "~/lib/admin-session.server";
import { trpc } from "~/lib/trpc";
import { ADMIN_PAGES } from "~/screens";
import { ArticleEditor, ArticleStatusBadge, NewArticle } from "./article-editor";

const TEXT = copy.magazine;

export const loader = adminPageLoader;

export const meta = adminMeta(TEXT.metaTitle);

export const links = adminLinks;

export default function AdminMagazinePage() {
  return (
    <AdminShell title={TEXT.title}>
      <MagazineScreen />
    </AdminShell>
  );
}

/** The open article is in the address (`?article=12`, `?article=nouveau`): a reload keeps it. */
function MagazineScreen() {
  const [params] = useSearchParams();
  const open = params.get("article");
  if (open !== null) {
    const id = Number(open);
    return (
      <div className="admin-stack">
        <p>
          <Link to={ADMIN_PAGES.magazine}>{TEXT.back}</Link>
        </p>
        {Number.isInteger(id) && id > 0 ? <ArticleEditor id={id} /> : <NewArticle />}
      </div>
    );
  }
  return <ArticleList />;
}

/** « Magazine »: her articles, each with where it stands, and a new one. */
function ArticleList() {
  const list = trpc.magazine.list.useQuery();
  if (list.isPending) return <p role="status">{TEXT.loading}</p>;
  if (list.isError) {
    return (
      <p role="alert" className="form-error">
        {TEXT.loadError} : {errorMessage(list.error)}
      </p>
    );
  }
  return (
    <div className="admin-stack">
      <p className="admin-muted">{TEXT.intro}</p>
      <p>
        <Link to={`${ADMIN_PAGES.magazine}?article=nouveau`} className="button button--primary">
          {TEXT.create}
        </Link>
      </p>
      <section className="admin-stack" aria-labelledby="article-list">
        <h2 id="article-list">{TEXT.listTitle}</h2>
        {list.data.length === 0 ? <p className="admin-empty">{TEXT.empty}</p> : null}
        <ul className="admin-announcements">
          {list.data.map((article) => (
            <li key={article.id} className="admin-panel admin-announcements__item">
              {article.cover ? (
                <img
                  className="admin-article__thumb"
                  src={photoThumbnailPath(article.cover)}
                  alt=""
                  width={96}
                  height={Math.round((96 * article.cover.height) / article.cover.width)}
                  loading="lazy"
                />
              ) : null}
              <Link
                to={`${ADMIN_PAGES.magazine}?article=${article.id}`}
                aria-label={fill(TEXT.open, { title: article.title.fr })}
              >
                {article.title.fr}
              </Link>
              <ArticleStatusBadge status={article.status} publishAt={article.publishAt} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

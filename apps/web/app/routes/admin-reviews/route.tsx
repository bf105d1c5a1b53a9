import { copy, count } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { REVIEW_RULES, REVIEW_STATUSES, type ReviewStatus } from "@souls/core/reviews";
import { keepPreviousData } from "@tanstack/react-query";
import { useState } from "react";
import { AdminShell, adminLinks, adminMeta } from "~/components/admin/admin-shell";
import { errorMessage } from "~/components/admin/notify";
import { Pagination } from "~/components/admin/pagination";
import { useDebouncedValue } from "~/components/admin/use-debounced-value";
import { adminPageLoader } from "~/lib/admin-session.server";
import { trpc } from "~/lib/trpc";
import { ReviewCard } from "./review-card";

const TEXT = copy.reviews;

export const loader = adminPageLoader;

export const meta = adminMeta(TEXT.metaTitle);

export const links = adminLinks;

export default function AdminReviewsPage() {
  return (
    <AdminShell title={TEXT.title}>
      <ReviewsScreen />
    </AdminShell>
  );
}

/**
 * « Avis clients »: the reviews waiting for the owner first, then those published or refused; she
 * publishes, answers, refuses for a published reason or deletes at the author's request — never
 * edits. A search finds a buyer's review by her e-mail (a deletion request).
 */
function ReviewsScreen() {
  const [status, setStatus] = useState<ReviewStatus>("pending");
  const [searchInput, setSearchInput] = useState("");
  const search = useDebouncedValue(searchInput.trim());
  const [page, setPage] = useState(1);
  const list = trpc.reviews.list.useQuery(
    // A search looks through every status: a deletion request names a buyer, not a state.
    { status: search ? undefined : status, search: search || undefined, page },
    { placeholderData: keepPreviousData },
  );
  const data = list.data;
  return (
    <div className="admin-stack">
      <div className="admin-reviews__rules">
        <p>{TEXT.rules}</p>
        <p className="admin-muted">{fill(TEXT.autoPublication, { days: REVIEW_RULES.publicationDays })}</p>
      </div>

      <search className="admin-filters admin-filters--reviews" aria-label={TEXT.filters}>
        <fieldset className="admin-segmented">
          <legend className="visually-hidden">{TEXT.show}</legend>
          {REVIEW_STATUSES.map((code) => (
            <button
              key={code}
              type="button"
              className="admin-segmented__button"
              aria-pressed={!search && status === code}
              onClick={() => {
                setStatus(code);
                setSearchInput("");
                setPage(1);
              }}
            >
              {fill(TEXT.tabs[code], { n: data?.counts[code] ?? 0 })}
            </button>
          ))}
        </fieldset>
        <div className="field admin-filters__search">
          <label htmlFor="reviews-search">{TEXT.search}</label>
          <input
            id="reviews-search"
            type="search"
            value={searchInput}
            maxLength={100}
            placeholder={TEXT.searchPlaceholder}
            aria-describedby="reviews-search-hint"
            autoComplete="off"
            onChange={(event) => {
              setSearchInput(event.target.value);
              setPage(1);
            }}
          />
          <p id="reviews-search-hint" className="field__hint">
            {TEXT.searchHint}
          </p>
        </div>
      </search>

      <div role="status" className="admin-status">
        {list.isPending ? (
          <p>{TEXT.loading}</p>
        ) : list.isError ? null : (
          <p className="admin-muted">{count(data?.total ?? 0, TEXT.count)}</p>
        )}
      </div>
      {list.isError ? (
        <p role="alert" className="form-error">
          {TEXT.loadError} : {errorMessage(list.error)}
        </p>
      ) : null}
      {data && data.reviews.length === 0 ? (
        <p className="admin-empty">{search ? TEXT.empty.search : TEXT.empty[status]}</p>
      ) : null}
      {data && data.reviews.length > 0 ? (
        <ul className="admin-reviews" aria-busy={list.isPlaceholderData || undefined}>
          {data.reviews.map((review) => (
            // A new version of the buyer's words is a new card: nothing typed about the old one stays.
            <li key={`${review.id}-${review.saves}`}>
              <ReviewCard review={review} />
            </li>
          ))}
        </ul>
      ) : null}
      {data ? (
        <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
      ) : null}
    </div>
  );
}

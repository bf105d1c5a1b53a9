import { copy, count } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { SIGNUP_LISTS, type SignupList } from "@souls/core/signups";
import { keepPreviousData } from "@tanstack/react-query";
import { useState } from "react";
import { AdminShell, adminLinks, adminMeta } from "~/components/admin/admin-shell";
import { KeysetPagination } from "~/components/admin/keyset-pagination";
import { SearchFilter, SelectFilter } from "~/components/admin/list-filters";
import { errorMessage } from "~/components/admin/notify";
import { TableWrap } from "~/components/admin/table-wrap";
import { useDebouncedValue } from "~/components/admin/use-debounced-value";
import { adminPageLoader } from "~/lib/admin-session.server";
import { trpc } from "~/lib/trpc";
import { SIGNUPS_EXPORT_PATH } from "~/screens";
import { SignupsTable } from "./signups-table";

const TEXT = copy.signups;
const LISTS = Object.keys(SIGNUP_LISTS) as SignupList[];

export const loader = adminPageLoader;

export const meta = adminMeta(TEXT.metaTitle);

export const links = adminLinks;

export default function AdminSignupsPage() {
  return (
    <AdminShell title={TEXT.title}>
      <SignupsScreen />
    </AdminShell>
  );
}

/**
 * « Inscriptions »: the newsletter, early-notice and back-in-stock lists, searched, exported
 * (confirmed addresses with their proof of consent), an address deleted at its owner's request.
 */
function SignupsScreen() {
  const [list, setList] = useState<SignupList | "">("");
  const [searchInput, setSearchInput] = useState("");
  const typed = useDebouncedValue(searchInput.trim());
  const search = typed.length >= 3 ? typed : "";
  const [page, setPage] = useState<{ after: string } | { before: string } | null>(null);
  const signups = trpc.signups.list.useQuery(
    { list: list || undefined, search: search || undefined, ...(page ?? {}) },
    { placeholderData: keepPreviousData },
  );
  const data = signups.data;
  const exportHref = list ? `${SIGNUPS_EXPORT_PATH}?list=${list}` : SIGNUPS_EXPORT_PATH;
  return (
    <div className="admin-stack">
      <p className="admin-muted">{TEXT.intro}</p>
      <search className="admin-filters" aria-label={TEXT.filters}>
        <SelectFilter
          id="signups-list"
          label={TEXT.list}
          value={list}
          allLabel={TEXT.allLists}
          options={LISTS.map((code) => ({ code, label: TEXT.lists[code] }))}
          onChange={(value) => {
            setList(value);
            setPage(null);
          }}
        />
        <SearchFilter
          id="signups-search"
          label={TEXT.search}
          hint={TEXT.searchHint}
          value={searchInput}
          onChange={(value) => {
            setSearchInput(value);
            setPage(null);
          }}
        />
      </search>

      <div className="admin-toolbar">
        <a className="button button--outline button--small" href={exportHref} download>
          {TEXT.export}
        </a>
        <p className="admin-hint">{TEXT.exportHint}</p>
      </div>

      <div role="status" className="admin-status">
        {signups.isPending ? (
          <p>{TEXT.loading}</p>
        ) : data ? (
          <p className="admin-muted">
            {data.count.capped
              ? fill(TEXT.countCapped, { n: data.count.n })
              : count(data.count.n, TEXT.count)}
          </p>
        ) : null}
      </div>
      {signups.isError ? (
        <p role="alert" className="form-error">
          {TEXT.loadError} : {errorMessage(signups.error)}
        </p>
      ) : null}
      {data && data.signups.length === 0 ? <p className="admin-empty">{TEXT.empty}</p> : null}
      {data && data.signups.length > 0 ? (
        <TableWrap stale={signups.isPlaceholderData || typed !== searchInput.trim()}>
          <SignupsTable signups={data.signups} />
        </TableWrap>
      ) : null}
      {data ? (
        <KeysetPagination
          label={TEXT.pages}
          newer={data.newer}
          older={data.older}
          newerLabel={TEXT.newer}
          olderLabel={TEXT.older}
          onPage={setPage}
        />
      ) : null}
    </div>
  );
}

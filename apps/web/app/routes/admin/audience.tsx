import { copy, count } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { DailyFiguresTable, dayOf } from "~/components/admin/daily-figures";
import { errorMessage } from "~/components/admin/notify";
import { type RouterOutputs, trpc } from "~/lib/trpc";

const TEXT = copy.dashboard.audience;
type Board = RouterOutputs["dashboard"]["audience"];

const WIDTH = 900;
const HEIGHT = 180;
/** The sources' words for what is not a site: no referrer (« Accès direct »), past the cap (« Autres »). */
const OTHER = "(autre)";

/**
 * The shop's audience on the owner's home page (decision 047): visits and page views of the last
 * 30 days (bars and a line, with the same figures as a table), today's sources, and the path from a
 * model's page to a paid order per model and source. Counts only: nothing here names a visitor.
 */
export function Audience() {
  const board = trpc.dashboard.audience.useQuery(undefined, { refetchOnMount: "always" });
  return (
    <section aria-labelledby="dashboard-audience" className="admin-panel admin-audience">
      <h2 id="dashboard-audience">{TEXT.title}</h2>
      <p className="admin-muted">{TEXT.intro}</p>
      {board.isPending ? (
        <p role="status" className="admin-muted">
          {copy.dashboard.loading}
        </p>
      ) : board.isError ? (
        <p role="alert" className="form-error">
          {copy.dashboard.loadError} : {errorMessage(board.error)}
        </p>
      ) : (
        <>
          <VisitsChart days={board.data.days} />
          <Sources sources={board.data.sources} />
          <Funnel funnel={board.data.funnel} />
        </>
      )}
    </section>
  );
}

function VisitsChart({ days }: { days: Board["days"] }) {
  const highest = Math.max(1, ...days.map((day) => Math.max(day.views, day.visits)));
  const slot = WIDTH / Math.max(1, days.length);
  const y = (n: number) => HEIGHT - (n / highest) * (HEIGHT - 4);
  const visits = days.reduce((sum, day) => sum + day.visits, 0);
  const views = days.reduce((sum, day) => sum + day.views, 0);
  const line = days.map((day, index) => `${index * slot + slot / 2},${y(day.views)}`).join(" ");
  const first = days[0]?.day ?? "";
  const last = days.at(-1)?.day ?? "";
  return (
    <>
      <figure className="admin-chart">
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          aria-hidden="true"
          focusable="false"
        >
          <line x1="0" y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className="admin-chart__axis" />
          {days.map((day, index) => (
            <rect
              key={day.day}
              x={index * slot + slot * 0.15}
              y={y(day.visits)}
              width={slot * 0.7}
              height={HEIGHT - y(day.visits)}
              className="admin-chart__bar"
            />
          ))}
          <polyline points={line} className="admin-chart__line" vectorEffect="non-scaling-stroke" />
        </svg>
        <figcaption>
          <span className="admin-chart__legend">
            <span className="admin-chart__key admin-chart__key--bar">{TEXT.legendVisits}</span>
            <span className="admin-chart__key admin-chart__key--line">{TEXT.legendViews}</span>
          </span>
          {fill(TEXT.summary, {
            visits: count(visits, TEXT.visits),
            views: count(views, TEXT.views),
            from: first ? dayOf(first) : "",
            to: last ? dayOf(last) : "",
          })}
        </figcaption>
      </figure>
      <DailyFiguresTable
        summary={TEXT.table}
        caption={TEXT.title}
        dayHeader={TEXT.day}
        columns={[
          { header: TEXT.visitsColumn, value: (day) => day.visits },
          { header: TEXT.viewsColumn, value: (day) => day.views },
        ]}
        days={days}
      />
    </>
  );
}

/** A source's site as the owner reads it. */
function siteOf(host: string, source: Board["sources"][number]): string {
  if (host === OTHER) return TEXT.other;
  if (host) return host;
  return source.utmSource || source.utmMedium || source.utmCampaign ? TEXT.none : TEXT.direct;
}

function Sources({ sources }: { sources: Board["sources"] }) {
  return (
    <>
      <h3 id="dashboard-audience-sources">{TEXT.sourcesTitle}</h3>
      {sources.length === 0 ? (
        <p>{TEXT.noSources}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table" aria-labelledby="dashboard-audience-sources">
            <thead>
              <tr>
                <th scope="col">{TEXT.site}</th>
                <th scope="col">{TEXT.utmSource}</th>
                <th scope="col">{TEXT.utmMedium}</th>
                <th scope="col">{TEXT.utmCampaign}</th>
                <th scope="col" className="admin-table__number">
                  {TEXT.visitsColumn}
                </th>
              </tr>
            </thead>
            <tbody>
              {sources.map((source) => (
                <tr
                  key={`${source.referrerHost}\t${source.utmSource}\t${source.utmMedium}\t${source.utmCampaign}`}
                >
                  <th scope="row" data-label={TEXT.site}>
                    {siteOf(source.referrerHost, source)}
                  </th>
                  <td data-label={TEXT.utmSource}>{source.utmSource || TEXT.none}</td>
                  <td data-label={TEXT.utmMedium}>{source.utmMedium || TEXT.none}</td>
                  <td data-label={TEXT.utmCampaign}>{source.utmCampaign || TEXT.none}</td>
                  <td className="admin-table__number" data-label={TEXT.visitsColumn}>
                    {source.visits}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function Funnel({ funnel }: { funnel: Board["funnel"] }) {
  const sourceName = (source: string) =>
    source === "direct" ? TEXT.direct : source === OTHER ? TEXT.other : source;
  return (
    <>
      <h3 id="dashboard-audience-funnel">{TEXT.funnelTitle}</h3>
      <p className="admin-muted">{TEXT.funnelIntro}</p>
      {funnel.length === 0 ? (
        <p>{TEXT.noFunnel}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table" aria-labelledby="dashboard-audience-funnel">
            <thead>
              <tr>
                <th scope="col">{TEXT.model}</th>
                <th scope="col">{TEXT.source}</th>
                <th scope="col" className="admin-table__number">
                  {TEXT.page}
                </th>
                <th scope="col" className="admin-table__number">
                  {TEXT.cart}
                </th>
                <th scope="col" className="admin-table__number">
                  {TEXT.checkout}
                </th>
                <th scope="col" className="admin-table__number">
                  {TEXT.paid}
                </th>
              </tr>
            </thead>
            <tbody>
              {funnel.map((line) => (
                <tr key={`${line.model}\t${line.source}`}>
                  <th scope="row" data-label={TEXT.model}>
                    {line.model === OTHER ? TEXT.other : line.name}
                  </th>
                  <td data-label={TEXT.source}>{sourceName(line.source)}</td>
                  <td className="admin-table__number" data-label={TEXT.page}>
                    {line.page}
                  </td>
                  <td className="admin-table__number" data-label={TEXT.cart}>
                    {line.cart}
                  </td>
                  <td className="admin-table__number" data-label={TEXT.checkout}>
                    {line.checkout}
                  </td>
                  <td className="admin-table__number" data-label={TEXT.paid}>
                    {line.paid}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

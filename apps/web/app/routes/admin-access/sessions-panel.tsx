import { copy, count } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { BusyButton } from "~/components/admin/busy-button";
import { formatDateTime } from "~/components/admin/format";
import { errorMessage, notifyFailure, notifySuccess } from "~/components/admin/notify";
import { trpc } from "~/lib/trpc";

const TEXT = copy.access;

/** Her sessions: device, network, last seen; each but the current one can be ended, or all at once. */
export function SessionsPanel() {
  const sessions = trpc.access.sessions.useQuery();
  const end = trpc.access.endSession.useMutation({
    onSuccess: () => notifySuccess(TEXT.sessionEnded),
    onError: (error) => notifyFailure(TEXT.failed, error),
  });
  const endOthers = trpc.access.endOtherSessions.useMutation({
    onSuccess: (result) => notifySuccess(count(result.endedSessions, TEXT.othersEnded)),
    onError: (error) => notifyFailure(TEXT.failed, error),
  });
  const lines = sessions.data?.sessions ?? [];
  const others = lines.filter((line) => !line.current).length;
  return (
    <section className="admin-panel" aria-labelledby="access-sessions">
      <h2 id="access-sessions">{TEXT.sessions}</h2>
      <p className="admin-muted">{TEXT.sessionsIntro}</p>
      {sessions.isPending ? <p role="status">{TEXT.loading}</p> : null}
      {sessions.isError ? (
        <p role="alert" className="form-error">
          {errorMessage(sessions.error)}
        </p>
      ) : null}
      {lines.length > 0 ? (
        <table className="admin-table">
          <caption className="visually-hidden">{TEXT.sessions}</caption>
          <thead>
            <tr>
              <th scope="col">{TEXT.device}</th>
              <th scope="col">{TEXT.place}</th>
              <th scope="col">{TEXT.lastSeen}</th>
              <th scope="col">
                <span className="visually-hidden">{TEXT.endSession}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => {
              const device = line.device || TEXT.unknownDevice;
              return (
                <tr key={line.id}>
                  <th scope="row" data-label={TEXT.device}>
                    {device}
                  </th>
                  <td data-label={TEXT.place}>{line.network || TEXT.unknownPlace}</td>
                  <td data-label={TEXT.lastSeen}>
                    <time dateTime={line.lastSeenAt}>{formatDateTime(line.lastSeenAt)}</time>
                  </td>
                  <td data-label={TEXT.endSession}>
                    {line.current ? (
                      <strong>{TEXT.thisSession}</strong>
                    ) : (
                      <BusyButton
                        type="button"
                        className="button button--outline button--small"
                        aria-label={fill(TEXT.endSessionLabel, {
                          device,
                          date: formatDateTime(line.lastSeenAt),
                        })}
                        busy={end.isPending && end.variables?.id === line.id}
                        disabled={end.isPending}
                        onClick={() => end.mutate({ id: line.id })}
                      >
                        {TEXT.endSession}
                      </BusyButton>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      {others > 0 ? (
        <div className="admin-toolbar">
          <BusyButton
            type="button"
            className="button button--outline"
            busy={endOthers.isPending}
            onClick={() => endOthers.mutate()}
          >
            {TEXT.endOthers}
          </BusyButton>
        </div>
      ) : null}
    </section>
  );
}

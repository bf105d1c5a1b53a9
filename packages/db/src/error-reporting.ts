/**
 * Exceptions reported to Sentry (decision 056), by the web server, the worker and the migration:
 * each starts reporting once at its start with its settings, then reports what it catches and
 * cannot answer better (a route's fault, a failed round, a failed migration, an uncaught
 * exception). Without SENTRY_DSN nothing is sent, and `@sentry/node` is not even loaded: it is
 * imported here only when a DSN is set (in the bundles, a chunk of its own read only then).
 *
 * One reporter per process, kept on `globalThis` (error-reports.ts): the web server starts it
 * (server.mjs, this module's bundle) and the Remix build (entry.server.tsx's handleError) reports
 * through it with error-reports.ts alone, which loads nothing.
 *
 * What a report carries: the error, its causes and its stack (with `node --enable-source-maps`,
 * lines of the TypeScript sources), the release (SOULS_VERSION), the service, the request's method
 * and path — and nothing about a person (error-scrubbing.ts, and the SDK told to collect none:
 * `dataCollection`, version 11's `sendDefaultPii: false`).
 */
import { installReporter, reporterInstalled } from "./error-reports";
import { type ReportBreadcrumb, type ReportEvent, scrubBreadcrumb, scrubEvent } from "./error-scrubbing";

export { type ErrorPlace, flushErrorReports, reportError } from "./error-reports";

export interface ErrorReportingSettings {
  SENTRY_DSN?: string | undefined;
  SENTRY_ENVIRONMENT?: string | undefined;
  SOULS_VERSION?: string | undefined;
}

/** A DSN's problem in one line, or undefined when it is one. */
export function dsnProblem(dsn: string): string | undefined {
  try {
    const url = new URL(dsn);
    if (/^https?:$/.test(url.protocol) && url.username && /^\/(?:.*\/)?\d+$/.test(url.pathname))
      return undefined;
  } catch {}
  return "SENTRY_DSN must be a Sentry DSN: https://<key>@<host>/<project>";
}

/**
 * Starts reporting for `service` (web, worker, migrate) when SENTRY_DSN is set; otherwise does
 * nothing and loads nothing. Returns whether reports will be sent. A DSN that is not one is
 * refused (thrown), like any other setting.
 */
export async function startErrorReporting(
  service: string,
  settings: ErrorReportingSettings,
): Promise<boolean> {
  const dsn = settings.SENTRY_DSN;
  if (!dsn) return false;
  const problem = dsnProblem(dsn);
  if (problem) throw new Error(problem);
  if (reporterInstalled()) return true;
  const Sentry = await import("@sentry/node");
  Sentry.init({
    dsn,
    release: settings.SOULS_VERSION || undefined,
    environment: settings.SENTRY_ENVIRONMENT || "production",
    // Errors only: no performance tracing, no profiles, no OpenTelemetry, no module hooks
    // instrumenting libraries.
    tracesSampleRate: undefined,
    enableOpenTelemetrySetup: false,
    enableRuntimeChannelInjection: false,
    // Nothing about a person: what `sendDefaultPii: false` meant before the SDK's version 11,
    // said field by field (v11 collects all of it by default): no user, no cookies, no headers,
    // no bodies, no query, no query's data, no variables nor source lines of a frame.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      graphQL: { document: false, variables: false },
      genAI: { inputs: false, outputs: false },
      mcp: { inputs: false, outputs: false },
      databaseQueryData: false,
      queues: false,
      stackFrameVariables: false,
      frameContextLines: 0,
    },
    includeLocalVariables: false,
    // The SDK's own integrations that only describe the error: its causes, its runtime, no
    // duplicate. No breadcrumbs of the log lines: the logs are read by the request id, and a
    // person's name in free text could not be recognised (error-scrubbing.ts).
    defaultIntegrations: false,
    integrations: [
      Sentry.eventFiltersIntegration(),
      Sentry.functionToStringIntegration(),
      Sentry.linkedErrorsIntegration(),
      Sentry.dedupeIntegration(),
      Sentry.nodeContextIntegration(),
    ],
    maxBreadcrumbs: 30,
    initialScope: { tags: { service } },
    beforeSend: (event) => scrubEvent(event as unknown as ReportEvent) as unknown as typeof event,
    beforeBreadcrumb: (crumb) => scrubBreadcrumb(crumb as ReportBreadcrumb) as typeof crumb,
  });
  installReporter({
    report(error, place) {
      Sentry.withScope((scope) => {
        for (const [name, value] of Object.entries(place?.tags ?? {})) scope.setTag(name, value);
        const request = place?.request;
        if (request) {
          scope.addEventProcessor((event) => {
            event.request = { method: request.method, url: request.url };
            return event;
          });
        }
        Sentry.captureException(error);
      });
    },
    flush: (timeoutMs) => Sentry.flush(timeoutMs),
  });
  return true;
}

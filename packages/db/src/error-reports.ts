/**
 * Reporting an error through the process's reporter, when error-reporting.ts started one
 * (SENTRY_DSN set; decision 056); otherwise nothing happens. This module loads nothing: the
 * Remix build's handleError imports it without bringing the SDK into the web build.
 */

/** Where an error happened: the request being answered, the job being done. */
export interface ErrorPlace {
  /** The request: its method and its path as the logs write it (loggedPath). */
  request?: { method: string; url: string };
  /** Short names, e.g. { job: "round" } or { step: "migrate" }. */
  tags?: Record<string, string>;
}

export interface Reporter {
  report(error: unknown, place?: ErrorPlace): void;
  flush(timeoutMs: number): Promise<boolean>;
}

const KEY = Symbol.for("souls.errorReporter");
type Global = typeof globalThis & { [KEY]?: Reporter };

/** Makes `reporter` the process's, for every copy of this module (the web build has its own). */
export function installReporter(reporter: Reporter): void {
  (globalThis as Global)[KEY] = reporter;
}

export function reporterInstalled(): boolean {
  return (globalThis as Global)[KEY] !== undefined;
}

/** Reports an error when reporting was started; otherwise does nothing. Never throws. */
export function reportError(error: unknown, place?: ErrorPlace): void {
  try {
    (globalThis as Global)[KEY]?.report(error, place);
  } catch {}
}

/** Waits (at most `timeoutMs`) for the reports in flight to be sent: before a process exits. */
export async function flushErrorReports(timeoutMs = 2000): Promise<void> {
  try {
    await (globalThis as Global)[KEY]?.flush(timeoutMs);
  } catch {}
}

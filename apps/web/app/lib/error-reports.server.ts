import { reportError } from "@souls/db/error-reports";
import { loggedPath } from "@souls/db/log";

/**
 * A fault of ours while answering `request`, which the route answers itself (a page saying « try
 * again », a tRPC error): reported to Sentry when it is set up (decision 056) with the request's
 * method and path only, never its query, headers or body.
 */
export function reportRequestError(error: unknown, request: Request, tags: Record<string, string>): void {
  reportError(error, {
    request: { method: request.method, url: loggedPath(new URL(request.url).pathname) },
    tags,
  });
}

import { loggedPath, processLogger } from "@souls/db/log";

/**
 * One log line for each request the shop refuses on purpose (a rate limit, a cross-site embed):
 * method, path, status and reason, never the query string (it may carry a tracking token) nor the
 * client's address. server.mjs writes the same line for what it refuses before the app. In JSON
 * mode (server.mjs's logger) it is a `warn` line, `msg: "refused"`, with the request's id.
 */
export function logRefusal(request: Request, status: number, reason: string): void {
  const { method } = request;
  const path = loggedPath(new URL(request.url).pathname);
  processLogger().warn(
    "refused",
    { method, path, status, reason },
    `[refused] ${method} ${path} ${status} ${reason}`,
  );
}

/**
 * Whether another site's page made this request by embedding ours (an image, a script, a frame, a
 * fetch), as the browser's Fetch Metadata headers say. Top-level navigations (a link in a webmail)
 * and the shop's own requests pass; a client that sends no Fetch Metadata is judged as before.
 */
export function embeddedByAnotherSite(request: Request): boolean {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site === null || site === "same-origin" || site === "none") return false;
  const destination = request.headers.get("Sec-Fetch-Dest");
  return destination !== null && destination !== "document";
}

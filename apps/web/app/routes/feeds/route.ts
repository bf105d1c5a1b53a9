import type { LoaderFunctionArgs } from "@remix-run/node";
import { shownFeeds } from "~/lib/feeds.server";
import { fileNotFound } from "~/lib/named-file.server";
import { FEED_FILES, type FeedFile } from "~/screens";

/**
 * A product feed, `/flux/google-fr.xml`… (decision 046): the text kept for the catalogue as it
 * is (lib/feeds.server.ts), never built for the request. A platform that holds it already gets
 * a 304 (ETag, Last-Modified); another name is a small 404 that reads nothing.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const file = params.file ?? "";
  if (!Object.hasOwn(FEED_FILES, file)) return fileNotFound();
  const feed = (await shownFeeds.feeds())[file as FeedFile];
  const headers = {
    "Content-Type": feed.contentType,
    // Google fetches a feed once a day, Meta once an hour at most: five minutes lets a proxy spare
    // the server a burst, and a sale shows at their next fetch.
    "Cache-Control": "public, max-age=300",
    ETag: feed.etag,
    "Last-Modified": feed.lastModified.toUTCString(),
    "X-Content-Type-Options": "nosniff",
  };
  if (unchangedFor(request, feed)) return new Response(null, { status: 304, headers });
  return new Response(request.method === "HEAD" ? null : feed.body, { headers });
}

/** Whether the client's copy is this text: its ETag, or (without one) a date not before the change. */
function unchangedFor(request: Request, feed: { etag: string; lastModified: Date }): boolean {
  const tags = request.headers.get("If-None-Match");
  if (tags !== null) return tags.split(",").some((tag) => tag.trim().replace(/^W\//, "") === feed.etag);
  const since = Date.parse(request.headers.get("If-Modified-Since") ?? "");
  return Number.isFinite(since) && since >= feed.lastModified.getTime();
}

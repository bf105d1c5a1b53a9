import type { LoaderFunctionArgs } from "@remix-run/node";
import { photoFile } from "@souls/shop/photos";
import { db } from "~/lib/db.server";

/** A file's name says its bytes (the hash of the photo, a width, a format): kept a year anywhere. */
const FOR_A_YEAR = "public, max-age=31536000, immutable";

/** Small and plain, never a page: a missing photo costs no render. A name may exist a minute later. */
function notFound(): Response {
  return new Response("Not Found", {
    status: 404,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=60",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/**
 * A photo's cut, `/photos/<hash>-<width>.<avif|webp|jpg>`, from PostgreSQL (decision 020). A name
 * that is not exactly a photo's is a 404 before any query; a browser holding it already gets a
 * 304. HEAD answers the same headers without the bytes.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const file = await photoFile(db, params["*"] ?? "");
  if (!file) return notFound();
  const headers = {
    "Content-Type": file.contentType,
    "Cache-Control": FOR_A_YEAR,
    ETag: file.etag,
    "X-Content-Type-Options": "nosniff",
  };
  const known = request.headers.get("If-None-Match");
  if (known?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === file.etag)) {
    return new Response(null, { status: 304, headers });
  }
  const body = new Uint8Array(file.bytes.buffer as ArrayBuffer, file.bytes.byteOffset, file.bytes.byteLength);
  return new Response(request.method === "HEAD" ? null : body, {
    headers: { ...headers, "Content-Length": String(file.bytes.byteLength) },
  });
}

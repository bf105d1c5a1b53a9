import type { LoaderFunctionArgs } from "@remix-run/node";
import { parsePhotoFileName, photoContentType } from "@souls/core/photos";
import { photoFile } from "@souls/shop/photos";
import { db } from "~/lib/db.server";
import { keepPhoto, keptPhoto } from "~/lib/photo-cache.server";

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
 * 304 from the name alone (the name says the bytes), and a cut served lately comes from this
 * server's bounded memory (photo-cache.server.ts) — neither touches the database. HEAD answers
 * the same headers without the bytes.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const name = params["*"] ?? "";
  const parsed = parsePhotoFileName(name);
  if (!parsed) return notFound();
  const etag = `"${name}"`;
  const headers = {
    "Content-Type": photoContentType(parsed.format),
    "Cache-Control": FOR_A_YEAR,
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
  };
  const known = request.headers.get("If-None-Match");
  if (known?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
    return new Response(null, { status: 304, headers });
  }
  const file = keptPhoto(name) ?? (await photoFile(db, name));
  if (!file) return notFound();
  keepPhoto(name, file);
  const body = new Uint8Array(file.bytes.buffer as ArrayBuffer, file.bytes.byteOffset, file.bytes.byteLength);
  return new Response(request.method === "HEAD" ? null : body, {
    headers: { ...headers, "Content-Length": String(file.bytes.byteLength) },
  });
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { guaranteeNoticeFile, isNoticeFileName } from "@souls/shop/guarantee-notice";
import { db } from "~/lib/db.server";

/** A file's name says its bytes (their hash): kept a year anywhere. */
const FOR_A_YEAR = "public, max-age=31536000, immutable";

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
 * The Commission's notice on the legal guarantee as the owner uploaded it,
 * `/avis-garantie/<hash>.<png|jpg|webp|pdf>`, byte for byte from PostgreSQL, with the type it was
 * judged to be and `nosniff` (a browser never reads it as anything else). An image may run nothing
 * (`default-src 'none'`); a PDF opens in the browser's viewer, which a sandbox policy would block.
 * Any other name is a 404 before any query; a browser holding it gets a 304 from the name alone.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const name = params["*"] ?? "";
  if (!isNoticeFileName(name)) return notFound();
  const etag = `"${name}"`;
  const pdf = name.endsWith(".pdf");
  const headers: Record<string, string> = {
    "Cache-Control": FOR_A_YEAR,
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
    ...(pdf
      ? { "Content-Disposition": `inline; filename="${name}"` }
      : { "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox" }),
  };
  const known = request.headers.get("If-None-Match");
  if (known?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
    return new Response(null, { status: 304, headers });
  }
  const file = await guaranteeNoticeFile(db, name);
  if (!file) return notFound();
  const body = new Uint8Array(file.bytes.buffer as ArrayBuffer, file.bytes.byteOffset, file.bytes.byteLength);
  return new Response(request.method === "HEAD" ? null : body, {
    headers: {
      ...headers,
      "Content-Type": file.contentType,
      "Content-Length": String(file.bytes.byteLength),
    },
  });
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { guaranteeNoticeFile, isNoticeFileName } from "@souls/shop/guarantee-notice";
import { db } from "~/lib/db.server";
import { fileNotFound, namedFile, namedFileHeaders, notModified } from "~/lib/named-file.server";

/**
 * The Commission's notice on the legal guarantee as the owner uploaded it,
 * `/avis-garantie/<hash>.<png|jpg|webp|pdf>`, byte for byte from PostgreSQL, with the type it was
 * judged to be and `nosniff` (a browser never reads it as anything else). An image may run nothing
 * (`default-src 'none'`); a PDF opens in the browser's viewer, which a sandbox policy would block.
 * Any other name is a 404 before any query; a browser holding it gets a 304 from the name alone.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const name = params["*"] ?? "";
  if (!isNoticeFileName(name)) return fileNotFound();
  const headers = namedFileHeaders(
    name,
    name.endsWith(".pdf")
      ? { "Content-Disposition": `inline; filename="${name}"` }
      : { "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox" },
  );
  const held = notModified(request, headers);
  if (held) return held;
  const file = await guaranteeNoticeFile(db, name);
  if (!file) return fileNotFound();
  return namedFile(request, file.bytes, { ...headers, "Content-Type": file.contentType });
}

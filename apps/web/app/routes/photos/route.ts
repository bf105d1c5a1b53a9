import type { LoaderFunctionArgs } from "@remix-run/node";
import { parsePhotoFileName, photoContentType } from "@souls/core/photos";
import { photoFile } from "@souls/shop/photos";
import { db } from "~/lib/db.server";
import { drawingCutFile } from "~/lib/drawings.server";
import { fileNotFound, namedFile, namedFileHeaders, notModified } from "~/lib/named-file.server";
import { keepPhoto, keptPhoto } from "~/lib/photo-cache.server";

/**
 * A photo's cut, `/photos/<hash>-<width>.<avif|webp|jpg>`, from PostgreSQL (decision 020). A name
 * that is not exactly a photo's is a 404 before any query; a browser holding it already gets a
 * 304 from the name alone (the name says the bytes), and a cut served lately comes from this
 * server's bounded memory (photo-cache.server.ts) — neither touches the database. A launch
 * drawing's JPEG has a name of the same kind (drawings.server.ts). HEAD answers the same headers
 * without the bytes.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const name = params["*"] ?? "";
  const parsed = parsePhotoFileName(name);
  if (!parsed) return fileNotFound();
  const headers = namedFileHeaders(name, { "Content-Type": photoContentType(parsed.format) });
  const held = notModified(request, headers);
  if (held) return held;
  const drawing = await drawingCutFile(name);
  if (drawing) return namedFile(request, drawing, headers);
  const file = keptPhoto(name) ?? (await photoFile(db, name));
  if (!file) return fileNotFound();
  keepPhoto(name, file);
  return namedFile(request, file.bytes, headers);
}

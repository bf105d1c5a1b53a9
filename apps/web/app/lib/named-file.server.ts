/**
 * Files named by their content (a photo's cut, the guarantee notice): the name says the bytes,
 * so a file is kept a year anywhere, a browser that holds it gets a 304 from the name alone, and a
 * name that is not one of them is a small plain 404 that costs no render and no query.
 */

const FOR_A_YEAR = "public, max-age=31536000, immutable";

/** Small and plain, never a page. A name may exist a minute later: kept a minute only. */
export function fileNotFound(): Response {
  return new Response("Not Found", {
    status: 404,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=60",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** The headers every answer about the file carries: its validator is its name. */
export function namedFileHeaders(name: string, more: Record<string, string> = {}): Record<string, string> {
  return { "Cache-Control": FOR_A_YEAR, ETag: `"${name}"`, "X-Content-Type-Options": "nosniff", ...more };
}

/** A 304 when the browser already holds the file of this name, else null. */
export function notModified(request: Request, headers: Record<string, string>): Response | null {
  const known = request.headers.get("If-None-Match");
  const held = known?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === headers.ETag);
  return held ? new Response(null, { status: 304, headers }) : null;
}

/** The file's bytes (none for HEAD) with its headers and length. */
export function namedFile(request: Request, bytes: Buffer, headers: Record<string, string>): Response {
  const body = new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
  return new Response(request.method === "HEAD" ? null : body, {
    headers: { ...headers, "Content-Length": String(bytes.byteLength) },
  });
}

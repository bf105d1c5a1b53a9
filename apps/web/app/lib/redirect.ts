const THIS_SITE = "http://this-site.invalid";

/**
 * The one check of every form's return address (`redirectTo`): a path of this site, normalised
 * and percent-encoded the way a browser would read it, or else the page's own default. A scheme,
 * `//host`, a backslash or a control character (`/%09/evil.example` arrives as `/\t/evil.example`,
 * which browsers read as `//evil.example`) never reaches a Location header, and nothing here throws.
 */
export function safeRedirectPath(value: unknown, fallback: string): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.length > 2048) return fallback;
  if (/[\p{Cc}\\]/u.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, THIS_SITE);
  } catch {
    return fallback;
  }
  if (url.origin !== THIS_SITE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith("/") && !path.startsWith("//") ? path : fallback;
}

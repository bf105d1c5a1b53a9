import { jsonLd } from "~/lib/seo";

/** Structured data for search engines; `jsonLd` escapes `<`, so the JSON cannot close the tag. */
export function JsonLd({ data }: { data: unknown }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: serialized JSON with `<` escaped, not markup
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(data) }} />;
}

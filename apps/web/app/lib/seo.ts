import type { MetaDescriptor, MetaFunction } from "@remix-run/react";
import type { Locale } from "@souls/core/locales";

/** What the root loader knows about the page's addresses. */
export interface PageAddresses {
  origin: string;
  locale: Locale;
  /** Absolute canonical URL; absent on pages outside the map (not found). */
  canonical?: string;
  alternates?: Record<Locale, string>;
  /** The same page's path in each language (the language toggle's links). */
  paths?: Record<Locale, string>;
}

export const SOCIAL_IMAGE = { path: "/images/social-share.png", width: 512, height: 512 };

/** A page's own picture for social networks (a model's cover photo), absolute. */
export interface SocialImage {
  url: string;
  width: number;
  height: number;
}

export function seoMeta(options: {
  title: string;
  description: string;
  addresses: PageAddresses | undefined;
  type?: "website" | "product" | "article";
  noindex?: boolean;
  image?: SocialImage;
}): MetaDescriptor[] {
  const { title, description, addresses, type = "website" } = options;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:site_name", content: "SOULS" },
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
  if (options.noindex) tags.push({ name: "robots", content: "noindex" });
  if (!addresses) return tags;
  const image = options.image ?? { ...SOCIAL_IMAGE, url: `${addresses.origin}${SOCIAL_IMAGE.path}` };
  tags.push(
    { property: "og:image", content: image.url },
    { property: "og:image:width", content: String(image.width) },
    { property: "og:image:height", content: String(image.height) },
    { name: "twitter:image", content: image.url },
    { property: "og:locale", content: addresses.locale === "fr" ? "fr_FR" : "en_GB" },
  );
  if (addresses.canonical) {
    tags.push({ tagName: "link", rel: "canonical", href: addresses.canonical });
    tags.push({ property: "og:url", content: addresses.canonical });
  }
  if (addresses.alternates) {
    tags.push(
      { tagName: "link", rel: "alternate", hrefLang: "fr", href: addresses.alternates.fr },
      { tagName: "link", rel: "alternate", hrefLang: "en", href: addresses.alternates.en },
      { tagName: "link", rel: "alternate", hrefLang: "x-default", href: addresses.alternates.fr },
    );
  }
  return tags;
}

/** JSON for a `<script type="application/ld+json">`, safe to inline in HTML. */
export function jsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/**
 * The `meta` export of a page whose loader returns `title` and `description`: those, plus the
 * canonical, hreflang and social tags from the root loader's addresses.
 */
export function pageMeta(
  type: "website" | "product" | "article" = "website",
  options: { noindex?: boolean } = {},
): MetaFunction {
  return ({ data, matches }) => {
    // A page may say it must not be indexed (a draft's preview).
    const page = data as
      | { title?: string; description?: string; noindex?: boolean; socialImage?: SocialImage }
      | undefined;
    const root = matches.find((match) => match.id === "root")?.data as
      | { addresses?: PageAddresses }
      | undefined;
    return seoMeta({
      title: page?.title ?? "SOULS",
      description: page?.description ?? "",
      addresses: root?.addresses,
      type,
      noindex: options.noindex || page?.noindex,
      image: page?.socialImage,
    });
  };
}

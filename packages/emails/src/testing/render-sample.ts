import type { Locale } from "@souls/core/locales";
import { renderEmail } from "../index";
import type { EmailMessage, EmailPayload, EmailType, RenderedEmail } from "../messages";
import { sampleContext, samplePayload } from "../samples";

/**
 * Renders the sample message of a type (with `changes` applied) and returns it with the
 * no-break spaces of French typography turned into plain spaces, so tests can spell amounts
 * and dates as a reader sees them: "169,00 €", "18 mars 2025 à 17:47 UTC+1".
 */
export async function renderSample<T extends EmailType>(
  type: T,
  locale: Locale,
  changes: Partial<EmailPayload<T>> = {},
): Promise<RenderedEmail> {
  const payload = { ...samplePayload(type, locale), ...changes };
  const message = { type, locale, payload } as EmailMessage;
  const rendered = await renderEmail(message, sampleContext);
  const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");
  return {
    ...rendered,
    subject: plain(rendered.subject),
    html: plain(rendered.html),
    text: plain(rendered.text),
  };
}

/** The href of every link, in order, as a mail client would follow it. */
export function hrefs(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)].map((match) => decodeEntities(match[1]!));
}

export function decodeEntities(html: string): string {
  return html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** What a reader of the HTML version sees: tags and comments dropped, entities decoded, spaces collapsed. */
export function visibleText(html: string): string {
  const body = html.replace(/<!--[\s\S]*?-->/g, "").replace(/<head>[\s\S]*?<\/head>/, "");
  return decodeEntities(body.replace(/<[^>]+>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}

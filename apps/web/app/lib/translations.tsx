/**
 * The words of the pages, looked up the same way on the server and in the browser: the server
 * renders every string and names the page's namespaces, whose files the browser loads (cached
 * for a year) before it hydrates, so it needs no i18n runtime, only this lookup (decisions 013,
 * 015). Locale files keep i18next's format: nested keys, `ns:key`, `{{value}}` placeholders and
 * `_one` / `_other` plural forms, filled by the shop's one filler (@souls/core/placeholders).
 */
import type { Locale } from "@souls/core/locales";
import { fill, pluralCategory } from "@souls/core/placeholders";
import { createContext, type ReactNode, useContext } from "react";
import { useLocale } from "./locale";
import { wordsFile } from "./words";

/** One namespace's words: nested objects of strings (and arrays, for FAQ-like lists). */
export type Namespace = { [key: string]: unknown };
/** The namespaces known for a locale. */
export type Resources = Record<string, Namespace>;

/** The namespaces of the page first rendered, which the browser loads before it hydrates. */
export interface PageNamespaces {
  locale: Locale;
  namespaces: string[];
}

/** Where the pages find their words: all of them on the server, those loaded in the browser. */
export interface WordSource {
  resources(locale: Locale): Resources;
  page: PageNamespaces;
}

const WordsContext = createContext<WordSource | null>(null);

export function WordsProvider({ source, children }: { source: WordSource; children?: ReactNode }) {
  return <WordsContext.Provider value={source}>{children}</WordsContext.Provider>;
}

type Values = Record<string, unknown> & { count?: number };

function lookUp(namespace: Namespace | undefined, path: string): unknown {
  let node: unknown = namespace;
  for (const part of path.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Namespace)[part];
  }
  return node;
}

/** Fills through the shop's one filler; a placeholder without a value stays as written. */
function filled(text: string, values: Values | undefined): string {
  return fill(text, (values ?? {}) as Record<string, string | number>, { missing: "keep" });
}

/** The entry of `key` (`path` in `defaultNamespace`, or `ns:path`), its plural form for a `count`. */
function entryOf(
  resources: Resources,
  locale: Locale,
  defaultNamespace: string,
  key: string,
  count?: number,
) {
  const colon = key.indexOf(":");
  const namespace = resources[colon > 0 ? key.slice(0, colon) : defaultNamespace];
  const path = colon > 0 ? key.slice(colon + 1) : key;
  const plural =
    typeof count === "number"
      ? (lookUp(namespace, `${path}_${pluralCategory(locale, count)}`) ?? lookUp(namespace, `${path}_other`))
      : undefined;
  return { path, entry: plural ?? lookUp(namespace, path) };
}

/**
 * The text of `key` with its placeholders filled; with a `count`, its plural form for the locale.
 * A number (an article's reading minutes) comes back as its digits; a key without words as the
 * key's path, as with i18next.
 */
export function translate(
  resources: Resources,
  locale: Locale,
  defaultNamespace: string,
  key: string,
  values?: Values,
): string {
  const { path, entry } = entryOf(resources, locale, defaultNamespace, key, values?.count);
  if (typeof entry === "string") return filled(entry, values);
  return typeof entry === "number" ? String(entry) : path;
}

/** A list of `key` (questions and answers, sections), every text in it filled; empty if none. */
export function translateList<Item>(
  resources: Resources,
  locale: Locale,
  defaultNamespace: string,
  key: string,
  values?: Values,
): Item[] {
  const { entry } = entryOf(resources, locale, defaultNamespace, key);
  const filledNode = (node: unknown): unknown =>
    typeof node === "string"
      ? filled(node, values)
      : Array.isArray(node)
        ? node.map(filledNode)
        : typeof node === "object" && node !== null
          ? Object.fromEntries(Object.entries(node).map(([name, child]) => [name, filledNode(child)]))
          : node;
  return Array.isArray(entry) ? (filledNode(entry) as Item[]) : [];
}

export type Translate = (key: string, values?: Values) => string;

/** `t` (and `list`) for a namespace of the page's locale, in a component. */
export function useTranslation(namespace = "common") {
  const source = useContext(WordsContext);
  const locale = useLocale();
  const resources = source?.resources(locale) ?? {};
  const t: Translate = (key, values) => translate(resources, locale, namespace, key, values);
  const list = <Item,>(key: string, values?: Values): Item[] =>
    translateList<Item>(resources, locale, namespace, key, values);
  return { t, list };
}

/**
 * The page's namespaces for the browser: their files, preloaded as the page arrives, and their
 * list as a data block (not a script: no CSP needed). The words themselves stay out of the page,
 * which is lighter on a first visit and on every page after it.
 */
export function PageWords() {
  const page = useContext(WordsContext)?.page;
  if (!page) return null;
  return (
    <>
      {page.namespaces.map((namespace) => {
        const file = wordsFile(page.locale, namespace);
        return file ? (
          <link key={namespace} rel="preload" as="fetch" crossOrigin="anonymous" href={file} />
        ) : null;
      })}
      <script
        id="page-words"
        type="application/json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON the server wrote, `<` escaped
        dangerouslySetInnerHTML={{ __html: embeddableJson(page) }}
      />
    </>
  );
}

/** JSON safe inside a `<script>` element: no `</script>` or `<!--` can end it early. */
export function embeddableJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/**
 * Tests' view of a page or a component as a reader sees it: rendered on the server the way the app
 * renders it (a data router whose root names the page's language, the locale files' words), then
 * read as text. Never imported by the app.
 */
import type { Locale } from "@souls/core/locales";
import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { LoaderFunction, RouteObject } from "react-router-dom";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { resources } from "~/i18n.server";
import { type WordSource, WordsProvider } from "./translations";

type Route = { loader?: LoaderFunction; Component: () => ReactElement | null };

/** The HTML of `path` as served by a route's `loader` and `Component`, in `path`'s language. */
export async function pageHtml(path: string, route: Route, namespaces: string[]): Promise<string> {
  const locale: Locale = path === "/en" || path.startsWith("/en/") ? "en" : "fr";
  const routes: RouteObject[] = [
    { id: "root", path: "/", loader: () => ({ locale }), children: [{ id: "page", path: "*", ...route }] },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://shop.test${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
  if (context.errors) throw Object.values(context.errors)[0];
  const source: WordSource = {
    resources: (language) => resources[language] ?? {},
    page: { locale, namespaces },
  };
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(
    createElement(
      WordsProvider,
      { source },
      createElement(StaticRouterProvider, { router, context, hydrate: false }),
    ),
  );
}

/** The same page as its reader sees it: its text. */
export async function pageText(path: string, route: Route, namespaces: string[]): Promise<string> {
  return textOf(await pageHtml(path, route, namespaces));
}

/** HTML as words: tags gone, entities read, spaces collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

import { readFileSync } from "node:fs";
import path from "node:path";
import stylesheet from "~/styles/app.css?url";

/**
 * The shop's stylesheet, inlined in every page's head rather than fetched: on a phone's first
 * visit nothing then stands between the HTML and the first paint (issue 15). server.mjs says
 * where the client build is; without it (the Vite dev server) pages link the file instead.
 */
let inline: string | null = null;

export function inlineStylesheetFrom(clientDirectory: string): void {
  inline = readFileSync(path.join(clientDirectory, stylesheet), "utf8");
}

export function inlineStylesheet(): string | null {
  return inline;
}

export { stylesheet as stylesheetHref };

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const routes = path.dirname(new URL(import.meta.url).pathname);

/** Every route module: its folder and its source. */
const modules = readdirSync(routes, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((entry) =>
    readdirSync(path.join(routes, entry.name))
      .filter((file) => /^route\.tsx?$/.test(file))
      .map((file) => ({
        screen: entry.name,
        source: readFileSync(path.join(routes, entry.name, file), "utf8"),
      })),
  );

// A page React never draws in the browser (decision 030) has no words to load there: only a page
// whose route says `hydrate: true` (the checkout, its test payment page) keeps a clientLoader for
// its words (decision 062). The panel's pages read their words from the panel's own module.
describe("the words the browser loads for a page", () => {
  it("are loaded by the pages that hydrate, and by no other", () => {
    const hydrating = modules
      .filter(({ source }) => /\bhydrate: true\b/.test(source))
      .map(({ screen }) => screen);
    const loading = modules
      .filter(({ source }) => /export const clientLoader\b/.test(source))
      .map(({ screen }) => screen);
    expect(hydrating.sort()).toEqual(["checkout", "offline-payment"]);
    expect(loading.sort()).toEqual(hydrating);
  });
});

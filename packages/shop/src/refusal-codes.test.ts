import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const src = path.dirname(new URL(import.meta.url).pathname);
/** The web app's locale namespaces (apps/web/app/locales/{fr,en}/*.json): the pages' words. */
const PAGE_NAMESPACES = [
  "checkout",
  "common",
  "home",
  "legal",
  "magazine",
  "reviews",
  "subscription",
  "tracking",
  "cart",
];

// The shop refuses with codes; the web app words them (decision 062). A message naming a page's
// locale key (`checkout:errors.required`) would tie the domain to one app's files.
describe("the shop's refusals", () => {
  it("name no locale key of the web app's pages", () => {
    const named = (readdirSync(src, { recursive: true }) as string[])
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .flatMap((file) =>
        [...readFileSync(path.join(src, file), "utf8").matchAll(/["'`]([a-z]+):[a-zA-Z]+\./g)]
          .filter(([, namespace]) => PAGE_NAMESPACES.includes(namespace as string))
          .map(([found]) => `${file}: ${found}`),
      );
    expect(named).toEqual([]);
  });
});

// The panel's words are the API's (decision 062): a file the shop writes in them gets them from its caller.
describe("the shop's code", () => {
  it("imports no panel words", () => {
    const importing = (readdirSync(src, { recursive: true }) as string[])
      .filter((file) => /\.tsx?$/.test(file))
      .filter((file) =>
        /from "@souls\/(api|core\/admin-copy)/.test(readFileSync(path.join(src, file), "utf8")),
      );
    expect(importing).toEqual([]);
  });
});

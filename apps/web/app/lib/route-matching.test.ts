/**
 * The server matches Remix's routes with `@remix-run/router` as patched by the project
 * (patches/@remix-run+router+1.23.3.patch, decision 065): flattened and ranked once per routes
 * array, not on every request, and a path's matches found once. Fails if the install did not apply the patch (the root's postinstall).
 */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
// The CommonJS build, as the server loads it (@remix-run/server-runtime requires it).
const { matchRoutes } = require("@remix-run/router") as typeof import("@remix-run/router");

describe("route matching on the server (decisions 065, 066)", () => {
  it("flattens a routes array once: the same array answers from its first ranking", () => {
    const routes = [{ id: "root", path: "/", children: [{ id: "shop", path: "boutique" }] }];
    expect(matchRoutes(routes, "/boutique")?.at(-1)?.route.id).toBe("shop");
    // A route added to the same array afterwards is not seen: the ranking was kept.
    routes[0]?.children.push({ id: "later", path: "plus-tard" });
    expect(matchRoutes(routes, "/plus-tard")?.at(-1)?.route.id).not.toBe("later");
    // A new array is ranked afresh.
    expect(matchRoutes(structuredClone(routes), "/plus-tard")?.at(-1)?.route.id).toBe("later");
  });

  it("matches parameters and trailing slashes as before", () => {
    const routes = [{ id: "product", path: "/produit/:slug" }];
    for (const path of ["/produit/sac-banane-lina", "/produit/sac-banane-lina/"]) {
      expect(matchRoutes(routes, path)?.[0]?.params).toEqual({ slug: "sac-banane-lina" });
    }
    expect(matchRoutes(routes, "/PRODUIT/x")?.[0]?.params).toEqual({ slug: "x" });
    expect(matchRoutes(routes, "/produits/x")).toBeNull();
  });

  it("finds a path's matches once, and gives each caller its own copy", () => {
    const routes = [{ id: "product", path: "/produit/:slug" }];
    const first = matchRoutes(routes, "/produit/sac-banane-lina");
    // Remix's own code treats a match as its own (params are read-only only in the types).
    const param = first?.[0]?.params as Record<string, string> | undefined;
    if (param) param.slug = "changed by a caller";
    expect(matchRoutes(routes, "/produit/sac-banane-lina")?.[0]?.params).toEqual({ slug: "sac-banane-lina" });
    // A thousand other paths (a script's) do not keep the memo from answering, nor grow it for good.
    for (let i = 0; i < 2500; i++)
      expect(matchRoutes(routes, `/produit/x-${i}`)?.[0]?.params.slug).toBe(`x-${i}`);
    expect(matchRoutes(routes, "/produit/sac-banane-lina")?.[0]?.params).toEqual({ slug: "sac-banane-lina" });
  });
});

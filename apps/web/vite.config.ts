import { fileURLToPath } from "node:url";
import { vitePlugin as remix } from "@remix-run/dev";
import { tsImport } from "tsx/esm/api";
import { defineConfig } from "vite";

// The screens map imports workspace packages written in TypeScript, which Vite's config loader
// leaves to Node: tsx loads it.
const { routeTable }: typeof import("./app/screens") = await tsImport("./app/screens.ts", import.meta.url);

type ModuleInfo = { importers: readonly string[]; dynamicImporters: readonly string[] } | null;
/**
 * Whether a module is shared by the storefront: imported, at any depth, by the root or by two of
 * its routes. One route's own module goes with that route; the owner's routes do not count.
 */
function sharedByStorefront(id: string, getModuleInfo: (id: string) => ModuleInfo): boolean {
  const seen = new Set<string>();
  const routes = new Set<string>();
  const queue = [id];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    if (/\/app\/(root|entry\.client)\.tsx$/.test(next)) return true;
    const route = /\/app\/routes\/((?!admin)[\w-]+)\//.exec(next)?.[1];
    if (route) routes.add(route);
    if (routes.size > 1) return true;
    const info = getModuleInfo(next);
    if (info) queue.push(...info.importers, ...info.dynamicImporters);
  }
  return false;
}

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    // The server's build has its source map (build/server/index.js.map): with `node
    // --enable-source-maps`, stack traces in the logs and Sentry's reports name the TypeScript
    // sources (decision 056). The browser's has none: nothing of the sources is served.
    sourcemap: isSsrBuild === true,
    // The locale files a page fetches on a later navigation stay files, never inlined into the script.
    assetsInlineLimit: (file) => (file.endsWith(".json") ? false : undefined),
    rollupOptions: {
      output: {
        // The framework in one file that changes only with its versions, the storefront's shared
        // components and helpers in another, rather than a dozen small ones: fewer requests, and
        // gzip works across them (the first-load budget of issue 15).
        // Only what storefront pages share goes to "shop": what one page or the owner's screens
        // alone use stays in their chunks, out of every other page's first load.
        manualChunks(id, { getModuleInfo }) {
          if (
            /\/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|@remix-run|turbo-stream)\//.test(
              id,
            )
          )
            return "framework";
          const shop =
            /\/app\/(components\/[\w-]+\.tsx|lib\/(?!trpc)[\w-]+\.tsx?|screens\.ts)$|\/packages\/core\/src\//;
          return shop.test(id) && sharedByStorefront(id, getModuleInfo) ? "shop" : undefined;
        },
      },
    },
  },
  server: { port: 3000 },
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  plugins: [
    remix({
      // Routes are not file-based: screens.ts is the one map of pages, owner's pages and endpoints.
      ignoredRouteFiles: ["**/*"],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_lazyRouteDiscovery: true,
        v3_singleFetch: true,
      },
      routes(defineRoutes) {
        return defineRoutes((route) => {
          for (const { id, path, module } of routeTable()) route(path, module, { id, index: false });
        });
      },
    }),
  ],
}));

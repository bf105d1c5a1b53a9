import { fileURLToPath } from "node:url";
import { vitePlugin as remix } from "@remix-run/dev";
import { tsImport } from "tsx/esm/api";
import { defineConfig } from "vite";

// The screens map imports workspace packages written in TypeScript, which Vite's config loader
// leaves to Node: tsx loads it.
const { routeTable }: typeof import("./app/screens") = await tsImport("./app/screens.ts", import.meta.url);

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  build: {
    // The locale files a page fetches on a later navigation stay files, never inlined into the script.
    assetsInlineLimit: (file) => (file.endsWith(".json") ? false : undefined),
    rollupOptions: {
      output: {
        // The framework in one file that changes only with its versions, the storefront's shared
        // components and helpers in another, rather than a dozen small ones: fewer requests, and
        // gzip works across them (the first-load budget of issue 15).
        manualChunks(id) {
          if (
            /\/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|@remix-run|turbo-stream)\//.test(
              id,
            )
          )
            return "framework";
          const shop =
            /\/app\/(components\/[\w-]+\.tsx|lib\/(?!trpc)[\w-]+\.tsx?|screens\.ts)$|\/packages\/core\/src\//;
          return shop.test(id) ? "shop" : undefined;
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
});

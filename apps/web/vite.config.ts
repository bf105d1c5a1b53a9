import { fileURLToPath } from "node:url";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import { LOCALES, PAGE_IDS, PAGES, routeId } from "./app/screens";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  server: { port: 3000 },
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  plugins: [
    remix({
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
          for (const page of PAGE_IDS) {
            const { module, paths } = PAGES[page];
            for (const locale of LOCALES) {
              route(paths[locale], module, { id: routeId(page, locale), index: false });
            }
          }
          route("sitemap.xml", "routes/sitemap[.]xml.ts", { id: "sitemap" });
          route("robots.txt", "routes/robots[.]txt.ts", { id: "robots" });
          route("webhooks/stripe", "routes/webhooks.stripe.ts", { id: "webhooks.stripe" });
          route("healthz", "routes/healthz.ts", { id: "healthz" });
          route("live/availability", "routes/live.availability.ts", { id: "live.availability" });
          route("trpc/*", "routes/trpc.ts", { id: "trpc" });
          // The owner's pages (French only).
          route("admin", "routes/admin.tsx", { id: "admin" });
          route("admin-orders", "routes/admin-orders.tsx", { id: "admin.orders" });
          route("admin-email", "routes/admin-email.tsx", { id: "admin.emails" });
          route("admin-email/preview/:id", "routes/admin-email-preview.ts", { id: "admin.emails.preview" });
          route("admin-stock", "routes/admin-stock.tsx", { id: "admin.stock" });
          // Anything else: the not-found page, English under /en.
          route("en/*", "routes/not-found.tsx", { id: "notFound.en" });
          route("*", "routes/not-found.tsx", { id: "notFound.fr" });
        });
      },
    }),
  ],
});

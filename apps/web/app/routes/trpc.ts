import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { appRouter } from "@souls/api";
import { business } from "@souls/shop";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { adminSession } from "~/lib/admin-session.server";
import { clientHash } from "~/lib/client.server";
import { db } from "~/lib/db.server";
import { productChanges } from "~/lib/live.server";
import { siteOrigin } from "~/lib/page.server";

/** The admin panel's API: every procedure checks the owner's session on the server (adminProcedure). */
function handle({ request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  return fetchRequestHandler({
    endpoint: "/trpc",
    req: request,
    router: appRouter,
    createContext: async () => ({
      db,
      admin: await adminSession(request),
      clientHash: clientHash(request, context),
      productChanges,
      emailContext: {
        siteUrl: siteOrigin(request),
        seller: {
          brand: business.brand,
          companyName: business.companyName,
          address: business.address,
          email: business.email,
        },
      },
    }),
    onError({ error, path }) {
      if (error.code === "INTERNAL_SERVER_ERROR")
        console.error(`[trpc] ${path ?? "?"} failed`, error.cause ?? error);
    },
  });
}

export const loader = handle;
export const action = handle;

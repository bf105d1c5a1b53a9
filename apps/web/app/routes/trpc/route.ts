import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { appRouter } from "@souls/api";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { adminSession } from "~/lib/admin-session.server";
import { clientHash } from "~/lib/client.server";
import { db } from "~/lib/db.server";
import { sessionSecret } from "~/lib/env.server";
import { reportRequestError } from "~/lib/error-reports.server";
import { productChanges } from "~/lib/live.server";
import { gateway } from "~/lib/payments.server";
import { sellerEmailContext } from "~/lib/seller.server";
import { MAX_BATCH_SIZE } from "~/lib/trpc";
import { ENDPOINTS } from "~/screens";

/** The admin panel's API: every procedure checks the owner's session on the server (adminProcedure). */
function handle({ request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  return fetchRequestHandler({
    endpoint: ENDPOINTS.trpc,
    req: request,
    router: appRouter,
    createContext: async () => ({
      db,
      admin: await adminSession(request),
      clientHash: clientHash(request, context),
      productChanges,
      emailContext: await sellerEmailContext(),
      gateway,
      linkSecret: sessionSecret,
    }),
    // A batch names a few procedures at most; a request naming a thousand is refused (400).
    maxBatchSize: MAX_BATCH_SIZE,
    onError({ error, path }) {
      if (error.code !== "INTERNAL_SERVER_ERROR") return;
      console.error(`[trpc] ${path ?? "?"} failed`, error.cause ?? error);
      reportRequestError(error.cause ?? error, request, { where: "trpc", procedure: path ?? "?" });
    },
  });
}

export const loader = handle;
export const action = handle;

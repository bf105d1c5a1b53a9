import { createCaller } from "@souls/api";
import { adminSession } from "./admin-session.server";
import { clientHash } from "./client.server";
import { db } from "./db.server";
import { sessionSecret } from "./env.server";
import { productChanges } from "./live.server";
import { gateway } from "./payments.server";
import { sellerEmailContext } from "./seller.server";

/**
 * The admin API as a page's own request calls it (its forms without JavaScript): the same
 * procedures as the panel's scripts, the person's session and role checked by each one.
 */
export async function ownerApi(request: Request, context: unknown) {
  return createCaller({
    db,
    admin: await adminSession(request),
    clientHash: clientHash(request, context as never),
    productChanges,
    emailContext: await sellerEmailContext(),
    gateway,
    linkSecret: sessionSecret,
  });
}

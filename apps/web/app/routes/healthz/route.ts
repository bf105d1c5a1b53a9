import { pendingMigrations } from "@souls/db";
import { db } from "~/lib/db.server";

/**
 * For load balancers and the compose healthcheck: 200 when the database answers and its schema
 * is current, 503 otherwise (never cached, no detail beyond what an operator needs).
 */
export async function loader() {
  const headers = { "Cache-Control": "no-store" };
  try {
    const pending = await pendingMigrations(db);
    if (pending.length > 0) {
      return Response.json(
        { status: "unavailable", reason: "migrations pending", pending },
        { status: 503, headers },
      );
    }
    return Response.json({ status: "ok" }, { headers });
  } catch {
    return Response.json({ status: "unavailable", reason: "database unreachable" }, { status: 503, headers });
  }
}

import { pendingMigrations } from "@souls/db";
import { db } from "~/lib/db.server";

/** Why this server was last not ready, so the log says it once per change, not every probe. */
let lastProblem: string | null = null;

function unavailable(problem: string): Response {
  if (problem !== lastProblem) console.warn(`[health] not ready: ${problem}`);
  lastProblem = problem;
  return Response.json({ status: "unavailable" }, { status: 503, headers: { "Cache-Control": "no-store" } });
}

/**
 * For readiness and startup probes, load balancers and the compose healthcheck: 200 when the
 * database answers and its schema is current, 503 otherwise. Anyone may ask, so the answer is a
 * bare status: why (the database unreachable, the names of pending migrations) goes to the log.
 * Liveness is `/livez` (server.mjs), which a database outage does not fail.
 */
export async function loader() {
  try {
    const pending = await pendingMigrations(db);
    if (pending.length > 0) return unavailable(`migrations pending (${pending.join(", ")})`);
  } catch (error) {
    return unavailable(`database unreachable (${(error as Error).message})`);
  }
  if (lastProblem !== null) console.info("[health] ready again");
  lastProblem = null;
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
}

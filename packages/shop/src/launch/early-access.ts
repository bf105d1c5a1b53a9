/**
 * Following an early-access link: the link's signature, its sign-up still confirmed (an address
 * that unsubscribed has no sign-up left) and the series in its head start. What the web app then
 * gives the browser is a pass naming the series and the sign-up; every order checks it again in
 * its own transaction (placeOrder), with the address it goes to.
 */
import type { Database, Kysely } from "@souls/db";
import type { LinkSecrets } from "../signed-links";
import { type EarlyAccessPass, readEarlyAccessToken } from "./early-access-token";
import { salePhase } from "./rules";

export type EarlyAccessCheck =
  | { ok: true; pass: EarlyAccessPass; opensAt: Date }
  /** A real link, but not now: before the head start, or after the public opening (no privilege left). */
  | { ok: false; reason: "not_yet" | "opened"; seriesId: number; opensAt: Date | null }
  /** A real link whose address is no longer (or not) a confirmed subscriber. */
  | { ok: false; reason: "not_subscribed"; seriesId: number }
  /** Tampered, unknown, or naming a series that is not there. */
  | { ok: false; reason: "invalid" };

export async function checkEarlyAccess(
  db: Kysely<Database>,
  request: { secrets: LinkSecrets; token: unknown; now: Date },
): Promise<EarlyAccessCheck> {
  const pass = readEarlyAccessToken(request.secrets, request.token);
  if (!pass) return { ok: false, reason: "invalid" };
  const [series, signup] = await Promise.all([
    db
      .selectFrom("series")
      .select(["opensAt", "earlyAccessMinutes", "launchLimitPieces", "launchLimitHours"])
      .where("id", "=", pass.seriesId)
      .executeTakeFirst(),
    db
      .selectFrom("signups")
      .select("id")
      .where("id", "=", pass.signupId)
      .where("confirmedAt", "is not", null)
      .executeTakeFirst(),
  ]);
  if (!series) return { ok: false, reason: "invalid" };
  const phase = salePhase(series, request.now);
  if (phase === "open")
    return { ok: false, reason: "opened", seriesId: pass.seriesId, opensAt: series.opensAt };
  if (!signup) return { ok: false, reason: "not_subscribed", seriesId: pass.seriesId };
  if (phase === "before" || !series.opensAt) {
    return { ok: false, reason: "not_yet", seriesId: pass.seriesId, opensAt: series.opensAt };
  }
  return { ok: true, pass, opensAt: series.opensAt };
}

import { connect } from "@souls/db";
import { ensureOwner } from "@souls/shop/admin";
import { ADMIN_PASSWORD } from "../../playwright.config";
import { sql } from "./fixtures";

/**
 * The run's shop holds pieces enough for every test that buys one. The launch series has 25 to 41
 * pieces a model; the suite places more orders than that of one model over its languages and
 * projects (Nadia most), and a piece comes back only when a test refunds it. Tests about running
 * out set their model's stock themselves (stock-race, availability, a11y).
 *
 * Its owner is given the run's password before any server starts (decision 043): a spec's own
 * server with a password of its own on the same database never starts this shop's owner.
 */
export default async function globalSetup() {
  await sql("UPDATE products SET stock = stock + 500");
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: run the e2e suite through `npm run e2e`");
  const db = connect(url, { maxConnections: 1 });
  try {
    await ensureOwner(db, ADMIN_PASSWORD);
  } finally {
    await db.destroy();
  }
}

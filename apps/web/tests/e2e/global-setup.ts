import type { FullConfig } from "@playwright/test";
import { sql } from "./fixtures";

/**
 * The run's shop holds pieces enough for every test that buys one. The launch series has 25 to 41
 * pieces a model; the suite places more orders than that of one model over its languages and
 * projects (Nadia most), and a piece comes back only when a test refunds it. Tests about running
 * out set their model's stock themselves (stock-race, availability, a11y).
 *
 * Its owner is given the run's password before any test runs (decision 043): the suite's server,
 * started already, stores it when its login page is first opened — so a spec's own server with a
 * password of its own on the same database never starts this shop's owner.
 */
export default async function globalSetup(config: FullConfig) {
  await sql("UPDATE products SET stock = stock + 500");
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) throw new Error("no baseURL in the Playwright config");
  const login = await fetch(`${baseURL}/admin`);
  if (login.status !== 200) throw new Error(`the login page answered ${login.status}`);
  const [owner] = await sql("SELECT 1 FROM admin_people WHERE role = 'owner'");
  if (!owner) throw new Error("the shop has no owner after its login page was opened");
}

import { sql } from "./fixtures";
import { resetShopClock } from "./shop-clock";

/**
 * The run's shop holds pieces enough for every test that buys one. The launch series has 25 to 41
 * pieces a model; the suite places more orders than that of one model over its languages and
 * projects (Nadia most), and a piece comes back only when a test refunds it. Tests about running
 * out set their model's stock themselves (stock-race, availability, a11y).
 */
export default async function globalSetup() {
  await sql("UPDATE products SET stock = stock + 500");
  // The launch rules' clock at the machine's time, whatever an interrupted run left (decision 039).
  await resetShopClock();
}

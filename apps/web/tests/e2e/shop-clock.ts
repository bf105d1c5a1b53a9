import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { SHOP_CLOCK_FILE } from "../../playwright.config";
import { sql } from "./fixtures";

/**
 * Moves the clock of the shop's launch rules (decision 039) to `moment`: the web server reads the
 * offset from SHOP_CLOCK_FILE at each reading, and is told of it at once (a catalogue change on
 * the `products` channel) so it waits for the next launch moment of the moved time. Only series
 * with an opening feel it: every other spec's shop is unmoved.
 */
export async function moveShopClockTo(moment: Date): Promise<void> {
  mkdirSync(path.dirname(SHOP_CLOCK_FILE), { recursive: true });
  writeFileSync(SHOP_CLOCK_FILE, String(moment.getTime() - Date.now()));
  await sql(`SELECT pg_notify('products', '{"operation":"catalogue","table":"shop_clock"}')`);
}

/** Back to the machine's time. */
export async function resetShopClock(): Promise<void> {
  mkdirSync(path.dirname(SHOP_CLOCK_FILE), { recursive: true });
  writeFileSync(SHOP_CLOCK_FILE, "0");
  await sql(`SELECT pg_notify('products', '{"operation":"catalogue","table":"shop_clock"}')`);
}

/**
 * Runs `journey` holding the shop's clock: one spec at a time moves it (a PostgreSQL advisory lock
 * taken for the journey, which the other project's journey waits for), and it is back to the
 * machine's time afterwards.
 */
export async function withShopClock<T>(journey: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock(hashtext('e2e:shop-clock'))");
    try {
      return await journey();
    } finally {
      await resetShopClock();
    }
  } finally {
    await client.end();
  }
}

import { connect } from "@souls/db";
import { env } from "./env.server";
import { closeOnStop, processWide } from "./server-process.server";

/** One pool per server process, shared by every request (and kept across Vite's reloads). */
export const db = processWide("db", () => {
  const pool = connect(env.DATABASE_URL, { password: env.databasePassword });
  closeOnStop("db", () => pool.destroy());
  return pool;
});

/**
 * A small pool of its own for what the pages read once per catalogue version (the catalogue, the
 * words, the seller, the magazine: keepCollection). In a launch's rush hundreds of checkouts wait
 * for a connection of `db`; a page's read queued behind them kept every page waiting seconds
 * (issue 33).
 */
export const pagesDb = processWide("pages-db", () => {
  const pool = connect(env.DATABASE_URL, { password: env.databasePassword, maxConnections: 2 });
  closeOnStop("pages-db", () => pool.destroy());
  return pool;
});

import { connect } from "@souls/db";
import { env } from "./env.server";
import { closeOnStop, processWide } from "./server-process.server";

/** One pool per server process, shared by every request (and kept across Vite's reloads). */
export const db = processWide("db", () => {
  const pool = connect(env.DATABASE_URL, { password: env.databasePassword });
  closeOnStop("db", () => pool.destroy());
  return pool;
});

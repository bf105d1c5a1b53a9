import { connect } from "@souls/db";
import { env } from "./env.server";

/** One pool per server process, shared by every request. */
export const db = connect(env.DATABASE_URL);

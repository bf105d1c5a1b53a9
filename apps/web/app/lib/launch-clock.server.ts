import { shopClock } from "@souls/shop/launch";
import { env } from "./env.server";

/** The clock of every launch rule: the machine's, moved only in a test run (SHOP_TEST_CLOCK_FILE). */
export const launchClock = shopClock(env);

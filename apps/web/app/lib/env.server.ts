import { readSettings } from "@souls/shop/settings";

/**
 * The web app's settings, read once at start-up: the shop's settings (@souls/shop/settings), with
 * the same variables and rules as the worker's, plus the owner's password a deployment of the web
 * app requires. The only place the app reads process.env; nothing here reaches the browser.
 */
export const env = readSettings(process.env, "web");

/** Cookie-signing secret; local runs without one get a fixed development value. */
export const sessionSecret = env.sessionSecret;

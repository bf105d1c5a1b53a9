import { readSettings } from "@souls/shop/settings";

/**
 * The web app's settings, read once at start-up: the shop's settings (@souls/shop/settings), with
 * the same variables and rules as the worker's, plus the owner's password a deployment of the web
 * app requires. The only place the app reads process.env; nothing here reaches the browser.
 */
export const env = readSettings(process.env, "web");

/** Signs every cookie and link the app makes; local runs without one get a fixed development value. */
export const sessionSecret = env.sessionSecret;

/**
 * What a signed cookie or link is checked against: sessionSecret, then SESSION_SECRET_PREVIOUS
 * during a rotation (so nobody is signed out, no cart emptied, no e-mailed link broken).
 */
export const sessionSecrets = env.sessionSecrets;

/** A series' launch: its opening, the early access of the early-notice list, the launch limit. */
export { type EarlyAccessPass, earlyAccessToken, readEarlyAccessToken } from "./early-access-token";

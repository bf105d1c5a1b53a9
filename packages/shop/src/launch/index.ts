/** A series' launch: its opening, the early access of the early-notice list, the launch limit. */
export { type ShopClock, shopClock, systemClock, testClock } from "./clock";
export { checkEarlyAccess, type EarlyAccessCheck } from "./early-access";
export { type EarlyAccessPass, earlyAccessToken, readEarlyAccessToken } from "./early-access-token";
export {
  EARLY_ACCESS_MINUTES,
  type EarlyAccessMinutes,
  earlyAccessStart,
  LAUNCH_LIMIT_BOUNDS,
  launchLimitEnd,
  launchMomentsPassed,
  mayHold,
  nextLaunchMoment,
  type SalePhase,
  type SeriesLaunch,
  salePhase,
  underLaunchLimit,
} from "./rules";

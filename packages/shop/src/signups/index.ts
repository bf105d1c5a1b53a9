/**
 * `@souls/shop/signups`: the newsletter and back-in-stock lists, with double opt-in (nothing is
 * sent to an address until its owner confirms it) and one-click unsubscribe.
 */
export {
  type ConfirmOutcome,
  confirmSignup,
  joinWaitlist,
  notifyRestockedWaitlists,
  recordSignup,
  SIGNUP_LIMIT,
  SIGNUP_REFUSALS,
  type SignupInput,
  type SignupOutcome,
  type SignupRefusal,
  type SignupRequest,
  signupSchema,
  unsubscribe,
  type WaitlistOutcome,
  type WaitlistRequest,
  waitlistSchema,
} from "./signups";
export { CONFIRMATION_HOURS } from "./tokens";

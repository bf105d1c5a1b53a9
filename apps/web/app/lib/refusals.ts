/**
 * The words of the shop's refusals. @souls/shop refuses a form's field with a code (its schema's
 * message); the web app says it in the shopper's language through its own locale keys (decision
 * 062). Each table is a `Record<Code, key>`: a code the shop adds without its key here fails the
 * type check.
 */
import type { ShippingRefusal } from "@souls/shop/checkout";
import type { TrackingLinkRefusal } from "@souls/shop/orders";
import type { ReviewRefusal } from "@souls/shop/reviews";
import type { SignupRefusal } from "@souls/shop/signups";

/** The checkout's shipping block. */
export const SHIPPING_REFUSAL_WORDS = {
  required: "checkout:errors.required",
  tooLong: "checkout:errors.tooLong",
  invalidCharacters: "checkout:errors.invalidCharacters",
  oneLine: "checkout:errors.oneLine",
  phone: "checkout:errors.phone",
  email: "checkout:errors.email",
  postalCode: "checkout:errors.postalCode",
  country: "checkout:errors.country",
} satisfies Record<ShippingRefusal, string>;

/** The sign-up forms: newsletter, early access, back in stock. */
export const SIGNUP_REFUSAL_WORDS = {
  emailRequired: "common:signup.errors.emailRequired",
  emailInvalid: "common:signup.errors.emailInvalid",
  nameInvalid: "common:signup.errors.nameInvalid",
  nameTooLong: "common:signup.errors.nameTooLong",
  consentRequired: "common:signup.errors.consentRequired",
} satisfies Record<SignupRefusal, string>;

/** The find-my-order form of the tracking page. */
export const TRACKING_LINK_REFUSAL_WORDS = {
  orderNumberRequired: "tracking:find.errors.orderNumberRequired",
  orderNumber: "tracking:find.errors.orderNumber",
  emailRequired: "tracking:find.errors.emailRequired",
  email: "tracking:find.errors.email",
} satisfies Record<TrackingLinkRefusal, string>;

/** A buyer's review (the page fills in the bounds). */
export const REVIEW_REFUSAL_WORDS = {
  titleRequired: "reviews:errors.titleRequired",
  titleLength: "reviews:errors.titleLength",
  bodyRequired: "reviews:errors.bodyRequired",
  bodyLength: "reviews:errors.bodyLength",
  authorNameRequired: "reviews:errors.authorNameRequired",
  authorNameLength: "reviews:errors.authorNameLength",
  invalidCharacters: "reviews:errors.invalidCharacters",
  rating: "reviews:errors.rating",
  experiencedOn: "reviews:errors.experiencedOn",
  consent: "reviews:errors.consent",
} satisfies Record<ReviewRefusal, string>;

/**
 * Where an address signed up (signups.source): the home page's and a product page's early notice,
 * the newsletter (its own form or the magazine's), or a sold-out model's back-in-stock list.
 * Labels in @souls/api/admin-words.
 */
export const SIGNUP_SOURCES = ["home", "product", "newsletter", "magazine", "waitlist"] as const;
export type SignupSource = (typeof SIGNUP_SOURCES)[number];

/**
 * The owner's three lists, as she reads them: the newsletter, the early notice of new pieces and
 * the back-in-stock lists, each made of the sources that feed it.
 */
export const SIGNUP_LISTS = {
  newsletter: ["newsletter", "magazine"],
  early: ["home", "product"],
  backInStock: ["waitlist"],
} as const satisfies Record<string, readonly SignupSource[]>;
export type SignupList = keyof typeof SIGNUP_LISTS;

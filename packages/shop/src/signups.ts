import type { Database, Kysely, Locale, SignupSource } from "@souls/db";
import { z } from "zod";

/** Field rules of every sign-up form; messages are locale keys resolved by the page. */
export const signupSchema = z.object({
  email: z
    .string({ error: "signup.errors.emailRequired" })
    .trim()
    .min(1, { error: "signup.errors.emailRequired" })
    .max(254, { error: "signup.errors.emailInvalid" })
    .pipe(z.email({ error: "signup.errors.emailInvalid" })),
  name: z
    .string({ error: "signup.errors.nameInvalid" })
    .trim()
    .max(100, { error: "signup.errors.nameTooLong" })
    .optional()
    .transform((name) => (name ? name : undefined)),
});
export type SignupInput = z.input<typeof signupSchema>;

export interface SignupRequest {
  email: string;
  name?: string;
  locale: Locale;
  source: SignupSource;
}

/**
 * Stores an early-notice or newsletter address. A repeated address is a success for the
 * shopper and leaves a single row (a name given later fills a missing one).
 */
export async function recordSignup(
  db: Kysely<Database>,
  signup: SignupRequest,
): Promise<"created" | "existing"> {
  const email = signup.email.trim().toLowerCase();
  const inserted = await db
    .insertInto("signups")
    .values({ email, name: signup.name ?? null, locale: signup.locale, source: signup.source })
    .onConflict((oc) => oc.column("email").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (inserted) return "created";
  if (signup.name) {
    await db
      .updateTable("signups")
      .set({ name: signup.name })
      .where("email", "=", email)
      .where("name", "is", null)
      .execute();
  }
  return "existing";
}

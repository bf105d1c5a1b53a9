/**
 * What the owner decides for her shop in « Réglages »: where her own e-mails go (each paid order,
 * a model running low), from how few pieces a model is low, and the VAT regime new sales are taxed
 * under. One row, read by the web app and the worker in the transaction that needs it, so both
 * follow a change at once; changing it never changes a sale already made (its VAT is stored with
 * its invoice).
 */
import { VAT_REGIMES, type VatRegime } from "@souls/core/vat";
import type { Database, Kysely, Transaction } from "@souls/db";
import { sql } from "kysely";
import { z } from "zod";
import { isStorableText, withoutBidiControls } from "../text";

export interface OwnerSettings {
  /** Where her e-mails go, as she typed it; null: the contact e-mail of « Ma boutique ». */
  ownerEmail: string | null;
  newOrderEmail: boolean;
  lowStockEmail: boolean;
  /** A published model with fewer pieces than this on the shelf is low. */
  lowStockBelow: number;
  vatRegime: VatRegime;
  savedAt: Date | null;
}

/** A new shop's choices (also what a test starts from to change one). */
export const DEFAULT_OWNER_SETTINGS = {
  ownerEmail: null,
  newOrderEmail: true,
  lowStockEmail: true,
  lowStockBelow: 3,
  vatRegime: "france",
} as const satisfies Omit<OwnerSettings, "savedAt">;

/** Bounds of the low-stock threshold, in pieces. */
export const LOW_STOCK_BOUNDS = { min: 1, max: 1000 } as const;

/**
 * The settings form's rules (messages are the panel's keys, decision 012). An empty address means
 * "the contact e-mail of « Ma boutique »".
 */
export const ownerSettingsSchema = z.strictObject(
  {
    ownerEmail: z
      .string({ error: "admin:input.textExpected" })
      .overwrite(withoutBidiControls)
      .trim()
      .max(254, { error: "admin:input.tooLong" })
      .refine(isStorableText, { error: "admin:input.invalidCharacters" })
      .refine((value) => value === "" || z.email().safeParse(value).success, {
        error: "admin:input.emailInvalid",
      })
      .nullable(),
    newOrderEmail: z.boolean({ error: "admin:input.yesOrNo" }),
    lowStockEmail: z.boolean({ error: "admin:input.yesOrNo" }),
    lowStockBelow: z
      .int({ error: "admin:input.integerExpected" })
      .min(LOW_STOCK_BOUNDS.min, { error: "admin:input.atLeast" })
      .max(LOW_STOCK_BOUNDS.max, { error: "admin:input.atMost" }),
    vatRegime: z.enum(VAT_REGIMES, { error: "admin:input.vatRegime" }),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys" ? "admin:input.unknownField" : "admin:input.malformed",
  },
);
export type OwnerSettingsInput = z.input<typeof ownerSettingsSchema>;

export async function loadOwnerSettings(
  db: Kysely<Database> | Transaction<Database>,
): Promise<OwnerSettings> {
  const row = await db
    .selectFrom("shopSettings")
    .select(["ownerEmail", "newOrderEmail", "lowStockEmail", "lowStockBelow", "vatRegime", "savedAt"])
    .where("id", "=", 1)
    .executeTakeFirst();
  return row ?? { ...DEFAULT_OWNER_SETTINGS, savedAt: null };
}

/** Refused settings, each field with its message keys; nothing was written. */
export class InvalidOwnerSettingsError extends Error {
  override name = "InvalidOwnerSettingsError";
  constructor(
    readonly fieldErrors: Partial<Record<string, string[]>>,
    readonly formErrors: string[] = [],
  ) {
    super(`Invalid settings: ${[...formErrors, ...Object.keys(fieldErrors)].join(", ")}`);
  }
}

/** Replaces the settings with `input`, checked by the rules above. */
export async function saveOwnerSettings(db: Kysely<Database>, input: unknown): Promise<OwnerSettings> {
  const parsed = ownerSettingsSchema.safeParse(input);
  if (!parsed.success) {
    const { fieldErrors, formErrors } = z.flattenError(parsed.error);
    throw new InvalidOwnerSettingsError(fieldErrors, formErrors);
  }
  const saved = {
    ...parsed.data,
    ownerEmail: parsed.data.ownerEmail || null,
    savedAt: sql<Date>`now()`,
  };
  await db
    .insertInto("shopSettings")
    .values({ id: 1, ...saved })
    .onConflict((conflict) => conflict.column("id").doUpdateSet(saved))
    .execute();
  return loadOwnerSettings(db);
}

/**
 * Where the owner's e-mails of a kind go now, or null when she switched them off or no address is
 * known (neither hers nor the shop's contact e-mail): one statement, read inside the transaction
 * that queues the e-mail.
 */
export async function ownerRecipient(
  trx: Kysely<Database> | Transaction<Database>,
  kind: "newOrderEmail" | "lowStockEmail",
): Promise<string | null> {
  const { rows } = await ownerRecipientQuery(kind).execute(trx);
  return rows[0]?.recipient ?? null;
}

/** The statement of ownerRecipient, for a use case that writes everything in one statement. */
export function ownerRecipientQuery(kind: "newOrderEmail" | "lowStockEmail") {
  const column = kind === "newOrderEmail" ? sql.ref("s.new_order_email") : sql.ref("s.low_stock_email");
  return sql<{ recipient: string }>`
    SELECT coalesce(s.owner_email, seller.email) AS recipient
    FROM shop_settings s LEFT JOIN seller ON seller.id = 1
    WHERE s.id = 1 AND ${column} AND coalesce(s.owner_email, seller.email) IS NOT NULL`;
}

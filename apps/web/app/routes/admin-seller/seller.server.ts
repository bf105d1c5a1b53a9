/**
 * « Ma boutique » without JavaScript: the page comes with the seller already read, and the form
 * posts here. The rules are the same as the panel's API (@souls/shop/seller): a refused save
 * answers 400 with each field's French message and what was typed, writing nothing.
 */
import { data, redirect } from "@remix-run/node";
import { adminText } from "@souls/api/admin-words";
import {
  loadSeller,
  missingSellerFields,
  SELLER_FIELDS,
  type SellerField,
  saveSeller,
  sellerDetailsSchema,
} from "@souls/shop/seller";
import { requireAdmin } from "~/lib/admin-session.server";
import { db } from "~/lib/db.server";
import { readForm } from "~/lib/form.server";
import { ADMIN_PAGES } from "~/screens";
import type { SellerRefusal } from "./seller-form";

/** The seller as the panel's API gives it (`seller.get`), for the page's first paint. */
export async function sellerForPage(request: Request) {
  await requireAdmin(request);
  const seller = await loadSeller(db);
  return {
    seller: {
      details: seller.details,
      savedAt: seller.savedAt?.toISOString() ?? null,
      savedBy: seller.savedBy,
      missing: missingSellerFields(seller.details),
    },
  };
}

/**
 * A save posted by the form without JavaScript. A field the form did not show (her legal form
 * does not ask for it) is "not filled in"; anything else is judged by the rules.
 */
export async function saveSellerFromForm(request: Request) {
  // A body that is not a form is a 400 first; then the owner's session, or the login page.
  const form = await readForm(request);
  await requireAdmin(request);
  const values = Object.fromEntries(
    SELLER_FIELDS.map((field) => {
      const value = form.get(field);
      return [field, typeof value === "string" ? value.slice(0, 2000) : ""];
    }),
  ) as Record<SellerField, string>;
  const parsed = sellerDetailsSchema.safeParse(values);
  if (!parsed.success) {
    const errors: Partial<Record<SellerField, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = SELLER_FIELDS.find((name) => name === issue.path[0]);
      const max = "maximum" in issue ? Number(issue.maximum) : undefined;
      if (field) errors[field] ??= adminText(issue.message, max === undefined ? {} : { max });
    }
    return data<SellerRefusal>({ errors, values }, { status: 400, headers: { "Cache-Control": "no-store" } });
  }
  await saveSeller(db, parsed.data, "admin");
  return redirect(ADMIN_PAGES.seller, { status: 303, headers: { "Cache-Control": "no-store" } });
}

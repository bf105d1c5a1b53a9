/**
 * What the owner's catalogue refuses. Each is a rule of the shop, not a bug: the API turns them
 * into French answers (packages/api/src/catalogue-errors.ts); nothing is written when one is thrown.
 */
import type { Locale } from "@souls/core/locales";
import type { MissingPiece } from "./completeness";

/** A model is published only complete: the list says what is still missing. */
export class ModelIncompleteError extends Error {
  override name = "ModelIncompleteError";
  constructor(
    readonly missing: MissingPiece[],
    /** Refused while editing a published model (its page would lose these), not publishing one. */
    readonly published = false,
  ) {
    super(`The model cannot be published: ${missing.length} missing`);
  }
}

/**
 * Two models never share an address, current or retired: a retired one answers 301 to its model
 * for ever. `holder` is the model that has it (`retired`: as one of its earlier addresses).
 */
export class AddressTakenError extends Error {
  override name = "AddressTakenError";
  constructor(
    readonly path: string,
    readonly holder: AddressHolder,
  ) {
    super(`The address ${path} belongs to ${holder.reference}`);
  }
}

export interface AddressHolder {
  id: number;
  name: string;
  reference: string;
  retired: boolean;
}

/** A text the shop refuses to store (the API's schema refuses it first; this guards other callers). */
export class ModelTextRefusedError extends Error {
  override name = "ModelTextRefusedError";
  constructor(
    /** `tagline`, `materials.fabric`, `faq`, `series.title`… */
    readonly field: string,
    readonly reason: "too_long" | "characters" | "required" | "faq_incomplete" | "faq_too_many",
    readonly max = 0,
  ) {
    super(`Text refused: ${field} (${reason})`);
  }
}

/** A rule of the catalogue's shape or of a model's state. */
export class CatalogueRefusedError extends Error {
  override name = "CatalogueRefusedError";
  constructor(
    readonly reason:
      | "too_many_models"
      | "too_many_series"
      | "series_not_empty"
      | "series_featured"
      | "address_format"
      | "archived"
      | "sale_not_lower"
      | "not_on_sale"
      /** A series' opening set to a moment already past (decision 039). */
      | "opening_in_past"
      /** A series' opening already past: it can no longer be moved nor cancelled. */
      | "opening_passed"
      | "launch_invalid",
    /** For `sale_not_lower`: today's price; for the limits: the bound. */
    readonly value = 0,
    readonly locale?: Locale,
  ) {
    super(`Catalogue refused: ${reason}`);
  }
}

/** A series looked for and not found: the package's own (../../errors.ts), read by the photos too. */
export { SeriesNotFoundError } from "../../errors";

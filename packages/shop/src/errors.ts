/**
 * `@souls/shop/errors`: what the shop's use cases can run into, whichever folder holds them (orders,
 * refunds, photos, reviews, papers, carriers, the owner's panel). Each is a rule of the shop, not a
 * bug: the API turns them into answers the admin screens can show (anything else stays an
 * unexpected failure). A concept's own refusals stay beside it (the catalogue's, the magazine's…).
 */
import type { EmailStatus } from "@souls/core/statuses";

export class AdminNotFoundError extends Error {
  override name = "AdminNotFoundError";
  constructor(
    readonly entity: "order" | "product" | "email" | "refund" | "photo" | "review" | "signup" | "paper",
    readonly key: string | number,
  ) {
    super(`No ${entity} ${key}`);
  }
}

/** References are unique: two products under one label would mix up the owner's stock. */
export class DuplicateReferenceError extends Error {
  override name = "DuplicateReferenceError";
  constructor(readonly reference: string) {
    super(`A product with reference ${reference} already exists`);
  }
}

/** A product the use case refuses to create (the API validates first; this guards other callers). */
export class InvalidProductError extends Error {
  override name = "InvalidProductError";
  constructor(readonly field: "reference" | "name" | "priceCents" | "stock") {
    super(`Invalid product ${field}`);
  }
}

/**
 * Stock can never go below zero, nor below the pieces held by unpaid orders: those are promised
 * to shoppers who are paying right now.
 */
export class StockLimitError extends Error {
  override name = "StockLimitError";
  constructor(
    readonly limit: "zero" | "reserved",
    readonly reserved: number,
  ) {
    super(limit === "zero" ? "Stock cannot go below 0" : `Stock cannot go below the ${reserved} held pieces`);
  }
}

/** An archived product has left the shop; its stock is frozen with its orders. */
export class ProductArchivedError extends Error {
  override name = "ProductArchivedError";
  constructor(readonly productId: number) {
    super(`Product ${productId} is archived`);
  }
}

/**
 * Only a message that failed for good is tried again, and only a message sent or failed is sent
 * again as a copy (`resend`): one waiting or being sent is on its way already.
 */
export class EmailNotRetryableError extends Error {
  override name = "EmailNotRetryableError";
  constructor(
    readonly status: EmailStatus,
    readonly resend = false,
  ) {
    super(`An e-mail that is ${status} cannot be ${resend ? "sent again" : "retried"}`);
  }
}

/**
 * A shipping address the owner may not correct: the parcel left, the order was never paid, the
 * country or the VAT territory would change (the shipping fee and the invoice depend on them),
 * or nothing changed.
 */
export class AddressRefusedError extends Error {
  override name = "AddressRefusedError";
  constructor(readonly reason: "shipped" | "unpaid" | "country" | "vatTerritory" | "unchanged") {
    super(`Address correction refused: ${reason}`);
  }
}

/**
 * A refund the shop refuses: the order was never paid, the amount is more than what is left to
 * give back, a line more than it sold or named twice, an amount asked to restock pieces, a click's
 * key already used on another order, or (for a cancellation) the parcel has already left.
 */
export class RefundRefusedError extends Error {
  override name = "RefundRefusedError";
  constructor(
    readonly reason:
      | "unpaid"
      | "too_much"
      | "nothing"
      | "unknown_line"
      | "line_quantity"
      | "line_twice"
      | "amount_restock"
      | "other_order"
      | "shipped",
    /** For `too_much`: what is still refundable, in cents. */
    readonly refundableCents = 0,
  ) {
    super(`Refund refused: ${reason}`);
  }
}

/**
 * The gateway did not answer (a time-out, a network error): the refund stays pending and the same
 * click may be sent again — its idempotency key makes it one refund at the gateway, whatever happens.
 */
export class GatewayUnavailableError extends Error {
  override name = "GatewayUnavailableError";
  constructor(cause: unknown) {
    super(`The payment gateway did not answer: ${(cause as Error)?.message ?? cause}`, { cause });
  }
}

/**
 * The gateway took another amount than the order's total: the shopper's money is held for its
 * pieces, so the order is neither released nor cancelled like an unpaid one. Its way out is the
 * refund of what was taken (refundMismatchedPayment).
 */
export class PaymentToCheckError extends Error {
  override name = "PaymentToCheckError";
  constructor(readonly orderNumber: string) {
    super(`The payment of ${orderNumber} is to be checked: refund what was taken`);
  }
}

/** Every piece of the order was refunded (or the order withdrawn) before it left: no parcel to send. */
export class NothingToShipError extends Error {
  override name = "NothingToShipError";
  constructor(readonly orderNumber: string) {
    super(`Nothing of ${orderNumber} is left to ship: refunded or withdrawn before it left`);
  }
}

/** A return can only be received for a withdrawn order whose parcel had left and is not back yet. */
export class ReturnNotExpectedError extends Error {
  override name = "ReturnNotExpectedError";
  constructor() {
    super("No return is expected for this order");
  }
}

/**
 * A photo the shop refuses: judged by its bytes (an image it cannot read, of another format, too
 * heavy, of too many pixels, too small), or by the model's gallery (12 at most, the same photo
 * twice, an archived model, an order that is not the gallery's, the last photo of a model on sale).
 * Nothing is stored.
 */
export class PhotoRefusedError extends Error {
  override name = "PhotoRefusedError";
  constructor(
    readonly reason:
      | "empty"
      | "too_heavy"
      | "format"
      | "unreadable"
      | "too_many_pixels"
      | "too_small"
      | "too_elongated"
      | "too_many_photos"
      | "duplicate"
      | "archived"
      | "order"
      | "last_photo"
      | "alt_too_long"
      | "alt_characters",
    /** What the file was read as, when it was read (`format`): "gif", "svg", "heif"… */
    readonly detail?: string,
  ) {
    super(`Photo refused: ${reason}${detail ? ` (${detail})` : ""}`);
  }
}

/**
 * A moderation the review's state refuses (publishing a published review, refusing a refused one,
 * answering a refused one), or one decided on words the buyer has changed since the owner read
 * them (`changed`): she reads them again first.
 */
export class ReviewModerationError extends Error {
  override name = "ReviewModerationError";
  constructor(
    readonly reason: "status" | "changed",
    readonly status: string,
  ) {
    super(
      reason === "changed" ? "The review changed since it was read" : `A ${status} review cannot do that`,
    );
  }
}

/**
 * A change of the panel's access refused (decision 043): the old password wrong, the new one too
 * short or too common, no room for another helper, a login already given, the owner's own access
 * (never removed), a session or person that is not there.
 */
export class AccessRefusedError extends Error {
  override name = "AccessRefusedError";
  constructor(
    readonly reason:
      | "wrong_password"
      | "blocked"
      | "too_short"
      | "too_long"
      | "common"
      | "too_many_helpers"
      | "login_taken"
      | "not_found",
  ) {
    super(`Access refused: ${reason}`);
  }
}

export class SeriesNotFoundError extends Error {
  override name = "SeriesNotFoundError";
  constructor(readonly seriesId: number) {
    super(`No series ${seriesId}`);
  }
}

/**
 * A change of the carriers refused, or a shipment with a carrier that is not offered (decision 050):
 * unknown, retired, the list full, a name another carrier has, a bad tracking address, or the last
 * carrier still offered (the orders could no longer leave).
 */
export class CarrierRefusedError extends Error {
  override name = "CarrierRefusedError";
  constructor(
    readonly reason: "unknown" | "retired" | "too_many" | "name_taken" | "template" | "last_active",
  ) {
    super(`Carrier refused: ${reason}`);
  }
}

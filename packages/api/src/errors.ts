/**
 * The shop's rule errors as the admin screens show them: a tRPC code and a French message from the
 * panel's dictionary (copy.errors in @souls/api/admin-words, decision 062). Any other error is left alone, so a
 * bug stays an INTERNAL_SERVER_ERROR (logged by the web app).
 */

import { MAX_HELPERS, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@souls/core/admin-roles";
import { MAX_CARRIERS } from "@souls/core/carriers";
import { formatMoney } from "@souls/core/format";
import { ARTICLE_LIMITS } from "@souls/core/magazine";
import { fill } from "@souls/core/placeholders";
import { AnnouncementRefusedError } from "@souls/shop/announcements";
import { DiscountCodeRefusedError, MAX_OPEN_CODES } from "@souls/shop/discounts";
import {
  AccessRefusedError,
  AddressRefusedError,
  AdminNotFoundError,
  CarrierRefusedError,
  DuplicateReferenceError,
  EmailNotRetryableError,
  GatewayUnavailableError,
  InvalidProductError,
  NothingToShipError,
  PaymentToCheckError,
  PhotoRefusedError,
  ProductArchivedError,
  RefundRefusedError,
  ReturnNotExpectedError,
  ReviewModerationError,
  StockLimitError,
} from "@souls/shop/errors";
import { ArticleRefusedError } from "@souls/shop/magazine";
import { IllegalTransitionError } from "@souls/shop/order-status";
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { copy, count, labelOf } from "./admin-words";
import { catalogueRuleError } from "./catalogue-errors";

const ERRORS = copy.errors;

/** The messages the API answers with whatever the rule: session, validation, technical error… */
export const MESSAGES = ERRORS.common;

/** Refusals of the request itself (400); the others depend on the order's state (409). */
const MALFORMED_REFUNDS = new Set<RefundRefusedError["reason"]>([
  "unknown_line",
  "nothing",
  "line_twice",
  "amount_restock",
]);

const euros = (cents: number) => formatMoney(cents, "EUR", "fr");

/** What a refused file was, when its first bytes say it. */
const FILE_KINDS: Record<string, string> = { pdf: "PDF", gif: "GIF", svg: "SVG", tiff: "TIFF", heif: "HEIF" };

function photoRefusalMessage(cause: PhotoRefusedError): string {
  if (cause.reason !== "format" || !cause.detail) return ERRORS.photo[cause.reason];
  if (cause.detail === "heic") return ERRORS.photoHeic;
  const kind = FILE_KINDS[cause.detail];
  return kind ? fill(ERRORS.photoKind, { kind }) : ERRORS.photo.format;
}

const PHOTO_CODES: Partial<Record<PhotoRefusedError["reason"], TRPCError["code"]>> = {
  too_heavy: "PAYLOAD_TOO_LARGE",
  format: "UNSUPPORTED_MEDIA_TYPE",
  too_many_photos: "CONFLICT",
  duplicate: "CONFLICT",
  archived: "CONFLICT",
  order: "CONFLICT",
  last_photo: "CONFLICT",
};

const CARRIER_CODES: Record<CarrierRefusedError["reason"], TRPCError["code"]> = {
  unknown: "NOT_FOUND",
  retired: "CONFLICT",
  too_many: "CONFLICT",
  name_taken: "CONFLICT",
  template: "BAD_REQUEST",
  last_active: "CONFLICT",
};

const ACCESS_CODES: Record<AccessRefusedError["reason"], TRPCError["code"]> = {
  wrong_password: "BAD_REQUEST",
  blocked: "TOO_MANY_REQUESTS",
  too_short: "BAD_REQUEST",
  too_long: "BAD_REQUEST",
  common: "BAD_REQUEST",
  too_many_helpers: "CONFLICT",
  login_taken: "CONFLICT",
  not_found: "NOT_FOUND",
};

/** The tRPC error for a rule the shop enforced, or null for anything else. */
export function shopRuleError(cause: unknown): TRPCError | null {
  const error = (code: TRPCError["code"], message: string) => new TRPCError({ code, message, cause });
  if (cause instanceof AdminNotFoundError) return error("NOT_FOUND", ERRORS.notFound[cause.entity]);
  if (cause instanceof AnnouncementRefusedError) {
    const code =
      cause.reason === "not_found"
        ? "NOT_FOUND"
        : cause.reason === "in_the_past"
          ? "BAD_REQUEST"
          : "CONFLICT";
    return error(code, ERRORS.announcement[cause.reason]);
  }
  if (cause instanceof ArticleRefusedError) {
    const code =
      cause.reason === "not_found"
        ? "NOT_FOUND"
        : cause.reason === "slug_taken" || cause.reason === "too_many"
          ? "CONFLICT"
          : "BAD_REQUEST";
    return error(code, fill(ERRORS.article[cause.reason], { max: ARTICLE_LIMITS.articles }));
  }
  if (cause instanceof DiscountCodeRefusedError) {
    const code =
      cause.reason === "not_found"
        ? "NOT_FOUND"
        : cause.reason === "ends_before_start" || cause.reason === "unknown_targets"
          ? "BAD_REQUEST"
          : "CONFLICT";
    return error(code, fill(ERRORS.discountCode[cause.reason], { max: MAX_OPEN_CODES }));
  }
  if (cause instanceof IllegalTransitionError) {
    return error(
      "CONFLICT",
      fill(ERRORS.illegalTransition, {
        from: copy.labels.orderStatus[cause.from],
        event: ERRORS.eventVerbs[cause.event],
      }),
    );
  }
  if (cause instanceof DuplicateReferenceError) return error("CONFLICT", MESSAGES.duplicateReference);
  if (cause instanceof StockLimitError) {
    return error(
      "CONFLICT",
      cause.limit === "zero" ? MESSAGES.stockBelowZero : count(cause.reserved, ERRORS.reserved),
    );
  }
  if (cause instanceof ProductArchivedError) return error("CONFLICT", MESSAGES.productArchived);
  if (cause instanceof EmailNotRetryableError) {
    const status = copy.labels.emailStatus[cause.status];
    return error(
      "CONFLICT",
      cause.resend
        ? fill(ERRORS.emailNotResendable, { status })
        : fill(ERRORS.emailNotRetryable, { failed: copy.labels.emailStatus.failed, status }),
    );
  }
  if (cause instanceof RefundRefusedError) {
    const message = fill(ERRORS.refund[cause.reason], { amount: euros(cause.refundableCents) });
    return error(MALFORMED_REFUNDS.has(cause.reason) ? "BAD_REQUEST" : "CONFLICT", message);
  }
  if (cause instanceof AddressRefusedError) {
    return error(cause.reason === "unchanged" ? "BAD_REQUEST" : "CONFLICT", ERRORS.address[cause.reason]);
  }
  if (cause instanceof GatewayUnavailableError) return error("BAD_GATEWAY", MESSAGES.gatewayUnavailable);
  if (cause instanceof ReturnNotExpectedError) return error("CONFLICT", MESSAGES.returnNotExpected);
  if (cause instanceof NothingToShipError) return error("CONFLICT", MESSAGES.nothingToShip);
  if (cause instanceof PaymentToCheckError) return error("CONFLICT", MESSAGES.paymentToCheck);
  if (cause instanceof ReviewModerationError) {
    return error(
      "CONFLICT",
      cause.reason === "changed" ? MESSAGES.reviewChanged : labelOf(ERRORS.reviewRefusals, cause.status),
    );
  }
  if (cause instanceof PhotoRefusedError) {
    return error(PHOTO_CODES[cause.reason] ?? "BAD_REQUEST", photoRefusalMessage(cause));
  }
  if (cause instanceof AccessRefusedError) {
    const message = fill(ERRORS.access[cause.reason], {
      min: PASSWORD_MIN_LENGTH,
      max: cause.reason === "too_many_helpers" ? MAX_HELPERS : PASSWORD_MAX_LENGTH,
    });
    return error(ACCESS_CODES[cause.reason], message);
  }
  if (cause instanceof CarrierRefusedError) {
    return error(CARRIER_CODES[cause.reason], fill(ERRORS.carrier[cause.reason], { max: MAX_CARRIERS }));
  }
  if (cause instanceof InvalidProductError) {
    return error("BAD_REQUEST", fill(ERRORS.productRefused, { field: ERRORS.productFields[cause.field] }));
  }
  return catalogueRuleError(cause);
}

/**
 * A rule the shop enforced, as the web app's own endpoints answer it (the photo upload is a file,
 * not a procedure): the same French message and the status its tRPC code has over HTTP.
 */
export function ruleAnswer(cause: unknown): { status: number; message: string } | null {
  const mapped = shopRuleError(cause);
  return mapped ? { status: getHTTPStatusCodeFromError(mapped), message: mapped.message } : null;
}

import type { ShownPhoto } from "@souls/core/photos";
import { TRACKING_LINK_LIMIT } from "@souls/shop/limits";
import {
  TRACKING_LIMIT,
  TRACKING_TOKEN_DAYS,
  type TrackedOrder,
  type TrackingResult,
} from "@souls/shop/orders";
import { z } from "zod";

/** The find-my-order form's fields. */
export type FindField = "orderNumber" | "email";

/**
 * The find-my-order form shown again: each field's message (a locale key) and what was typed, or
 * why the request was refused as a whole (too many from this client, a failure of ours).
 */
export interface FindAnswer {
  errors?: Partial<Record<FindField, string>>;
  values?: Partial<Record<FindField, string>>;
  refused?: "tooMany" | "busy" | "technical";
}

/**
 * What the tracking page shows: the forms (the find-my-order form, maybe with its messages; the
 * token form with its field's message, a locale key, or the look-up's refusal), the same answer
 * to every find-my-order request, or an order.
 */
export type TrackingView =
  | { state: "form"; fieldError?: string; error?: TrackingError; token?: string; find?: FindAnswer }
  | { state: "sent" }
  | {
      state: "result";
      token: string;
      order: TrackedOrderView;
      /** The withdrawal's confirmation step, its outcome, or its refusal. */
      withdrawal?: "confirm" | "recorded" | "periodOver";
    };

export type TrackingError = "unknown" | "expired" | "blocked" | "technical";

/** A token the use case calls malformed is shown as the field's message, like the form's own checks. */
const MALFORMED = "tracking:errors.malformed";

/** A line as the page's summary shows it: the model's cover photo from the catalogue, if any. */
export interface TrackedLineView {
  model: TrackedOrder["lines"][number]["model"];
  name: string;
  quantity: number;
  unitPriceCents: number;
  /** Pieces refunded before the parcel left, and those it holds (or will). */
  refunded: number;
  toShip: number;
  cover?: ShownPhoto;
}

/** Dates travel as ISO strings; the carrier by the name it had when the parcel left. */
export type TrackedOrderView = Omit<
  TrackedOrder,
  "orderedAt" | "withdrawnAt" | "timeline" | "withdrawal" | "lines"
> & {
  orderedAt: string;
  withdrawnAt: string | null;
  lines: TrackedLineView[];
  timeline: { status: TrackedOrder["status"]; at: string }[];
  withdrawal: { open: boolean; closesAt: string | null };
};

export const STATUS_OF_ERROR: Record<TrackingError | "periodOver", number> = {
  unknown: 404,
  expired: 410,
  periodOver: 409,
  blocked: 429,
  technical: 503,
};

/** The token forms: which step, and the token (classified by the use case, which logs it). */
export const trackingFormSchema = z.object({
  intent: z.enum(["track", "withdraw", "confirm-withdrawal"]),
  token: z
    .string({ error: "tracking:errors.required" })
    .trim()
    .min(1, { error: "tracking:errors.required" })
    .max(1000, { error: MALFORMED }),
});

export function orderView(order: TrackedOrder): TrackedOrderView {
  const { orderedAt, withdrawnAt, timeline, withdrawal, lines, ...rest } = order;
  return {
    ...rest,
    orderedAt: orderedAt.toISOString(),
    withdrawnAt: withdrawnAt?.toISOString() ?? null,
    // The cover is the catalogue's to show (its sizes and words): the route adds it.
    lines: lines.map(({ model, name, quantity, unitPriceCents, refunded, toShip }) => ({
      model,
      name,
      quantity,
      unitPriceCents,
      refunded,
      toShip,
    })),
    timeline: timeline.map((step) => ({ status: step.status, at: step.at.toISOString() })),
    withdrawal: { open: withdrawal.open, closesAt: withdrawal.closesAt?.toISOString() ?? null },
  };
}

export function viewOf(result: TrackingResult, token: string): TrackingView {
  return result.ok
    ? { state: "result", token, order: orderView(result.order) }
    : refusedView(result.reason, token);
}

/** The forms again, with why the token opened nothing. */
export function refusedView(reason: TrackingError | "malformed", token: string): TrackingView {
  return reason === "malformed"
    ? { state: "form", fieldError: MALFORMED, token }
    : { state: "form", error: reason, token };
}

export function statusOf(view: TrackingView): number {
  if (view.state === "sent") return 200;
  if (view.state === "form") {
    if (view.find?.refused) return view.find.refused === "technical" ? 503 : 429;
    if (view.find?.errors) return 400;
    return view.fieldError ? 400 : view.error ? STATUS_OF_ERROR[view.error] : 200;
  }
  return view.withdrawal === "periodOver" ? STATUS_OF_ERROR.periodOver : 200;
}

/** Never cached, never indexed, never sent on as a referrer: the URL may hold the token. */
export const TRACKING_HEADERS = {
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex",
};

/** The headers of an answer: a client asking too often is told when to come back. */
export function headersOf(view: TrackingView): Record<string, string> {
  const refused = view.state === "form" ? view.find?.refused : undefined;
  return refused === "tooMany" || refused === "busy"
    ? { ...TRACKING_HEADERS, "Retry-After": "3600" }
    : TRACKING_HEADERS;
}

/** The numbers the page's words give, read from the rules themselves. */
export const TRACKING_RULES = {
  failures: TRACKING_LIMIT.failures,
  tokenDays: TRACKING_TOKEN_DAYS,
  linksPerDay: TRACKING_LINK_LIMIT.perOrderPerDay,
};

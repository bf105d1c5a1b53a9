import { CARRIER_NAMES } from "@souls/core/carriers";
import type { TrackedOrder, TrackingResult } from "@souls/shop/orders";
import { z } from "zod";

/**
 * What the tracking page shows: the form (maybe with the token field's message, a locale key, or
 * the look-up's refusal) or an order.
 */
export type TrackingView =
  | { state: "form"; fieldError?: string; error?: TrackingError; token?: string }
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

/** Dates travel as ISO strings; the carrier with its display name. */
export type TrackedOrderView = Omit<
  TrackedOrder,
  "orderedAt" | "withdrawnAt" | "timeline" | "withdrawal" | "carrier"
> & {
  orderedAt: string;
  withdrawnAt: string | null;
  carrierName: string | null;
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

/** The tracking forms: which step, and the token (classified by the use case, which logs it). */
export const trackingFormSchema = z.object({
  intent: z.enum(["track", "withdraw", "confirm-withdrawal"]),
  token: z
    .string({ error: "tracking:errors.required" })
    .trim()
    .min(1, { error: "tracking:errors.required" })
    .max(1000, { error: MALFORMED }),
});

export function orderView(order: TrackedOrder): TrackedOrderView {
  const { orderedAt, withdrawnAt, timeline, withdrawal, carrier, ...rest } = order;
  return {
    ...rest,
    orderedAt: orderedAt.toISOString(),
    withdrawnAt: withdrawnAt?.toISOString() ?? null,
    carrierName: carrier ? CARRIER_NAMES[carrier] : null,
    timeline: timeline.map((step) => ({ status: step.status, at: step.at.toISOString() })),
    withdrawal: { open: withdrawal.open, closesAt: withdrawal.closesAt?.toISOString() ?? null },
  };
}

export function viewOf(result: TrackingResult, token: string): TrackingView {
  return result.ok
    ? { state: "result", token, order: orderView(result.order) }
    : refusedView(result.reason, token);
}

/** The form again, with why the token opened nothing. */
export function refusedView(reason: TrackingError | "malformed", token: string): TrackingView {
  return reason === "malformed"
    ? { state: "form", fieldError: MALFORMED, token }
    : { state: "form", error: reason, token };
}

export function statusOf(view: TrackingView): number {
  if (view.state === "form") return view.fieldError ? 400 : view.error ? STATUS_OF_ERROR[view.error] : 200;
  return view.withdrawal === "periodOver" ? STATUS_OF_ERROR.periodOver : 200;
}

/** Never cached, never indexed, never sent on as a referrer: the URL may hold the token. */
export const TRACKING_HEADERS = {
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex",
};

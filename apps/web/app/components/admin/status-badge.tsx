import { copy, labelOf, paymentWords } from "@souls/api/admin-words";
import { MODEL_STATUS_LABELS } from "@souls/core/catalogue-rules";
import type { ReactNode } from "react";

const LABELS = copy.labels;

/** A status in words (never colour alone); the colour is a second cue. */
export function Badge({ tone, children }: { tone: string; children: ReactNode }) {
  return <span className={`admin-badge admin-badge--${tone}`}>{children}</span>;
}

const ORDER_TONES: Record<string, string> = {
  awaiting_payment: "muted",
  pending_preparation: "todo",
  prepared: "todo",
  shipped: "info",
  delivered: "ok",
  cancelled: "muted",
  expired: "muted",
  refunded: "muted",
  partially_refunded: "warn",
  withdrawn: "warn",
};

export function OrderStatusBadge({ status }: { status: string }) {
  return <Badge tone={ORDER_TONES[status] ?? "muted"}>{labelOf(LABELS.orderStatus, status)}</Badge>;
}

const PAYMENT_TONES: Record<string, string> = {
  paid: "ok",
  pending: "muted",
  failed: "error",
  refunded: "warn",
  partially_refunded: "warn",
  mismatch: "error",
};

/**
 * An order's status and, only when it adds something, its payment's: « Payée » goes without
 * saying for an order in preparation, and a refunded order reads « Remboursée » once. A payment
 * that never came is « Paiement abandonné » when nobody tried, « Paiement refusé » when a card was
 * declined (`paymentAttempted`).
 */
export function OrderStatusBadges({
  status,
  paymentStatus,
  paymentAttempted,
}: {
  status: string;
  paymentStatus: string;
  paymentAttempted: boolean;
}) {
  const said =
    labelOf(LABELS.paymentStatus, paymentStatus) === labelOf(LABELS.orderStatus, status) ||
    (paymentStatus === "paid" && status !== "cancelled") ||
    (paymentStatus === "pending" && status === "awaiting_payment");
  return (
    <>
      <OrderStatusBadge status={status} />
      {said ? null : <PaymentStatusBadge status={paymentStatus} attempted={paymentAttempted} />}
    </>
  );
}

export function PaymentStatusBadge({ status, attempted }: { status: string; attempted: boolean }) {
  const { prefix, label } = paymentWords(status, attempted);
  // An abandoned checkout is no error of anyone's: muted, like the order it left.
  const tone = status === "failed" && !attempted ? "muted" : (PAYMENT_TONES[status] ?? "muted");
  return (
    <Badge tone={tone}>
      {prefix ? <span className="visually-hidden">{prefix}</span> : null}
      {label}
    </Badge>
  );
}

const EMAIL_TONES: Record<string, string> = { sent: "ok", pending: "todo", sending: "info", failed: "error" };

export function EmailStatusBadge({ status }: { status: string }) {
  return <Badge tone={EMAIL_TONES[status] ?? "muted"}>{labelOf(LABELS.emailStatus, status)}</Badge>;
}

const REFUND_TONES: Record<string, string> = { succeeded: "ok", pending: "warn", failed: "error" };

export function RefundStatusBadge({ status }: { status: string }) {
  return <Badge tone={REFUND_TONES[status] ?? "muted"}>{labelOf(LABELS.refundStatus, status)}</Badge>;
}

const MODEL_TONES: Record<string, string> = { draft: "muted", published: "ok", archived: "warn" };

/** « Brouillon », « En ligne », « Archivé ». */
export function ModelStatusBadge({ status }: { status: string }) {
  return <Badge tone={MODEL_TONES[status] ?? "muted"}>{labelOf(MODEL_STATUS_LABELS, status)}</Badge>;
}

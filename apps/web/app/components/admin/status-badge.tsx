import { MODEL_STATUS_LABELS } from "@souls/core/catalogue-rules";
import {
  EMAIL_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
  REFUND_STATUS_LABELS,
} from "@souls/core/statuses";
import type { ReactNode } from "react";
import { copy, labelOf } from "./copy";

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
  return <Badge tone={ORDER_TONES[status] ?? "muted"}>{labelOf(ORDER_STATUS_LABELS, status)}</Badge>;
}

const PAYMENT_TONES: Record<string, string> = {
  paid: "ok",
  pending: "muted",
  failed: "error",
  refunded: "warn",
  partially_refunded: "warn",
  mismatch: "error",
};

export function PaymentStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={PAYMENT_TONES[status] ?? "muted"}>
      <span className="visually-hidden">{copy.orders.paymentPrefix}</span>
      {labelOf(PAYMENT_STATUS_LABELS, status)}
    </Badge>
  );
}

const EMAIL_TONES: Record<string, string> = { sent: "ok", pending: "todo", sending: "info", failed: "error" };

export function EmailStatusBadge({ status }: { status: string }) {
  return <Badge tone={EMAIL_TONES[status] ?? "muted"}>{labelOf(EMAIL_STATUS_LABELS, status)}</Badge>;
}

const REFUND_TONES: Record<string, string> = { succeeded: "ok", pending: "warn", failed: "error" };

export function RefundStatusBadge({ status }: { status: string }) {
  return <Badge tone={REFUND_TONES[status] ?? "muted"}>{labelOf(REFUND_STATUS_LABELS, status)}</Badge>;
}

const MODEL_TONES: Record<string, string> = { draft: "muted", published: "ok", archived: "warn" };

/** « Brouillon », « En ligne », « Archivé ». */
export function ModelStatusBadge({ status }: { status: string }) {
  return <Badge tone={MODEL_TONES[status] ?? "muted"}>{labelOf(MODEL_STATUS_LABELS, status)}</Badge>;
}

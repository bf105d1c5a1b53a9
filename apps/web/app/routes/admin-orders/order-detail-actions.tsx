import { copy } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { type RefObject, useId, useRef, useState } from "react";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { formatCents, formatDate } from "~/components/admin/format";
import { errorMessage, notifyFailure, notifySuccess } from "~/components/admin/notify";
import { useMayCall } from "~/components/admin/role";
import { isAdminClientError, type RouterOutputs, trpc } from "~/lib/trpc";
import type { Notice } from "./order-notice";
import { RefundDialog } from "./refund-dialog";
import { newRequestKey } from "./refund-draft";

type OrderDetail = RouterOutputs["orders"]["detail"];
type Announce = (notice: Omit<Notice, "id">) => void;

const TEXT = copy.orderDetail;
const CANCEL = copy.cancelOrder;
const MISMATCH = copy.refundMismatch;
const RETURN = copy.returnReceived;

/**
 * What the owner can do with a paid order, by its state: refund some or all of it, cancel it
 * before it leaves (everything refunded), and record a withdrawn parcel's return. A payment to
 * check (taken for another amount than the total) has one way out: cancelled, what was taken
 * given back.
 */
export function OrderDetailActions({
  detail,
  noticeRef,
  announce,
}: {
  detail: OrderDetail;
  noticeRef: RefObject<HTMLParagraphElement>;
  announce: Announce;
}) {
  const { order } = detail;
  const [open, setOpen] = useState<"refund" | "cancel" | "return" | "mismatch" | null>(null);
  // Refunds, cancellations and returns are the owner's (a helper who packs is not offered them).
  const mayRefund = useMayCall()("orders.refund");
  const canRefund = order.refundableCents > 0;
  // The order state machine's answer (@souls/shop/order-status's mayCancel), never a list of ours.
  const canCancel = order.cancellable;
  const canMarkReturned = order.returnExpected;
  const toCheck = order.paymentStatus === "mismatch" && order.paymentCheck !== null;
  const close = () => setOpen(null);
  // The dialog closes on its result; focus goes to the result, whatever became of the buttons.
  const settle: Announce = (notice) => {
    setOpen(null);
    announce({ ...notice, focus: true });
  };

  if (!mayRefund) return null;
  if (!canRefund && !canCancel && !canMarkReturned && !toCheck && open === null) return null;
  return (
    <div className="admin-actions admin-actions--row">
      {toCheck && order.paymentCheck ? (
        <button
          type="button"
          className="button button--primary button--small"
          aria-haspopup="dialog"
          onClick={() => setOpen("mismatch")}
        >
          {fill(TEXT.refundMismatch, {
            amount: formatCents(order.paymentCheck.receivedCents, order.paymentCheck.receivedCurrency),
          })}
        </button>
      ) : null}
      {canRefund ? (
        <button
          type="button"
          className="button button--primary button--small"
          aria-haspopup="dialog"
          onClick={() => setOpen("refund")}
        >
          {TEXT.refund}
        </button>
      ) : null}
      {canCancel ? (
        <button
          type="button"
          className="button button--outline button--small admin-danger-text"
          aria-haspopup="dialog"
          onClick={() => setOpen("cancel")}
        >
          {TEXT.cancel}
        </button>
      ) : null}
      {canMarkReturned ? (
        <button
          type="button"
          className="button button--outline button--small"
          aria-haspopup="dialog"
          onClick={() => setOpen("return")}
        >
          {TEXT.markReturned}
        </button>
      ) : null}

      <RefundDialog
        open={open === "refund"}
        detail={detail}
        finalFocus={noticeRef}
        onClose={close}
        onSettled={settle}
      />
      <CancelOrderDialog
        open={open === "cancel"}
        detail={detail}
        finalFocus={noticeRef}
        onClose={close}
        onSettled={settle}
      />
      <RefundMismatchDialog
        open={open === "mismatch"}
        detail={detail}
        finalFocus={noticeRef}
        onClose={close}
        onSettled={settle}
      />
      <ReturnReceivedDialog
        open={open === "return"}
        detail={detail}
        finalFocus={noticeRef}
        onClose={close}
        onSettled={settle}
      />
    </div>
  );
}

interface DialogProps {
  open: boolean;
  detail: OrderDetail;
  finalFocus: RefObject<HTMLElement | null>;
  onClose: () => void;
  onSettled: Announce;
}

/** A paid order that cannot be made or sent: all of it refunded, the shopper told by e-mail. */
function CancelOrderDialog({ open, detail, finalFocus, onClose, onSettled }: DialogProps) {
  const { order } = detail;
  const utils = trpc.useUtils();
  const id = useId();
  const [restock, setRestock] = useState(true);
  const [note, setNote] = useState("");
  // One key until the cancellation is done: a retried click is the same refund.
  const requestKey = useRef<string | null>(null);
  const amount = formatCents(order.refundableCents, order.currency);

  const cancel = trpc.orders.cancel.useMutation({
    onSuccess: (outcome) => {
      requestKey.current = null;
      const text = fill(CANCEL.doneText, {
        orderNumber: outcome.orderNumber,
        amount: formatCents(outcome.amountCents, order.currency),
      });
      notifySuccess(CANCEL.done, text);
      onSettled({ tone: "ok", text });
    },
    onError: (error) => {
      void utils.orders.invalidate();
      notifyFailure(CANCEL.failed, error);
      const pending = isAdminClientError(error) && error.data?.code === "BAD_GATEWAY";
      // Pending at the bank: the detail shows the refund with its « Réessayer ». Else the owner
      // reads why here and may try again.
      if (pending) onSettled({ tone: "error", text: errorMessage(error) });
    },
  });

  return (
    <ConfirmDialog
      open={open}
      title={CANCEL.title}
      question={fill(CANCEL.question, {
        orderNumber: order.orderNumber,
        amount,
        customer: order.customerName,
      })}
      note={CANCEL.note}
      confirmLabel={CANCEL.confirm}
      cancelLabel={CANCEL.keep}
      busyLabel={CANCEL.busy}
      busy={cancel.isPending}
      finalFocus={finalFocus}
      onConfirm={() => {
        if (cancel.isPending) return;
        requestKey.current ??= newRequestKey();
        cancel.mutate({
          orderNumber: order.orderNumber,
          requestKey: requestKey.current,
          restock,
          note: note.trim() || undefined,
        });
      }}
      onClose={() => {
        if (!cancel.isPending) cancel.reset();
        onClose();
      }}
    >
      {cancel.isError ? (
        <p className="form-error" role="alert">
          {errorMessage(cancel.error)}
        </p>
      ) : null}
      <RestockCheckbox
        label={CANCEL.restock}
        hint={CANCEL.restockHint}
        checked={restock}
        onChange={setRestock}
      />
      <div className="field">
        <label htmlFor={`${id}-note`}>{copy.refund.note}</label>
        <textarea
          id={`${id}-note`}
          rows={2}
          maxLength={500}
          value={note}
          aria-describedby={`${id}-note-hint`}
          onChange={(event) => setNote(event.target.value)}
        />
        <p className="admin-hint" id={`${id}-note-hint`}>
          {copy.refund.noteHint}
        </p>
      </div>
    </ConfirmDialog>
  );
}

/** A payment to check: the order cancelled, what the gateway took given back, the pieces on sale. */
function RefundMismatchDialog({ open, detail, finalFocus, onClose, onSettled }: DialogProps) {
  const { order } = detail;
  const utils = trpc.useUtils();
  // One key until the refund is done: a retried click is the same refund.
  const requestKey = useRef<string | null>(null);
  const received = order.paymentCheck;
  const amount = received ? formatCents(received.receivedCents, received.receivedCurrency) : "";
  const refund = trpc.orders.refundMismatch.useMutation({
    onSuccess: (outcome) => {
      requestKey.current = null;
      const text = fill(MISMATCH.doneText, { orderNumber: outcome.orderNumber, amount });
      notifySuccess(MISMATCH.done, text);
      onSettled({ tone: "ok", text });
    },
    onError: (error) => {
      void utils.orders.invalidate();
      notifyFailure(MISMATCH.failed, error);
      const pending = isAdminClientError(error) && error.data?.code === "BAD_GATEWAY";
      if (pending) onSettled({ tone: "error", text: errorMessage(error) });
    },
  });
  return (
    <ConfirmDialog
      open={open}
      title={MISMATCH.title}
      question={fill(MISMATCH.question, {
        orderNumber: order.orderNumber,
        amount,
        customer: order.customerName,
      })}
      note={MISMATCH.note}
      confirmLabel={MISMATCH.confirm}
      cancelLabel={MISMATCH.keep}
      busyLabel={MISMATCH.busy}
      busy={refund.isPending}
      finalFocus={finalFocus}
      onConfirm={() => {
        if (refund.isPending) return;
        requestKey.current ??= newRequestKey();
        refund.mutate({ orderNumber: order.orderNumber, requestKey: requestKey.current });
      }}
      onClose={() => {
        if (!refund.isPending) refund.reset();
        onClose();
      }}
    >
      {refund.isError ? (
        <p className="form-error" role="alert">
          {errorMessage(refund.error)}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}

/** The parcel of a withdrawn order is back in the workshop; its pieces back on sale unless not. */
function ReturnReceivedDialog({ open, detail, finalFocus, onClose, onSettled }: DialogProps) {
  const { order } = detail;
  const utils = trpc.useUtils();
  const [restock, setRestock] = useState(true);
  const received = trpc.orders.markReturnReceived.useMutation({
    onSuccess: (answer) => {
      const text = fill(RETURN.doneText, { orderNumber: answer.orderNumber });
      notifySuccess(RETURN.done, text);
      onSettled({ tone: "ok", text });
    },
    onError: (error) => {
      void utils.orders.invalidate();
      notifyFailure(RETURN.failed, error);
    },
  });
  return (
    <ConfirmDialog
      open={open}
      title={RETURN.title}
      question={fill(RETURN.question, { orderNumber: order.orderNumber })}
      note={
        order.refundDue
          ? fill(order.refundDue.late ? RETURN.noteLate : RETURN.note, {
              date: formatDate(order.refundDue.at),
            })
          : undefined
      }
      confirmLabel={RETURN.confirm}
      busyLabel={RETURN.busy}
      busy={received.isPending}
      tone="primary"
      finalFocus={finalFocus}
      onConfirm={() => {
        if (!received.isPending) received.mutate({ orderNumber: order.orderNumber, restock });
      }}
      onClose={() => {
        if (!received.isPending) received.reset();
        onClose();
      }}
    >
      {received.isError ? (
        <p className="form-error" role="alert">
          {errorMessage(received.error)}
        </p>
      ) : null}
      <RestockCheckbox
        label={RETURN.restock}
        hint={RETURN.restockHint}
        checked={restock}
        onChange={setRestock}
      />
    </ConfirmDialog>
  );
}

function RestockCheckbox({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div>
      <label className="admin-check">
        <input
          type="checkbox"
          checked={checked}
          aria-describedby={`${id}-hint`}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>{label}</span>
      </label>
      <p className="admin-hint" id={`${id}-hint`}>
        {hint}
      </p>
    </div>
  );
}

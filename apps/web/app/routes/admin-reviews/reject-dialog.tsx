import { copy } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { REVIEW_REJECTION_REASONS, type ReviewRejectionReason } from "@souls/core/reviews";
import { useState } from "react";
import { BusyButton } from "~/components/admin/busy-button";
import { Modal } from "~/components/admin/modal";
import { notifyFailure, notifySuccess } from "~/components/admin/notify";
import { trpc } from "~/lib/trpc";
import type { AdminReview } from "./review-card";

const TEXT = copy.reviews;

/**
 * Refusing (or withdrawing) a review asks for one of the published reasons, nothing else: there is
 * no "other" and no free text, and the dialog says a negative review is no reason. The buyer is
 * told the reason by e-mail.
 */
export function RejectDialog({
  review,
  open,
  onClose,
  onDone,
}: {
  review: AdminReview;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const [reason, setReason] = useState<ReviewRejectionReason | null>(null);
  const [missing, setMissing] = useState(false);
  const withdrawing = review.status === "published";
  const reject = trpc.reviews.reject.useMutation({
    onSuccess: () => {
      onClose();
      notifySuccess(withdrawing ? TEXT.withdrawn : TEXT.rejected, review.title);
      onDone();
    },
    onError: (error) => notifyFailure(TEXT.rejectFailed, error),
  });
  const legendId = `reject-${review.id}-legend`;
  return (
    <Modal
      open={open}
      onClose={() => {
        setMissing(false);
        onClose();
      }}
      title={fill(withdrawing ? TEXT.withdrawTitle : TEXT.rejectTitle, { title: review.title })}
    >
      <form
        className="admin-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!reason) {
            setMissing(true);
            return;
          }
          if (!reject.isPending) reject.mutate({ id: review.id, saves: review.saves, reason });
        }}
      >
        <p>{TEXT.rejectIntro}</p>
        <fieldset
          className="admin-reasons"
          aria-labelledby={legendId}
          aria-describedby={missing ? `${legendId}-error` : undefined}
        >
          <legend id={legendId}>{TEXT.reasonLegend}</legend>
          {REVIEW_REJECTION_REASONS.map((code, index) => (
            <label key={code} className="admin-reasons__choice">
              <input
                type="radio"
                name={`reason-${review.id}`}
                value={code}
                checked={reason === code}
                data-autofocus={index === 0 ? true : undefined}
                onChange={() => {
                  setReason(code);
                  setMissing(false);
                }}
              />
              {copy.labels.reviewReason[code]}
            </label>
          ))}
          {missing ? (
            <p className="field__error" id={`${legendId}-error`} role="alert">
              {TEXT.reasonMissing}
            </p>
          ) : null}
        </fieldset>
        <p className="admin-muted">{TEXT.notNegative}</p>
        <div className="admin-dialog__actions">
          <button type="button" className="button button--outline button--small" onClick={onClose}>
            {copy.common.cancel}
          </button>
          <BusyButton
            type="submit"
            className="button button--danger button--small"
            busy={reject.isPending}
            busyLabel={TEXT.rejecting}
          >
            {withdrawing ? TEXT.withdrawConfirm : TEXT.rejectConfirm}
          </BusyButton>
        </div>
      </form>
    </Modal>
  );
}

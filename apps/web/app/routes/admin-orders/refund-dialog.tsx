import { copy } from "@souls/api/admin-words";
import { fill } from "@souls/core/placeholders";
import { OWNER_REFUND_REASONS, RESTOCK_CHOICES } from "@souls/core/refunds";
import { type RefObject, useId, useRef, useState } from "react";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { formatCents } from "~/components/admin/format";
import { Field, PanelForm, TextField, usePanelForm } from "~/components/admin/forms";
import { Modal } from "~/components/admin/modal";
import { errorMessage, notifyFailure, notifySuccess } from "~/components/admin/notify";
import { isAdminClientError, type RouterOutputs, trpc } from "~/lib/trpc";
import type { Notice } from "./order-notice";
import {
  checkRefundDraft,
  draftTotalCents,
  emptyDraft,
  newRequestKey,
  type RefundDraft,
  type RefundReasonChoice,
  refundInput,
  restockOf,
} from "./refund-draft";

type OrderDetail = RouterOutputs["orders"]["detail"];

const TEXT = copy.refund;

/** The fields a refusal's messages are shown under; the others' are said above the form. */
const REFUSAL_FIELDS = ["amount", "lines", "note"];

/** 0, 1, … max: the quantities a line can be refunded by. */
const upTo = (max: number) => Array.from({ length: max + 1 }, (_, n) => n);

/**
 * "Rembourser": pieces of the order (and the delivery) or an amount, a reason, what happens to the
 * pieces, a note for the owner; the total shown as it changes, and a confirmation before the money
 * leaves.
 */
export function RefundDialog({
  open,
  detail,
  finalFocus,
  onClose,
  onSettled,
}: {
  open: boolean;
  detail: OrderDetail;
  finalFocus: RefObject<HTMLElement | null>;
  onClose: () => void;
  /** The refund went through, or is left pending at the bank: the form closes, the detail says so. */
  onSettled: (notice: Omit<Notice, "id">) => void;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={fill(TEXT.title, { orderNumber: detail.order.orderNumber })}
      finalFocus={finalFocus}
    >
      <RefundForm detail={detail} onCancel={onClose} onSettled={onSettled} />
    </Modal>
  );
}

function RefundForm({
  detail,
  onCancel,
  onSettled,
}: {
  detail: OrderDetail;
  onCancel: () => void;
  onSettled: (notice: Omit<Notice, "id">) => void;
}) {
  const { order, items } = detail;
  const utils = trpc.useUtils();
  const id = useId();
  // A refusal's messages for the pieces, the amount and the note go under them; the others above.
  const form = usePanelForm<RefundDraft>(() => emptyDraft(order), { shownFields: REFUSAL_FIELDS });
  const { draft, errors } = form;
  const [asking, setAsking] = useState(false);
  // One key per refund the owner means: a retried request (lost answer, double click) is the same
  // refund. Made at the first confirmation, dropped once the refund is done.
  const requestKey = useRef<string | null>(null);

  const money = (cents: number) => formatCents(cents, order.currency);
  const total = draftTotalCents(draft, items, order);
  const restock = restockOf(draft, order);

  const refund = trpc.orders.refund.useMutation({
    onSuccess: (outcome) => {
      requestKey.current = null;
      setAsking(false);
      const text = fill(TEXT.doneText, {
        amount: money(outcome.amountCents),
        orderNumber: outcome.orderNumber,
      });
      notifySuccess(TEXT.done, text);
      onSettled({ tone: "ok", text });
    },
    onError: (error) => {
      setAsking(false);
      void utils.orders.invalidate();
      if (isAdminClientError(error) && error.data?.code === "BAD_GATEWAY") {
        // Written, pending at the bank: the detail lists it with its « Réessayer ».
        notifyFailure(TEXT.pending, error);
        onSettled({ tone: "error", text: errorMessage(error) });
        return;
      }
      form.refuse(error, TEXT.failed);
    },
  });

  const submit = () => {
    const found = checkRefundDraft(draft, items, order);
    // The amount's field is focused by its name (`check`); the pieces by their first quantity.
    if (form.check({ ...found })) setAsking(true);
    else if (found.lines) form.formRef.current?.querySelector<HTMLElement>("[data-refund-first]")?.focus();
  };

  const confirm = () => {
    if (refund.isPending) return;
    requestKey.current ??= newRequestKey();
    refund.mutate({
      orderNumber: order.orderNumber,
      requestKey: requestKey.current,
      ...refundInput(draft, items, order),
    });
  };

  const left =
    order.refundableShippingCents > 0
      ? fill(TEXT.leftWithShipping, {
          amount: money(order.refundableCents),
          shipping: money(order.refundableShippingCents),
        })
      : fill(TEXT.left, { amount: money(order.refundableCents) });
  const totalText = total !== null && total > 0 ? money(total) : copy.common.dash;
  const linesErrorId = `${id}-lines-error`;
  const firstRefundable = items.find((item) => item.refundableQuantity > 0)?.id;

  return (
    <>
      <PanelForm
        form={form}
        className="admin-form admin-refund"
        onSubmit={submit}
        before={<p className="admin-hint">{left}</p>}
      >
        <fieldset className="admin-choice">
          <legend>{TEXT.what}</legend>
          {(["lines", "amount"] as const).map((mode) => (
            <label key={mode} className="admin-check">
              <input
                type="radio"
                name="mode"
                value={mode}
                checked={draft.mode === mode}
                onChange={() => {
                  form.set("mode", mode);
                  form.setErrors({});
                }}
              />
              <span>{mode === "lines" ? TEXT.byLines : TEXT.byAmount}</span>
            </label>
          ))}
        </fieldset>

        {draft.mode === "lines" ? (
          <fieldset
            className="admin-choice admin-refund__lines"
            aria-describedby={errors.lines ? linesErrorId : undefined}
          >
            <legend>{TEXT.pieces}</legend>
            <ul className="admin-refund__items">
              {items.map((item) => (
                <li key={item.id} className="admin-refund__item">
                  <span>
                    {item.name}
                    <span className="admin-cell-note">
                      {fill(TEXT.unitPrice, { price: money(item.unitPriceCents) })}
                    </span>
                  </span>
                  {item.refundableQuantity > 0 ? (
                    <span className="admin-refund__quantity">
                      <label htmlFor={`${id}-item-${item.id}`} className="visually-hidden">
                        {fill(TEXT.quantityLabel, { name: item.name })}
                      </label>
                      <select
                        id={`${id}-item-${item.id}`}
                        className="admin-input"
                        data-refund-first={item.id === firstRefundable || undefined}
                        value={draft.quantities[item.id] ?? 0}
                        aria-invalid={errors.lines ? true : undefined}
                        aria-describedby={errors.lines ? linesErrorId : undefined}
                        onChange={(event) =>
                          form.set("quantities", {
                            ...draft.quantities,
                            [item.id]: Number(event.target.value),
                          })
                        }
                      >
                        {upTo(item.refundableQuantity).map((quantity) => (
                          <option key={quantity} value={quantity}>
                            {quantity}
                          </option>
                        ))}
                      </select>
                    </span>
                  ) : (
                    <span className="admin-muted">{TEXT.lineDone}</span>
                  )}
                </li>
              ))}
            </ul>
            {order.refundableShippingCents > 0 ? (
              <label className="admin-check">
                <input
                  type="checkbox"
                  checked={draft.includeShipping}
                  onChange={(event) => form.set("includeShipping", event.target.checked)}
                />
                <span>{fill(TEXT.shipping, { amount: money(order.refundableShippingCents) })}</span>
              </label>
            ) : null}
            {errors.lines ? (
              <p className="field__error" id={linesErrorId}>
                {errors.lines}
              </p>
            ) : null}
          </fieldset>
        ) : (
          <TextField
            form={form}
            name="amount"
            label={TEXT.amount}
            hint={fill(TEXT.amountHint, { max: money(order.refundableCents) })}
            inputMode="decimal"
            autoComplete="off"
            maxLength={12}
          />
        )}

        <Field label={TEXT.reason}>
          {(props) => (
            <select
              {...props}
              value={draft.reason}
              onChange={(event) => form.set("reason", event.target.value as RefundReasonChoice)}
            >
              {OWNER_REFUND_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {copy.labels.refundReason[reason]}
                </option>
              ))}
            </select>
          )}
        </Field>

        {draft.mode === "lines" ? (
          <fieldset className="admin-choice">
            <legend>{TEXT.restock}</legend>
            {RESTOCK_CHOICES.map((choice) => (
              <label key={choice} className="admin-check">
                <input
                  type="radio"
                  name="restock"
                  value={choice}
                  checked={restock === choice}
                  onChange={() => form.set("restock", choice)}
                />
                <span>{TEXT.restockChoices[choice]}</span>
              </label>
            ))}
          </fieldset>
        ) : null}

        <Field label={TEXT.note} hint={TEXT.noteHint} error={errors.note}>
          {(props) => (
            <textarea
              {...props}
              rows={2}
              maxLength={500}
              value={draft.note}
              onChange={(event) => form.set("note", event.target.value)}
            />
          )}
        </Field>

        <p className="admin-refund__total">
          <span id={`${id}-total`}>{TEXT.total}</span>
          <output aria-labelledby={`${id}-total`} aria-live="polite">
            {totalText}
          </output>
        </p>

        <div className="admin-dialog__actions">
          <button type="button" className="button button--outline button--small" onClick={onCancel}>
            {copy.common.cancel}
          </button>
          <button type="submit" className="button button--primary button--small" aria-haspopup="dialog">
            {total !== null && total > 0 ? fill(TEXT.submit, { amount: totalText }) : TEXT.confirm}
          </button>
        </div>
      </PanelForm>

      <ConfirmDialog
        open={asking}
        title={TEXT.confirmTitle}
        question={fill(TEXT.confirmQuestion, { amount: totalText, customer: order.customerName })}
        note={`${TEXT.restockNotes[restock]} ${TEXT.confirmNote}`}
        confirmLabel={fill(TEXT.submit, { amount: totalText })}
        busyLabel={TEXT.busy}
        busy={refund.isPending}
        onConfirm={confirm}
        onClose={() => setAsking(false)}
      />
    </>
  );
}

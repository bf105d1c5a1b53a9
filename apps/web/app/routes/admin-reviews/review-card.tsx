import { copy } from "@souls/api/admin-words";
import { numberFormat } from "@souls/core/format";
import { fill } from "@souls/core/placeholders";
import { REVIEW_LIMITS } from "@souls/core/reviews";
import { useState } from "react";
import { BusyButton } from "~/components/admin/busy-button";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { formatDate } from "~/components/admin/format";
import { notifyFailure, notifySuccess } from "~/components/admin/notify";
import { Badge } from "~/components/admin/status-badge";
import { Paragraphs } from "~/components/paragraphs";
import { Stars } from "~/components/stars";
import { type RouterOutputs, trpc } from "~/lib/trpc";
import { RejectDialog } from "./reject-dialog";

export type AdminReview = RouterOutputs["reviews"]["list"]["reviews"][number];

const TEXT = copy.reviews;
const TONES = { pending: "todo", published: "ok", rejected: "muted" } as const;
/** A day of experience ("YYYY-MM-DD") as a date the panel writes. */
const dayOf = (day: string) => formatDate(`${day}T12:00:00Z`);

/** A decision moves the review to another list: the focus goes to the page's title, not nowhere. */
const focusTitle = () => document.getElementById("admin-title")?.focus();

/**
 * One review as the buyer wrote it (text only: React escapes every character), with what the owner
 * may do: publish it (with an answer), answer it, refuse or withdraw it for a published reason,
 * delete it at its author's request.
 */
export function ReviewCard({ review }: { review: AdminReview }) {
  const [reply, setReply] = useState(review.reply ?? "");
  const [rejecting, setRejecting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const titleId = `review-${review.id}-title`;
  const replyId = `review-${review.id}-reply`;

  const publish = trpc.reviews.publish.useMutation({
    onSuccess: () => {
      notifySuccess(TEXT.published, review.title);
      focusTitle();
    },
    onError: (error) => notifyFailure(TEXT.publishFailed, error),
  });
  const answer = trpc.reviews.reply.useMutation({
    onSuccess: (saved) => notifySuccess(saved.reply ? TEXT.replySaved : TEXT.replyRemoved, review.title),
    onError: (error) => notifyFailure(TEXT.replyFailed, error),
  });
  const remove = trpc.reviews.remove.useMutation({
    onSuccess: () => {
      setDeleting(false);
      notifySuccess(TEXT.deleted, review.title);
      focusTitle();
    },
    onError: (error) => {
      setDeleting(false);
      notifyFailure(TEXT.deleteFailed, error);
    },
  });

  const typedReply = reply.trim();
  const written = review.locale === "en" ? "en" : "fr";
  return (
    <article className={`admin-review admin-review--${review.status}`} aria-labelledby={titleId}>
      <header className="admin-review__header">
        <p className="admin-review__model">{review.modelName}</p>
        <Badge tone={TONES[review.status]}>{copy.labels.reviewStatus[review.status]}</Badge>
      </header>
      <div className="admin-review__words">
        <Stars rating={review.rating} label={fill(TEXT.rating, { n: review.rating })} />
        <h2 id={titleId} className="admin-review__title" lang={written}>
          {review.title}
        </h2>
        <div className="admin-review__body" lang={written}>
          <Paragraphs text={review.body} />
        </div>
      </div>
      <ul className="admin-review__facts">
        <li>{fill(TEXT.signed, { name: review.authorName })}</li>
        <li>{fill(TEXT.experienced, { date: dayOf(review.experiencedOn) })}</li>
        <li>
          {fill(TEXT.sent, { date: formatDate(review.updatedAt) })}
          {review.saves > 1 ? ` (${fill(TEXT.changed, { n: review.saves - 1 })})` : ""}
        </li>
        <li>{TEXT.writtenIn[written]}</li>
        <li className="admin-mono">{fill(TEXT.order, { orderNumber: review.orderNumber })}</li>
        <li className="admin-table__email">{fill(TEXT.buyer, { email: review.buyerEmail })}</li>
      </ul>
      {review.status === "pending" && review.publishBy ? (
        <p className="admin-review__deadline">
          {fill(TEXT.publishBy, { date: formatDate(review.publishBy) })}
        </p>
      ) : null}
      {review.status === "published" && review.publishedAt ? (
        <p className="admin-muted">{fill(TEXT.publishedOn, { date: formatDate(review.publishedAt) })}</p>
      ) : null}
      {review.status === "rejected" && review.rejectionReason ? (
        <p className="admin-review__refusal">
          {fill(TEXT.rejectedFor, {
            date: formatDate(review.moderatedAt ?? review.updatedAt),
            reason: copy.labels.reviewReason[review.rejectionReason],
          })}
        </p>
      ) : null}

      {review.status === "rejected" ? null : (
        <div className="field admin-review__reply">
          <label htmlFor={replyId}>{TEXT.reply}</label>
          <p id={`${replyId}-hint`} className="field__hint">
            {fill(TEXT.replyHint, { max: numberFormat("fr", {}).format(REVIEW_LIMITS.reply.max) })}
            {review.repliedAt ? ` ${fill(TEXT.replyOf, { date: formatDate(review.repliedAt) })}.` : ""}
          </p>
          <textarea
            id={replyId}
            rows={3}
            maxLength={REVIEW_LIMITS.reply.max}
            value={reply}
            aria-describedby={`${replyId}-hint`}
            onChange={(event) => setReply(event.target.value)}
          />
        </div>
      )}

      <div className="admin-actions admin-actions--row admin-review__actions">
        {review.status === "published" ? (
          <BusyButton
            type="button"
            className="button button--primary button--small"
            busy={answer.isPending}
            disabled={typedReply === (review.reply ?? "")}
            onClick={() => answer.mutate({ id: review.id, reply: typedReply || null })}
          >
            {TEXT.saveReply}
          </BusyButton>
        ) : (
          <BusyButton
            type="button"
            className="button button--primary button--small"
            busy={publish.isPending}
            onClick={() =>
              publish.mutate({
                id: review.id,
                saves: review.saves,
                ...(review.status === "pending" ? { reply: typedReply || null } : {}),
              })
            }
          >
            {review.status === "pending" && typedReply ? TEXT.publishWithReply : TEXT.publish}
          </BusyButton>
        )}
        {review.status === "rejected" ? null : (
          <button
            type="button"
            className="button button--outline button--small"
            aria-haspopup="dialog"
            onClick={() => setRejecting(true)}
          >
            {review.status === "published" ? TEXT.withdraw : TEXT.reject}
          </button>
        )}
        <button
          type="button"
          className="button button--ghost button--small admin-review__delete"
          aria-haspopup="dialog"
          onClick={() => setDeleting(true)}
        >
          {TEXT.delete}
        </button>
      </div>

      <RejectDialog
        review={review}
        open={rejecting}
        onClose={() => setRejecting(false)}
        onDone={focusTitle}
      />
      <ConfirmDialog
        open={deleting}
        title={fill(TEXT.deleteTitle, { title: review.title })}
        question={TEXT.deleteQuestion}
        confirmLabel={TEXT.deleteConfirm}
        busyLabel={TEXT.deleting}
        busy={remove.isPending}
        onConfirm={() => {
          if (!remove.isPending) remove.mutate({ id: review.id });
        }}
        onClose={() => setDeleting(false)}
      />
    </article>
  );
}

import { copy, count } from "@souls/api/admin-words";
import { PHOTO_LIMITS } from "@souls/core/photos";
import { fill } from "@souls/core/placeholders";
import { type ChangeEvent, useId, useRef, useState } from "react";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { errorMessage, notifyFailure, notifySuccess } from "~/components/admin/notify";
import { PHOTO_ACCEPT } from "~/components/admin/photo-upload";
import { trpc } from "~/lib/trpc";
import { type GalleryPhoto, PhotoCard, type PhotoWordsDraft } from "./photo-card";

export type { PhotoWordsDraft };

import { type PhotoUpload, usePhotoUploads } from "./use-photo-uploads";

const TEXT = copy.photos;
/**
 * A model's gallery in the owner's panel: photos picked on a phone or a computer (several at
 * once, sent one after the other with their progress and, if refused, why in French), then in
 * order — the first is the cover — each with its words in French and English, and removed after
 * a confirmation. Mounted by the model's editor with the model's id; its lists refresh by
 * themselves after each change.
 */
export function PhotoManager({ productId, alts }: { productId: number; alts: PhotoWordsDraft }) {
  const ids = { title: useId(), hint: useId(), errors: useId(), input: useId() };
  const section = useRef<HTMLElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const utils = trpc.useUtils();
  const list = trpc.photos.list.useQuery({ productId });
  const { uploads, add, pending, announcement } = usePhotoUploads(productId, () => {
    // The gallery, and whatever else shows it (the editor's count, what is missing to publish).
    void utils.invalidate();
  });
  const [removing, setRemoving] = useState<{ photo: GalleryPhoto; n: number } | null>(null);

  /** After a move, the same button of the same photo, wherever it went (or its other one). */
  const focusAfterMove = (photoId: number, action: "up" | "down" | "cover") => {
    requestAnimationFrame(() => {
      const button = (name: string) =>
        section.current?.querySelector<HTMLElement>(`[data-photo="${photoId}"][data-action="${name}"]`);
      const order = action === "up" ? ["up", "down"] : action === "down" ? ["down", "up"] : ["title"];
      const target = order.map(button).find((element) => element && !element.hasAttribute("disabled"));
      target?.focus();
    });
  };

  const reorder = trpc.photos.reorder.useMutation({
    onSuccess: ({ photos }) => utils.photos.list.setData({ productId }, { photos }),
    onError: (error) => notifyFailure(TEXT.actionFailed, error),
  });
  const remove = trpc.photos.remove.useMutation({
    onSuccess: ({ photos }) => {
      utils.photos.list.setData({ productId }, { photos });
      notifySuccess(TEXT.removed);
      setRemoving(null);
    },
    onError: (error) => notifyFailure(TEXT.actionFailed, error),
  });

  const photos = list.data?.photos ?? [];
  const onMove = (photo: GalleryPhoto, to: number, action: "up" | "down" | "cover") => {
    if (reorder.isPending) return;
    const order = photos.map((one) => one.id).filter((id) => id !== photo.id);
    order.splice(to, 0, photo.id);
    reorder.mutate(
      { productId, photoIds: order },
      {
        onSuccess: () => {
          notifySuccess(action === "cover" ? TEXT.coverChanged : TEXT.reordered);
          focusAfterMove(photo.id, action);
        },
      },
    );
  };

  const room = PHOTO_LIMITS.perModel - photos.length - pending;
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // The same files may be picked again (after a refusal): the input forgets them.
    event.target.value = "";
    add(files);
  };
  const refused = uploads.filter((upload) => upload.status === "refused");

  return (
    <section ref={section} className="photo-manager admin-stack" aria-labelledby={ids.title}>
      <h2 id={ids.title} ref={titleRef} className="admin-panel__title" tabIndex={-1}>
        {TEXT.title}
      </h2>
      <p className="admin-muted">{TEXT.intro}</p>

      <div className="field photo-manager__picker">
        <label htmlFor={ids.input} className="button button--primary button--small photo-manager__choose">
          {TEXT.choose}
        </label>
        <input
          id={ids.input}
          type="file"
          multiple
          accept={PHOTO_ACCEPT}
          disabled={room <= 0 || !list.data}
          aria-describedby={[ids.hint, refused.length > 0 ? ids.errors : ""].filter(Boolean).join(" ")}
          onChange={pick}
        />
        <p id={ids.hint} className="admin-hint">
          {room <= 0 && list.data ? TEXT.full : TEXT.chooseHint}{" "}
          {list.data ? count(photos.length, TEXT.count) : null}
        </p>
      </div>

      {uploads.length > 0 ? <UploadList uploads={uploads} errorsId={ids.errors} /> : null}
      {/* Each outcome said once, not each percent. */}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>

      {list.isPending ? (
        <p role="status" className="admin-muted">
          {TEXT.loading}
        </p>
      ) : list.isError ? (
        <p role="alert" className="form-error">
          {TEXT.loadError} : {errorMessage(list.error)}
        </p>
      ) : photos.length === 0 ? (
        <p className="admin-empty">{TEXT.empty}</p>
      ) : (
        <ol className="photo-manager__list" aria-busy={reorder.isPending || undefined}>
          {photos.map((photo, index) => (
            <PhotoCard
              key={photo.id}
              photo={photo}
              index={index}
              total={photos.length}
              moving={reorder.isPending}
              onMove={onMove}
              onRemove={(one, n) => setRemoving({ photo: one, n })}
              alts={alts}
            />
          ))}
        </ol>
      )}

      <ConfirmDialog
        open={removing !== null}
        title={TEXT.removeTitle}
        question={fill(TEXT.removeQuestion, { n: removing?.n ?? 0 })}
        note={TEXT.removeNote}
        confirmLabel={TEXT.remove}
        busyLabel={TEXT.removing}
        busy={remove.isPending}
        // The photo's card goes away with it: the gallery's title takes the focus.
        finalFocus={titleRef}
        onConfirm={() => {
          if (removing && !remove.isPending) remove.mutate({ id: removing.photo.id });
        }}
        onClose={() => setRemoving(null)}
      />
    </section>
  );
}

/** The photos on their way: each with its progress, then added or refused (and why). */
function UploadList({ uploads, errorsId }: { uploads: PhotoUpload[]; errorsId: string }) {
  const refused = uploads.filter((upload) => upload.status === "refused");
  return (
    <div className="photo-manager__uploads">
      <h3 className="visually-hidden">{TEXT.uploads}</h3>
      <ul className="photo-manager__queue">
        {uploads.map((upload) => (
          <li key={upload.key} className={`photo-upload photo-upload--${upload.status}`}>
            <span className="photo-upload__name">{upload.name}</span>
            <progress
              max={100}
              value={upload.status === "queued" ? 0 : upload.percent}
              aria-label={fill(TEXT.progress, { name: upload.name })}
            />
            <span className="photo-upload__status">{statusText(upload)}</span>
          </li>
        ))}
      </ul>
      {refused.length > 0 ? (
        <ul id={errorsId} className="photo-manager__errors">
          {refused.map((upload) => (
            <li key={upload.key} className="field__error">
              {upload.name} : {upload.error}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function statusText(upload: PhotoUpload): string {
  switch (upload.status) {
    case "queued":
      return TEXT.queued;
    case "sending":
      return fill(TEXT.sending, { percent: upload.percent });
    case "processing":
      return TEXT.processing;
    case "added":
      return TEXT.added;
    case "refused":
      return fill(TEXT.refused, { reason: upload.error ?? copy.common.technicalError });
  }
}

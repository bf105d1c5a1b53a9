import { copy, count } from "~/components/admin/copy";
import type { ModelDetail } from "./types";

const TEXT = copy.editor;

/**
 * The model's photos. PLACE OF THE PHOTO MANAGER (helper "photos":
 * `routes/admin-catalogue/photo-manager.tsx`): it mounts here with the model's id once it lands;
 * until then the panel says how many photos the model has.
 */
export function PhotosPanel({ detail }: { detail: ModelDetail }) {
  return (
    <section className="admin-panel" aria-labelledby="editor-photos">
      <h3 id="editor-photos" className="admin-panel__title">
        {TEXT.photos}
      </h3>
      <p>{count(detail.photos.length, TEXT.photosCount)}</p>
      <p className="admin-muted">{TEXT.photosPending}</p>
    </section>
  );
}

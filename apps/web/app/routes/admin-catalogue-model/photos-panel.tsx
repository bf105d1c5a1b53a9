import { PhotoManager, type PhotoWordsDraft } from "../admin-catalogue/photo-manager";
import { inputId } from "./model-draft";
import type { ModelDetail } from "./types";

/**
 * The model's photos: added several at once, in order (the first is the cover), each described
 * in both languages — its words kept in the model's draft and saved by its « Enregistrer ». The
 * gallery refreshes the editor (what is missing to publish) by itself.
 */
export function PhotosPanel({ detail, alts }: { detail: ModelDetail; alts: PhotoWordsDraft }) {
  return (
    <div className="admin-panel" id={inputId("photos")} tabIndex={-1}>
      <PhotoManager productId={detail.model.id} alts={alts} />
    </div>
  );
}

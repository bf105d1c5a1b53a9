import { PhotoManager } from "../admin-catalogue/photo-manager";
import type { ModelDetail } from "./types";

/**
 * The model's photos: added several at once, in order (the first is the cover), each described
 * in both languages. The gallery refreshes the editor (what is missing to publish) by itself.
 */
export function PhotosPanel({ detail }: { detail: ModelDetail }) {
  return (
    <div className="admin-panel">
      <PhotoManager productId={detail.model.id} />
    </div>
  );
}

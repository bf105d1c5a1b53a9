import { copy } from "@souls/api/admin-words";
import { PHOTO_LIMITS } from "@souls/core/photos";
import { sendToLogin } from "~/lib/trpc";
import { PHOTO_UPLOAD_PATH } from "~/screens";

/** What a phone's picker offers: the four kinds the shop takes (an iPhone then sends JPEG, not HEIC). */
export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,image/avif";

/**
 * Sends one photo to the panel's upload route with what it is for (`{ seriesId }`, `{ articleId }`,
 * `{ hero: "draft" }`…): the shop's French refusal, or null once it is kept.
 */
export async function sendPhoto(purpose: Record<string, string>, file: File): Promise<string | null> {
  if (file.size > PHOTO_LIMITS.maxBytes) return copy.photos.tooHeavy;
  const form = new FormData();
  for (const [name, value] of Object.entries(purpose)) form.append(name, value);
  form.append("photo", file, file.name);
  try {
    const response = await fetch(PHOTO_UPLOAD_PATH, { method: "POST", body: form });
    if (response.status === 201) return null;
    if (response.status === 401) sendToLogin();
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    if (typeof body?.error === "string") return body.error;
    return response.status === 413 ? copy.photos.tooHeavy : copy.common.technicalError;
  } catch {
    return copy.common.networkError;
  }
}

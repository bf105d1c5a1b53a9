import { copy } from "@souls/api/admin-words";
import { PHOTO_LIMITS } from "@souls/core/photos";
import { fill } from "@souls/core/placeholders";
import { useCallback, useEffect, useRef, useState } from "react";
import { sendToLogin } from "~/lib/trpc";
import { PHOTO_UPLOAD_PATH } from "~/screens";

const TEXT = copy.photos;

export interface PhotoUpload {
  key: number;
  name: string;
  status: "queued" | "sending" | "processing" | "added" | "refused";
  /** Of the bytes sent, while sending. */
  percent: number;
  /** Why the shop refused it, in French. */
  error?: string;
}

type Outcome = { ok: true } | { ok: false; error: string };

/** What an answer without the app's JSON means (server.mjs refused the body, or a proxy did). */
function plainRefusal(status: number): string {
  if (status === 413) return TEXT.tooHeavy;
  if (status === 401) return copy.common.sessionExpired;
  return copy.common.technicalError;
}

/**
 * One photo to `POST /admin-photos`. XMLHttpRequest rather than fetch: it tells how much of the
 * file has left, which a phone on a slow connection needs to see.
 */
function sendPhoto(
  file: File,
  productId: number,
  events: { progress(percent: number): void; sent(): void; started(request: XMLHttpRequest): void },
): Promise<Outcome> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", PHOTO_UPLOAD_PATH);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) events.progress(Math.round((event.loaded / event.total) * 100));
    };
    request.upload.onload = () => events.sent();
    request.onload = () => {
      let body: { error?: unknown } | null = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      if (request.status === 201) return resolve({ ok: true });
      if (request.status === 401) sendToLogin();
      const error = typeof body?.error === "string" ? body.error : plainRefusal(request.status);
      resolve({ ok: false, error });
    };
    request.onerror = () => resolve({ ok: false, error: copy.common.networkError });
    request.onabort = () => resolve({ ok: false, error: copy.common.networkError });
    const form = new FormData();
    form.append("productId", String(productId));
    form.append("photo", file, file.name);
    events.started(request);
    request.send(form);
  });
}

/**
 * The photos the owner picked, sent one after the other (the server takes two at once per session
 * and processes one at a time anyway), each with its progress and its answer. `onAdded` runs after
 * each photo the shop kept; `announcement` says each outcome once, for a live region.
 */
export function usePhotoUploads(productId: number, onAdded: () => void) {
  const [uploads, setUploads] = useState<PhotoUpload[]>([]);
  const [announcement, setAnnouncement] = useState("");
  const queue = useRef<Promise<void>>(Promise.resolve());
  const current = useRef<XMLHttpRequest | null>(null);
  const nextKey = useRef(0);
  const added = useRef(onAdded);
  added.current = onAdded;

  // Leaving the page stops the photo on its way (the server stores nothing of a cut-off body).
  useEffect(() => () => current.current?.abort(), []);

  const update = useCallback((key: number, change: Partial<PhotoUpload>) => {
    setUploads((all) => all.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));
  }, []);

  const upload = useCallback(
    async (key: number, file: File) => {
      const outcome: Outcome =
        file.size > PHOTO_LIMITS.maxBytes
          ? { ok: false, error: TEXT.tooHeavy }
          : await sendPhoto(file, productId, {
              started: (request) => {
                current.current = request;
                update(key, { status: "sending" });
              },
              progress: (percent) => update(key, { percent }),
              sent: () => update(key, { status: "processing", percent: 100 }),
            });
      current.current = null;
      if (outcome.ok) {
        update(key, { status: "added" });
        setAnnouncement(fill(TEXT.announceAdded, { name: file.name }));
        added.current();
      } else {
        update(key, { status: "refused", error: outcome.error });
        setAnnouncement(fill(TEXT.announceRefused, { name: file.name, reason: outcome.error }));
      }
    },
    [productId, update],
  );

  /** Queues the files just picked; what the previous batch ended with leaves the list. */
  const add = useCallback(
    (files: readonly File[]) => {
      if (files.length === 0) return;
      const batch = files.map((file) => ({ file, key: ++nextKey.current }));
      setUploads((all) => [
        ...all.filter((upload) => upload.status !== "added" && upload.status !== "refused"),
        ...batch.map(({ file, key }) => ({ key, name: file.name, status: "queued" as const, percent: 0 })),
      ]);
      for (const { file, key } of batch) {
        queue.current = queue.current.then(() => upload(key, file));
      }
    },
    [upload],
  );

  const pending = uploads.filter((one) => one.status !== "added" && one.status !== "refused").length;
  return { uploads, add, pending, announcement };
}

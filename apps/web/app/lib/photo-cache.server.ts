import type { PhotoFileAnswer } from "@souls/shop/photos";
import { processWide } from "./server-process.server";

/**
 * The photo cuts this server served lately, kept in memory so that a rush on one model's page
 * does not read the same bytes from PostgreSQL for every shopper (32 connections on one photo
 * took 6 s a request). Bounded by bytes, the least recently served dropped first; a cut is kept
 * a few minutes at most, so a photo the owner removed stops being served from here soon after
 * (its name is its content: a cut never changes while it exists).
 */
export const PHOTO_CACHE_LIMITS = { bytes: 48 * 1024 * 1024, seconds: 300 } as const;

interface Kept {
  file: PhotoFileAnswer;
  until: number;
}

const kept = processWide("photo-cache", () => ({ files: new Map<string, Kept>(), bytes: 0 }));

function drop(name: string): void {
  const entry = kept.files.get(name);
  if (!entry) return;
  kept.files.delete(name);
  kept.bytes -= entry.file.bytes.byteLength;
}

/** A kept cut by its file name, or undefined; served again, it becomes the most recent. */
export function keptPhoto(name: string, now = Date.now()): PhotoFileAnswer | undefined {
  const entry = kept.files.get(name);
  if (!entry) return undefined;
  drop(name);
  if (entry.until <= now) return undefined;
  kept.files.set(name, entry);
  kept.bytes += entry.file.bytes.byteLength;
  return entry.file;
}

/** Keeps a cut just read, dropping the least recently served ones past the bound. */
export function keepPhoto(name: string, file: PhotoFileAnswer, now = Date.now()): void {
  if (file.bytes.byteLength > PHOTO_CACHE_LIMITS.bytes / 8) return;
  drop(name);
  kept.files.set(name, { file, until: now + PHOTO_CACHE_LIMITS.seconds * 1000 });
  kept.bytes += file.bytes.byteLength;
  for (const oldest of kept.files.keys()) {
    if (kept.bytes <= PHOTO_CACHE_LIMITS.bytes) break;
    drop(oldest);
  }
}

/** What the cache holds now (for tests and the operator's figures). */
export function photoCacheSize(): { files: number; bytes: number } {
  return { files: kept.files.size, bytes: kept.bytes };
}

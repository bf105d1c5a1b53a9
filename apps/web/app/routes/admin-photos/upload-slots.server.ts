/**
 * How many photo uploads run at once on this server: two per owner's session, four in all. Each
 * holds up to 25 MB while it is read and waits its turn to be processed (one photo at a time per
 * process), so a script with the owner's session cannot pile up memory or queue work for minutes.
 * Taken before the body is read, given back when the answer is ready.
 */
export const UPLOADS_PER_SESSION = 2;
export const UPLOADS_PER_SERVER = 4;

const bySession = new Map<string, number>();
let total = 0;

/** A slot for this session's upload, or null when it (or the server) has enough under way. */
export function takeUploadSlot(session: string): { release(): void } | null {
  const mine = bySession.get(session) ?? 0;
  if (mine >= UPLOADS_PER_SESSION || total >= UPLOADS_PER_SERVER) return null;
  bySession.set(session, mine + 1);
  total += 1;
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      total -= 1;
      const left = (bySession.get(session) ?? 1) - 1;
      if (left > 0) bySession.set(session, left);
      else bySession.delete(session);
    },
  };
}

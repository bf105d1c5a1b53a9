/**
 * The shop's clock for its launch rules (decision 039). In every real run it is the machine's.
 * The end-to-end tests move it (before an opening, the head start, after) without waiting: the
 * web server is started with SHOP_TEST_CLOCK_FILE, a file holding how many milliseconds the shop
 * is ahead of the machine, read at each reading. A deployment refuses to start with that variable
 * (settings), so no one can move a real shop's time.
 */
import { readFileSync } from "node:fs";

export interface ShopClock {
  now(): Date;
}

export const systemClock: ShopClock = { now: () => new Date() };

/** The machine's clock, moved by the offset the file holds (a missing or malformed file: none). */
export function testClock(file: string): ShopClock {
  return {
    now() {
      let offset = 0;
      try {
        const text = readFileSync(file, "utf8").trim();
        if (/^-?\d{1,13}$/.test(text)) offset = Number(text);
      } catch {
        // No file yet: the machine's time.
      }
      return new Date(Date.now() + offset);
    },
  };
}

/** The clock the settings ask for: the machine's unless a test run names its file. */
export function shopClock(settings: { SHOP_TEST_CLOCK_FILE?: string | undefined }): ShopClock {
  return settings.SHOP_TEST_CLOCK_FILE ? testClock(settings.SHOP_TEST_CLOCK_FILE) : systemClock;
}

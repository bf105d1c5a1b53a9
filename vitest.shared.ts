/**
 * How long a test may wait, for every package's vitest.config.ts (decision 034): a test fails because
 * it hangs, never because the machine is slow or busy. A test asserts what happened, not how fast
 * (speed is the benchmark's, `npm run bench`).
 */

/** A test, or a hook (a database cloned, a server or a worker started), is hung after two minutes. */
export const HUNG_MS = 120_000;

/**
 * A wait inside a test (vi.waitFor, expect.poll, a line a child process prints) gives up after half
 * of that, so that it says what it was waiting for before the test's own timeout strikes.
 */
export const WAIT_MS = HUNG_MS / 2;

/** Spread into `test` of every vitest.config.ts. */
export const timeouts = {
  testTimeout: HUNG_MS,
  hookTimeout: HUNG_MS,
  teardownTimeout: HUNG_MS,
  expect: { poll: { timeout: WAIT_MS } },
};

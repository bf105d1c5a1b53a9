import { afterEach, beforeEach, expect, vi } from "vitest";

// React reports template mistakes (a missing key, an invalid attribute) through console.error
// and renders anyway: make them fail the test that caused them.
let errors: unknown[][] = [];

beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  expect(errors, "console.error was called").toEqual([]);
});

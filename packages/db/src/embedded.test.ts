import { chmodSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { folderBarring } from "./embedded";

const root = mkdtempSync(path.join(tmpdir(), "souls-reach-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("what the `postgres` user may reach (as root)", () => {
  // Not this process's user (root in CI, someone else elsewhere): an outsider to these folders.
  const outsider = { uid: 54_321, groups: [54_321] };

  it("names the first folder on the way that others may not enter, and its mode", () => {
    const shop = path.join(root, "private", "shop");
    mkdirSync(path.join(shop, ".data"), { recursive: true });
    chmodSync(root, 0o755);
    chmodSync(path.join(root, "private"), 0o700);
    expect(folderBarring(path.join(shop, ".data", "postgres"), outsider)).toEqual({
      folder: path.join(root, "private"),
      mode: "700",
    });
    chmodSync(path.join(root, "private"), 0o711);
    expect(folderBarring(path.join(shop, ".data", "postgres"), outsider)).toBeUndefined();
  });

  it("lets a folder's owner or group in by their own bits", () => {
    const owned = path.join(root, "owned");
    mkdirSync(owned, { recursive: true });
    chmodSync(owned, 0o700);
    const me = { uid: process.getuid?.() ?? 0, groups: [] };
    expect(folderBarring(path.join(owned, "data"), me)).toBeUndefined();
    expect(folderBarring(path.join(owned, "data"), outsider)?.folder).toBe(owned);
  });
});

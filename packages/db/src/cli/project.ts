import { existsSync } from "node:fs";
import path from "node:path";

/** The repository's root: the nearest folder upwards holding turbo.json. */
export function projectRoot(from = process.cwd()): string {
  let dir = path.resolve(from);
  while (!existsSync(path.join(dir, "turbo.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve(from);
    dir = parent;
  }
  return dir;
}

/** Local state of a development machine (database files, mailbox): `.data/` at the root. */
export function projectDataDir(): string {
  return process.env.SHOP_DATA_DIR ?? path.join(projectRoot(), ".data");
}

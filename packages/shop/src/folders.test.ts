/**
 * The package is grouped by concept (decision 060): a folder may use another only if that one
 * never uses it back, through however many folders. The files at the root are each a concept of
 * their own (the errors, the order status, what a parcel holds…). Tests are left out: they may
 * drive a whole order through several concepts.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const SOURCE = resolve(import.meta.dirname);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The concept a file belongs to: its top folder, or the file itself at the root. */
function conceptOf(path: string): string {
  const [first, ...rest] = relative(SOURCE, path).split("/");
  // A folder imported by its name is its index.
  const folder = rest.length > 0 || statSync(path, { throwIfNoEntry: false })?.isDirectory();
  return folder ? `${first}/` : (first ?? "").replace(/\.tsx?$/, "");
}

/** Which concepts each concept imports, and through which file. */
function conceptGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(SOURCE)) {
    const from = conceptOf(file);
    for (const [, specifier] of readFileSync(file, "utf8").matchAll(/\bfrom\s+"(\.[^"]*)"/g)) {
      const to = conceptOf(resolve(dirname(file), specifier ?? ""));
      if (to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string>();
      if (!edges.has(to)) edges.set(to, `${relative(SOURCE, file)} → ${specifier}`);
      graph.set(from, edges);
    }
  }
  return graph;
}

/** Each cycle found by a depth-first walk, as the imports that close it. */
function cycles(graph: Map<string, Map<string, string>>): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const walk = (concept: string, path: string[]) => {
    const at = path.indexOf(concept);
    if (at >= 0) {
      const loop = [...path.slice(at), concept];
      found.push(loop.slice(1).map((to, i) => graph.get(loop[i] ?? "")?.get(to) ?? to));
      return;
    }
    if (done.has(concept)) return;
    for (const next of graph.get(concept)?.keys() ?? []) walk(next, [...path, concept]);
    done.add(concept);
  };
  for (const concept of graph.keys()) walk(concept, []);
  return found;
}

describe("the package's folders", () => {
  it("import each other one way only: no cycle between concepts", () => {
    expect(cycles(conceptGraph())).toEqual([]);
  });

  it("finds a cycle when there is one (the check itself)", () => {
    const graph = new Map([
      ["orders/", new Map([["refunds/", "orders/a.ts → ../refunds/b"]])],
      ["refunds/", new Map([["orders/", "refunds/b.ts → ../orders/a"]])],
    ]);
    expect(cycles(graph)).toEqual([["orders/a.ts → ../refunds/b", "refunds/b.ts → ../orders/a"]]);
  });
});

import { describe, expect, it } from "vitest";
import en from "./locales/en.json";
import fr from "./locales/fr.json";

/** Every leaf of a locale file as "path.to.key" → text. */
function leaves(value: unknown, path = ""): Map<string, string> {
  if (typeof value === "string") return new Map([[path, value]]);
  return new Map(
    Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => [
      ...leaves(child, path ? `${path}.${key}` : key),
    ]),
  );
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe("the locale files", () => {
  const french = leaves(fr);
  const english = leaves(en);

  it("have the same keys in French and English", () => {
    expect([...english.keys()].sort()).toEqual([...french.keys()].sort());
  });

  it("use the same placeholders in both languages", () => {
    for (const [key, text] of french) {
      expect(placeholders(english.get(key) ?? ""), key).toEqual(placeholders(text));
    }
  });

  it("leave no text empty", () => {
    for (const [key, text] of [...french, ...english]) expect(text.trim(), key).not.toBe("");
  });
});

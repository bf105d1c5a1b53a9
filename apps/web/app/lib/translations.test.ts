import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { resources } from "~/i18n.server";
import { embeddableJson, PageWords, translate, translateList, WordsProvider } from "./translations";
import { wordsFile } from "./words";

const words = {
  common: {
    cart: { count_one: "{{count}} pièce", count_other: "{{count}} pièces", title: "Panier" },
    greeting: "Bonjour {{name}}, {{ name }} !",
  },
  magazine: { fabrics: { readTime: 4 } },
  products: { aicha: { name: "Aicha", faq: [{ question: "Lavable ?", answer: "À {{degrees}} °C." }] } },
};

describe("the pages' lookup of their words", () => {
  it("reads a key of the default namespace, or of the one it names", () => {
    expect(translate(words, "fr", "common", "cart.title")).toBe("Panier");
    expect(translate(words, "fr", "common", "products:aicha.name")).toBe("Aicha");
    expect(translate(words, "fr", "products", "aicha.name")).toBe("Aicha");
  });

  it("fills every placeholder, and leaves one without a value as written", () => {
    expect(translate(words, "fr", "common", "greeting", { name: "Lina" })).toBe("Bonjour Lina, Lina !");
    expect(translate(words, "fr", "common", "greeting")).toBe("Bonjour {{name}}, {{ name }} !");
  });

  it("takes the plural form of the locale's rules (French 0 and 1 are singular)", () => {
    expect(translate(words, "fr", "common", "cart.count", { count: 0 })).toBe("0 pièce");
    expect(translate(words, "fr", "common", "cart.count", { count: 1 })).toBe("1 pièce");
    expect(translate(words, "fr", "common", "cart.count", { count: 3 })).toBe("3 pièces");
    expect(translate(words, "en", "common", "cart.count", { count: 0 })).toBe("0 pièces");
  });

  it("gives a number as its digits (an article's reading minutes)", () => {
    expect(translate(words, "fr", "magazine", "fabrics.readTime")).toBe("4");
  });

  it("finds every text and number the locale files hold, in both languages", () => {
    for (const locale of ["fr", "en"] as const) {
      for (const [namespace, tree] of Object.entries(resources[locale] ?? {})) {
        for (const [key, value] of Object.entries(flatten(tree))) {
          if (typeof value !== "string" && typeof value !== "number") continue; // a list: translateList
          expect(
            translate(resources[locale] ?? {}, locale, namespace, key),
            `${locale} ${namespace}:${key}`,
          ).toBe(String(value));
        }
      }
    }
  });

  it("answers a key without words with its path, never throws", () => {
    expect(translate(words, "fr", "common", "cart.nothing")).toBe("cart.nothing");
    expect(translate(words, "fr", "common", "missing:cart.title")).toBe("cart.title");
    expect(translate(words, "fr", "common", "cart")).toBe("cart");
  });

  it("gives a list with each text filled, or an empty list", () => {
    expect(translateList(words, "fr", "products", "aicha.faq", { degrees: 30 })).toEqual([
      { question: "Lavable ?", answer: "À 30 °C." },
    ]);
    expect(translateList(words, "fr", "products", "aicha.name")).toEqual([]);
  });

  it("finds every plural the locale files hold in both languages", () => {
    for (const locale of ["fr", "en"] as const) {
      for (const [namespace, tree] of Object.entries(resources[locale] ?? {})) {
        for (const key of Object.keys(flatten(tree)).filter((path) => path.endsWith("_other"))) {
          const base = key.slice(0, -"_other".length);
          const text = translate(resources[locale] ?? {}, locale, namespace, base, { count: 7 });
          expect(text, `${locale} ${namespace}:${base}`).not.toBe(base);
        }
      }
    }
  });
});

describe("the words a page carries", () => {
  it("are its namespaces' files, preloaded, not the words themselves", () => {
    const source = {
      page: { locale: "fr" as const, namespaces: ["common", "home"] },
      resources: () => ({}),
    };
    const html = renderToStaticMarkup(createElement(WordsProvider, { source }, createElement(PageWords)));
    for (const namespace of ["common", "home"]) {
      const file = wordsFile("fr", namespace);
      expect(file, namespace).toMatch(/\.json$/);
      expect(html).toContain(`<link rel="preload" as="fetch" crossorigin="anonymous" href="${file}"/>`);
    }
    expect(html).toContain(
      '<script id="page-words" type="application/json">{"locale":"fr","namespaces":["common","home"]}</script>',
    );
    expect(html).not.toContain("Ajouter au panier");
  });

  it("are JSON that no text can end early inside a script element", () => {
    const json = embeddableJson({ text: "</script><script>alert(1)</script><!--" });
    expect(json).not.toContain("<");
    expect(JSON.parse(json)).toEqual({ text: "</script><script>alert(1)</script><!--" });
  });
});

function flatten(tree: unknown, prefix = ""): Record<string, unknown> {
  if (typeof tree !== "object" || tree === null || Array.isArray(tree)) return { [prefix]: tree };
  return Object.fromEntries(
    Object.entries(tree).flatMap(([name, child]) =>
      Object.entries(flatten(child, prefix ? `${prefix}.${name}` : name)),
    ),
  );
}

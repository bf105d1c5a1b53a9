/**
 * The catalogue's screens rendered with real answers of the API (server-side, without a browser):
 * a launch model and a new draft, every panel, the labels the owner and her screen reader rely on.
 */
import { createCaller } from "@souls/api";
import { seedProducts } from "@souls/db";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ComponentProps, createElement as h, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, MemoryRouter, RouterProvider } from "react-router-dom";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ProductHistoryList } from "~/components/admin/product-history";
import { trpc } from "~/lib/trpc";
import { SeriesSection } from "../admin-catalogue/series-section";
import { draftOf } from "./model-draft";
import { ModelForm } from "./model-form";
import { PublicationPanel } from "./publication-panel";
import { TextsPanel } from "./texts-panel";

let t: TestDatabase;
let api: ReturnType<typeof createCaller>;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedProducts(t.db);
  api = createCaller({
    db: t.db,
    admin: { sessionIdHash: "0".repeat(64), personId: "0", role: "owner", name: "Propriétaire" },
    clientHash: "test-client",
    productChanges: { subscribe: () => () => {} },
    emailContext: {} as never,
    gateway: {} as never,
    linkSecret: "",
  });
});
afterAll(() => t.drop());

/** The admin shell's providers, without a server to call: everything comes from the answers given. */
function render(...children: ReactNode[]): string {
  return renderIn((nodes) => h(MemoryRouter, null, ...nodes), children);
}

/** The providers around a router of the test's own (a data router: the editor's warning needs one). */
function renderIn(wrap: (nodes: ReactNode[]) => ReactNode, children: ReactNode[]): string {
  const queryClient = new QueryClient();
  const client = trpc.createClient({ links: [] });
  // React Router's links warn that layout effects do not run on a server: that is expected here.
  const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
  try {
    return renderToString(
      h(
        trpc.Provider,
        // Its children come as createElement's own argument.
        { client, queryClient } as ComponentProps<typeof trpc.Provider>,
        h(QueryClientProvider, { client: queryClient }, wrap(children)),
      ),
    );
  } finally {
    quiet.mockRestore();
  }
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

describe("the model editor", () => {
  it("shows a new draft with its default addresses, what is missing and its preview links", async () => {
    const zora = await api.catalogue.createModel({ name: "Zora", price: 179 });
    const detail = await api.catalogue.detail({ id: zora.id });
    const { photos } = await api.photos.list({ productId: zora.id });
    // The whole editor, in a data router (its warning before leaving needs one).
    const router = createMemoryRouter([
      {
        path: "/",
        element: h(ModelForm, {
          detail,
          photos,
          siteUrl: "https://souls.example",
          back: null,
          returned: null,
        }),
      },
    ]);
    const html = renderIn(() => h(RouterProvider, { router }), []);
    const words = text(html);
    expect(words).toContain("Brouillon");
    expect(words).toContain("Pour publier, il manque :");
    expect(words).toContain("Description longue (anglais)");
    // Each missing piece is a link to its field, in either language.
    expect(html).toContain('href="#model-texts-en-longDescription"');
    expect(html).toContain('href="#model-photos"');
    expect(html).toContain('href="/produit/sac-banane-zora"');
    expect(words).toContain("Aperçu en anglais");
    expect(words).toContain("Adresse complète : https://souls.example/produit/sac-banane-zora");
    expect(html).toMatch(
      /<label for="model-texts-fr-longDescription">Description longue<\/label><textarea id="model-texts-fr-longDescription"/,
    );
    // Both languages are in the page (the English one hidden), saved together.
    expect(html).toContain('id="model-texts-en-longDescription"');
    expect(html).toContain(
      'role="tab" id="texts-tab-en" aria-selected="false" aria-controls="texts-panel-en"',
    );
    // Before its script runs (without JavaScript), both languages show: tabs need JavaScript.
    expect(html).toMatch(/id="texts-panel-en" aria-labelledby="texts-tab-en" class="[^"]*">/);
    // One form posts it all, the photos' words too, each field named by its path.
    expect(html).toMatch(/<form id="model-form" method="post"/);
    expect(html).toContain('name="texts.en.tagline"');
    expect(html).toContain('name="texts.fr.materials.fabric"');
    expect(html).toContain('name="texts.en.segment"');
    // « Publier » says why it cannot publish yet.
    expect(html).toMatch(/aria-disabled="true" aria-describedby="editor-publish-blocked"[^>]*>Publier</);
    for (const button of ["Archiver", "Mettre en solde", "Dupliquer"]) expect(words).toContain(button);
    // One « Enregistrer » for the whole model: no panel has its own.
    expect(html.match(/>Enregistrer</g)).toHaveLength(1);
    for (const gone of [
      "Enregistrer les textes",
      "Changer l'adresse",
      "Enregistrer le prix",
      "Changer de série",
    ]) {
      expect(words).not.toContain(gone);
    }
    expect(words).toContain("Tout est enregistré.");
    expect(words).toContain("Prix barré qui sera affiché : 179,00");
    // The gallery of the photos helper, mounted with the model's id.
    expect(words).toContain("Ajouter des photos");
  });

  it("shows a published model's page links, words, sale and history", async () => {
    const detail = await api.catalogue.detail({ id: 1 });
    const { photos } = await api.photos.list({ productId: 1 });
    const draft = draftOf(detail, photos);
    const html = render(
      h(PublicationPanel, { detail, dirty: false, onFollow: () => {} }),
      h(TextsPanel, {
        detail,
        siteUrl: "https://souls.example",
        language: "fr",
        onLanguage: () => {},
        draft,
        onChange: () => {},
        errorOf: () => undefined,
        refused: [],
        hydrated: true,
      }),
      h(ProductHistoryList, { events: detail.history }),
    );
    const words = text(html);
    expect(words).toContain("En ligne");
    expect(words).toContain("Voir la page en français");
    expect(words).toContain("Repasser en brouillon");
    expect(words).not.toContain("Pour publier, il manque");
    expect(html).toContain('value="sac-banane-aicha"');
  });
});

describe("the catalogue", () => {
  it("lists each series' models in their order, with their status and a way to move them", async () => {
    const { series } = await api.catalogue.list();
    const html = render(
      ...series.map((row) => h(SeriesSection, { key: row.id, series: row, onEdit: () => {} })),
    );
    const words = text(html);
    expect(words).toContain("Première collection");
    expect(words).toContain("Page d'accueil");
    expect(html.indexOf("Aicha")).toBeLessThan(html.indexOf("Nadia"));
    expect(html).toContain('aria-label="Monter Nadia d&#x27;une place"');
    expect(html).toContain('aria-label="Monter Aicha d&#x27;une place" aria-disabled="true"');
    expect(html).toContain('href="/admin-catalogue/1"');
  });
});

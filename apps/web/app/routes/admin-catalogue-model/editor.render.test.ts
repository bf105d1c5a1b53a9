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
import { MemoryRouter } from "react-router-dom";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ProductHistoryList } from "~/components/admin/product-history";
import { trpc } from "~/lib/trpc";
import { SeriesSection } from "../admin-catalogue/series-section";
import { IdentityPanel } from "./identity-panel";
import { PhotosPanel } from "./photos-panel";
import { PublicationPanel } from "./publication-panel";
import { SalePanel } from "./sale-panel";
import { TextsPanel } from "./texts-panel";

let t: TestDatabase;
let api: ReturnType<typeof createCaller>;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedProducts(t.db);
  api = createCaller({
    db: t.db,
    admin: { sessionIdHash: "0".repeat(64) },
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
        h(QueryClientProvider, { client: queryClient }, h(MemoryRouter, null, ...children)),
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
    const html = render(
      h(PublicationPanel, { detail }),
      h(IdentityPanel, { detail }),
      h(TextsPanel, { detail, siteUrl: "https://souls.example" }),
      h(PhotosPanel, { detail }),
      h(SalePanel, { detail }),
    );
    const words = text(html);
    expect(words).toContain("Brouillon");
    expect(words).toContain("Pour publier, il manque :");
    expect(words).toContain("Description longue (anglais)");
    expect(html).toContain('href="/produit/sac-banane-zora"');
    expect(words).toContain("Aperçu en anglais");
    expect(words).toContain("Adresse complète : https://souls.example/produit/sac-banane-zora");
    expect(html).toMatch(
      /<label for="texts-fr-longDescription">Description longue<\/label><textarea id="texts-fr-longDescription"/,
    );
    expect(html).toContain(
      'role="tab" id="texts-tab-en" aria-selected="false" aria-controls="texts-panel-en"',
    );
    expect(html).toContain('id="texts-panel-en" aria-labelledby="texts-tab-en" hidden');
    for (const button of [
      "Publier",
      "Archiver",
      "Enregistrer les textes en français",
      "Changer l'adresse",
      "Mettre en solde",
    ]) {
      expect(words).toContain(button);
    }
    expect(words).toContain("Prix barré qui sera affiché : 179,00");
    // The gallery of the photos helper, mounted with the model's id.
    expect(words).toContain("Ajouter des photos");
  });

  it("shows a published model's page links, words, sale and history", async () => {
    const detail = await api.catalogue.detail({ id: 1 });
    const html = render(
      h(PublicationPanel, { detail }),
      h(TextsPanel, { detail, siteUrl: "https://souls.example" }),
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

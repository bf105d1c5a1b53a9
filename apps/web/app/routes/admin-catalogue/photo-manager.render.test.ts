/**
 * The gallery's manager rendered with a real answer of the API (server-side, without a browser):
 * the picker a phone opens, each photo's place, buttons and words, labelled for a screen reader.
 */
import { createCaller } from "@souls/api";
import { seedProducts } from "@souls/db";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { addPhoto } from "@souls/shop/photos";
import { smallPhoto } from "@souls/shop/testing";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { getQueryKey } from "@trpc/react-query";
import { type ComponentProps, createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trpc } from "~/lib/trpc";
import { PhotoManager } from "./photo-manager";

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

/** The manager with the gallery the API answers for this model already in its cache. */
async function render(productId: number): Promise<string> {
  const queryClient = new QueryClient();
  queryClient.setQueryData(
    getQueryKey(trpc.photos.list, { productId }, "query"),
    await api.photos.list({ productId }),
  );
  return renderToString(
    h(
      trpc.Provider,
      // Its children come as createElement's own argument.
      { client: trpc.createClient({ links: [] }), queryClient } as ComponentProps<typeof trpc.Provider>,
      h(
        QueryClientProvider,
        { client: queryClient },
        h(PhotoManager, {
          productId,
          // The editor's draft: the words as stored, no refusal.
          alts: { value: (photo) => photo.alt, onChange: () => {}, errorOf: () => undefined },
        }),
      ),
    ),
  );
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");
const tags = (html: string, name: string) => html.match(new RegExp(`<${name}\\b[^>]*>`, "g")) ?? [];

describe("the photo manager", () => {
  it("offers a phone's picker of several JPEG, PNG, WebP or AVIF photos, described by its hint", async () => {
    const model = await api.catalogue.createModel({ name: "Zora", price: 179 });
    const html = await render(model.id);
    const [input] = tags(html, "input");
    expect(input).toMatch(/type="file"/);
    expect(input).toMatch(/multiple=""/);
    expect(input).toMatch(/accept="image\/jpeg,image\/png,image\/webp,image\/avif"/);
    const id = /id="([^"]+)"/.exec(input ?? "")?.[1];
    expect(html).toContain(`for="${id}"`);
    const hint = /aria-describedby="([^"]+)"/.exec(input ?? "")?.[1];
    expect(html).toMatch(new RegExp(`id="${hint}"[^>]*>JPEG, PNG, WebP ou AVIF, 25 Mo au plus chacune`));
    expect(text(html)).toContain("Aucune photo pour le moment");
    expect(text(html)).toContain("0 photo sur 12");
  });

  it("shows each photo in order, the first the cover, with buttons to move it and fields for its words", async () => {
    const aicha = await t.db
      .selectFrom("products")
      .select("id")
      .where("slug", "=", "aicha")
      .executeTakeFirstOrThrow();
    const added = await addPhoto(t.db, { productId: aicha.id, bytes: await smallPhoto("#1a2b3c") });
    const html = await render(aicha.id);
    const words = text(html);
    expect(words).toContain("5 photos sur 12");
    expect(tags(html, "li").filter((tag) => tag.includes("photo-card"))).toHaveLength(5);
    expect(words).toContain("Photo 1 sur 5 Couverture");
    expect(words.match(/Couverture/g)).toHaveLength(1);
    // The launch drawing as it is; the new photo by its narrowest WebP, its shape kept.
    expect(html).toContain('src="/images/products/aicha-1.svg"');
    expect(html).toContain(`src="/photos/${added.source}-320.webp"`);
    expect(html).toMatch(/alt="Photo 5, sans description" width="160" height="200"/);
    // Moving: the first cannot go up, the last cannot go down; every button says which photo.
    const buttons = tags(html, "button");
    expect(buttons.find((tag) => tag.includes('aria-label="Monter la photo 1"'))).toMatch(/disabled=""/);
    expect(buttons.find((tag) => tag.includes('aria-label="Descendre la photo 5"'))).toMatch(/disabled=""/);
    expect(buttons.find((tag) => tag.includes('aria-label="Monter la photo 5"'))).not.toMatch(/disabled/);
    expect(buttons.some((tag) => tag.includes('aria-label="Choisir comme couverture : photo 1"'))).toBe(
      false,
    );
    expect(buttons.some((tag) => tag.includes('aria-label="Choisir comme couverture : photo 2"'))).toBe(true);
    expect(buttons.filter((tag) => tag.includes('aria-label="Retirer la photo'))).toHaveLength(5);
    // Its words in both languages, each field labelled; a photo without them says what it needs.
    expect(words.match(/Description \(français\)/g)).toHaveLength(5);
    expect(words.match(/Description \(anglais\)/g)).toHaveLength(5);
    expect(words.match(/Décrivez-la en français et en anglais/g)).toHaveLength(1);
    for (const textarea of tags(html, "textarea")) {
      const id = /id="([^"]+)"/.exec(textarea)?.[1];
      expect(html).toContain(`for="${id}"`);
      expect(textarea).toMatch(/maxLength="300"/);
    }
    // Outcomes of uploads are announced once each.
    expect(html).toMatch(/role="status" aria-live="polite"/);
  });
});

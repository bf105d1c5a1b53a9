import type { Locale } from "@souls/core/locales";
import { isPhotoHash } from "@souls/core/photos";
import { seedProducts } from "@souls/db";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSale } from "../admin/catalogue/sales";
import { completeTexts, insertDescribedPhoto } from "../admin/catalogue/testing";
import { servedCountries } from "../delivery/zones";
import {
  type FeedLine,
  type FeedSource,
  feedLines,
  googleFeed,
  loadFeedSource,
  META_COLUMNS,
  metaFeed,
  nextFeedChange,
  plainText,
  uploadedPhotoImage,
  weightInGrams,
} from "./index";

const ORIGIN = "https://souls.example";
const NOW = new Date();
const OPENS_AT = new Date(Math.floor((NOW.getTime() + 3 * 24 * 3600_000) / 60_000) * 60_000);

let t: TestDatabase;
let source: FeedSource;

beforeAll(async () => {
  t = await createTestDatabase();
  await seedProducts(t.db);
  const id = async (slug: string) =>
    (await t.db.selectFrom("products").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id;
  // Aicha: published, in stock, with an uploaded photo after its drawings (and one too small).
  await insertDescribedPhoto(t.db, await id("aicha"));
  await t.db
    .insertInto("productPhotos")
    .values({ productId: await id("aicha"), position: 9, source: "f".repeat(32), width: 400, height: 400 })
    .execute();
  // Nadia: on sale, its reference price struck through.
  await startSale(t.db, await id("nadia"), 12900);
  // Bilin: every piece held by unpaid orders.
  await t.db.updateTable("products").set({ stock: 2, reserved: 2 }).where("slug", "=", "bilin").execute();
  // Ilian: in a series that opens in three days.
  const series = await t.db
    .insertInto("series")
    .values({ titleFr: "Hiver", titleEn: "Winter", opensAt: OPENS_AT })
    .returning("id")
    .executeTakeFirstOrThrow();
  await t.db.updateTable("products").set({ seriesId: series.id }).where("slug", "=", "ilian").execute();
  // Zora: a complete draft, with words and a photo, never in a feed.
  const zora = await t.db
    .insertInto("products")
    .values({ reference: "Zora-01", slug: "zora", name: "Zora", priceCents: 15900, stock: 3 })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const locale of ["fr", "en"] as const) {
    const texts = completeTexts(locale);
    await t.db
      .insertInto("productTexts")
      .values({
        ...texts,
        productId: zora.id,
        locale,
        path: locale === "fr" ? "/produit/zora" : "/en/product/zora",
        materials: JSON.stringify(texts.materials),
        faq: JSON.stringify(texts.faq),
      })
      .execute();
  }
  await insertDescribedPhoto(t.db, zora.id);
  source = await loadFeedSource(t.db);
});
afterAll(() => t.drop());

/** A drawing's raster cut, as the web app names it (`/photos/<hash>-1200.jpg`). */
const drawingImage = (photo: { source: string }) =>
  isPhotoHash(photo.source)
    ? null
    : {
        url: `${ORIGIN}/photos/${"d".repeat(31)}${photo.source.length % 10}-1200.jpg`,
        width: 1200,
        height: 1500,
      };

function linesOf(locale: Locale): FeedLine[] {
  return feedLines(source, {
    locale,
    origin: ORIGIN,
    now: NOW,
    brand: "SOULS",
    titleOf: (model) => (locale === "fr" ? `Sac banane ${model.name}` : `${model.name} fanny pack`),
    imageOf: (photo) => uploadedPhotoImage(ORIGIN, photo) ?? drawingImage(photo),
  });
}

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");

/** Each `<item>` of a Google feed as its fields (repeated ones in order), shipping as sub-records. */
function googleItems(xml: string) {
  return [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)].map(([, body = ""]) => {
    const shipping = [...body.matchAll(/<g:shipping>([\s\S]*?)<\/g:shipping>/g)].map(([, inner = ""]) =>
      Object.fromEntries(
        [...inner.matchAll(/<g:(\w+)>([^<]*)<\/g:\1>/g)].map(([, name, value]) => [
          name,
          unescapeXml(value ?? ""),
        ]),
      ),
    );
    const fields: Record<string, string[]> = {};
    for (const [, name = "", value = ""] of body
      .replace(/<g:shipping>[\s\S]*?<\/g:shipping>/g, "")
      .matchAll(/<g:(\w+)>([^<]*)<\/g:\1>/g)) {
      fields[name] = [...(fields[name] ?? []), unescapeXml(value)];
    }
    return { fields, shipping };
  });
}

/** RFC 4180, as Meta reads it: quoted fields, doubled quotes, CRLF rows. */
function csvRows(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i];
    if (quoted && c === '"' && csv[i + 1] === '"') {
      field += '"';
      i++;
    } else if (quoted && c === '"') {
      quoted = false;
    } else if (quoted) {
      field += c;
    } else if (c === '"') {
      quoted = true;
    } else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\r" && csv[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else {
      field += c;
    }
  }
  expect(field).toBe("");
  return rows;
}

const PAGES: Record<Locale, Record<string, string>> = {
  fr: {
    "Aicha-01": "/produit/sac-banane-aicha",
    "Nadia-01": "/produit/sac-banane-nadia",
    "Bilin-01": "/produit/sac-banane-bilin",
    "Ilian-01": "/produit/sac-banane-ilian",
  },
  en: {
    "Aicha-01": "/en/product/aicha-fanny-pack",
    "Nadia-01": "/en/product/nadia-fanny-pack",
    "Bilin-01": "/en/product/bilin-fanny-pack",
    "Ilian-01": "/en/product/ilian-fanny-pack",
  },
};

/** What each model's line must say, whatever the format. */
const EXPECTED = {
  "Aicha-01": { availability: "in_stock", price: "169.00 EUR", sale: null, date: null, images: 5 },
  "Nadia-01": { availability: "in_stock", price: "169.00 EUR", sale: "129.00 EUR", date: null, images: 4 },
  "Bilin-01": { availability: "out_of_stock", price: "169.00 EUR", sale: null, date: null, images: 4 },
  "Ilian-01": {
    availability: "preorder",
    price: "169.00 EUR",
    sale: null,
    date: `${OPENS_AT.toISOString().slice(0, 16)}Z`,
    images: 4,
  },
} as const;

describe.each(["fr", "en"] as const)("the feeds in %s", (locale) => {
  it("Google's RSS: every published model with each required field and its value rules", () => {
    const lines = linesOf(locale);
    const xml = googleFeed({ title: "SOULS", link: `${ORIGIN}/`, description: "Sacs banane" }, lines);
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
      ),
    ).toBe(true);
    const items = googleItems(xml);
    expect(items.map(({ fields }) => fields.id?.[0])).toEqual([
      "Aicha-01",
      "Nadia-01",
      "Bilin-01",
      "Ilian-01",
    ]);
    for (const { fields, shipping } of items) {
      const id = fields.id?.[0] as keyof typeof EXPECTED;
      const expected = EXPECTED[id];
      const one = (name: string) => {
        expect(fields[name], `${id} ${name}`).toHaveLength(1);
        return fields[name]?.[0] as string;
      };
      const name = id.slice(0, -3);
      expect(one("title")).toBe(locale === "fr" ? `Sac banane ${name}` : `${name} fanny pack`);
      // Plain text: one paragraph, no markup, at most 5,000 characters.
      const description = one("description");
      expect(description.length).toBeGreaterThan(50);
      expect(description.length).toBeLessThanOrEqual(5000);
      expect(description).not.toMatch(/[<>\n]/);
      expect(one("link")).toBe(`${ORIGIN}${PAGES[locale][id]}`);
      expect(one("image_link")).toMatch(/^https:\/\/souls\.example\/photos\/[0-9a-f]{32}-1200\.jpg$/);
      expect(1 + (fields.additional_image_link?.length ?? 0)).toBe(expected.images);
      for (const url of fields.additional_image_link ?? []) expect(url).toMatch(/^https:\/\/.*\.jpg$/);
      expect(one("availability")).toBe(expected.availability);
      expect(fields.availability_date?.[0] ?? null).toBe(expected.date);
      expect(one("price")).toBe(expected.price);
      expect(fields.sale_price?.[0] ?? null).toBe(expected.sale);
      // An open-ended sale: no effective dates (decision 046).
      expect(fields.sale_price_effective_date).toBeUndefined();
      expect(one("brand")).toBe("SOULS");
      expect(one("condition")).toBe("new");
      expect(one("identifier_exists")).toBe("no");
      expect(one("google_product_category")).toBe("104");
      expect(one("material").length).toBeLessThanOrEqual(200);
      expect(one("product_weight")).toBe("250 g");
      expect(fields.color).toBeUndefined();
      expect(shipping).toHaveLength(servedCountries(source.zones).length);
      expect(shipping.find((entry) => entry.country === "FR")).toEqual({
        country: "FR",
        service: "Standard",
        price: "0.00 EUR",
        min_handling_time: "0",
        max_handling_time: "1",
        min_transit_time: "3",
        max_transit_time: "4",
      });
      expect(shipping.find((entry) => entry.country === "DE")).toMatchObject({
        price: "12.00 EUR",
        max_transit_time: "6",
      });
      expect(shipping.find((entry) => entry.country === "CH")).toMatchObject({
        price: "12.00 EUR",
        max_transit_time: "9",
      });
      expect(shipping.find((entry) => entry.country === "US")).toMatchObject({
        price: "25.00 EUR",
        min_transit_time: "7",
      });
    }
    // The fabric, in the feed's language.
    expect(items[0]?.fields.material?.[0]).toMatch(locale === "fr" ? /jacquard/i : /jacquard/i);
    expect(items[0]?.fields.image_link?.[0]).toBe(
      `${ORIGIN}/photos/${"d".repeat(31)}${"/images/products/aicha-1.svg".length % 10}-1200.jpg`,
    );
    expect(items[0]?.fields.additional_image_link?.at(-1)).toBe(
      `${ORIGIN}/photos/0123456789abcdef0123456789abcdef-1200.jpg`,
    );
  });

  it("Meta's CSV: its columns, and each model's row field by field", () => {
    const rows = csvRows(metaFeed(linesOf(locale)));
    expect(rows[0]).toEqual([...META_COLUMNS]);
    const records = rows.slice(1).map((row) => {
      expect(row).toHaveLength(META_COLUMNS.length);
      return Object.fromEntries(META_COLUMNS.map((column, index) => [column, row[index] as string]));
    });
    expect(records.map((record) => record.id)).toEqual(["Aicha-01", "Nadia-01", "Bilin-01", "Ilian-01"]);
    for (const record of records) {
      const id = record.id as keyof typeof EXPECTED;
      const expected = EXPECTED[id];
      const name = id.slice(0, -3);
      expect(record.title).toBe(locale === "fr" ? `Sac banane ${name}` : `${name} fanny pack`);
      expect(record.description).not.toMatch(/[<>\n]/);
      expect(record.availability).toBe(expected.availability.replaceAll("_", " "));
      expect(record.availability_date).toBe(expected.date ?? "");
      expect(record.condition).toBe("new");
      expect(record.price).toBe(expected.price);
      expect(record.sale_price).toBe(expected.sale ?? "");
      expect(record.link).toBe(`${ORIGIN}${PAGES[locale][id]}`);
      expect(record.image_link).toMatch(/^https:\/\/souls\.example\/photos\/[0-9a-f]{32}-1200\.jpg$/);
      expect(record.additional_image_link?.split(",")).toHaveLength(expected.images - 1);
      expect(record.brand).toBe("SOULS");
      expect(record.google_product_category).toBe("104");
      expect(record.material).not.toBe("");
      expect(record.shipping_weight).toBe("250 g");
      const shipping = record.shipping?.split(",") ?? [];
      expect(shipping).toHaveLength(servedCountries(source.zones).length);
      expect(shipping).toContain("FR::Standard:0.00 EUR");
      expect(shipping).toContain("DE::Standard:12.00 EUR");
      expect(shipping).toContain("US::Standard:25.00 EUR");
    }
  });
});

describe("what never goes in a feed", () => {
  it("a draft, an archived model, and a model without a photo large enough", async () => {
    const ids = (locale: Locale) => linesOf(locale).map((line) => line.id);
    expect(ids("fr")).not.toContain("Zora-01");
    expect(metaFeed(linesOf("en"))).not.toContain("Zora");
    await t.db.updateTable("products").set({ archivedAt: new Date() }).where("slug", "=", "bilin").execute();
    try {
      source = await loadFeedSource(t.db);
      expect(ids("fr")).toEqual(["Aicha-01", "Nadia-01", "Ilian-01"]);
      const noDrawings = feedLines(source, {
        locale: "fr",
        origin: ORIGIN,
        now: NOW,
        brand: "SOULS",
        titleOf: (model) => model.name,
        imageOf: (photo) => uploadedPhotoImage(ORIGIN, photo),
      });
      // Only Aicha has an uploaded photo of 500 px and more.
      expect(noDrawings.map((line) => line.images.map((image) => image.width))).toEqual([[1200]]);
    } finally {
      await t.db.updateTable("products").set({ archivedAt: null }).where("slug", "=", "bilin").execute();
      source = await loadFeedSource(t.db);
    }
  });

  it("text the owner typed reaches the feeds as text: escaped in XML, quoted in CSV, never markup", () => {
    const line: FeedLine = {
      ...(linesOf("fr")[0] as FeedLine),
      title: 'Sac "Aïcha" <b>& co</b>',
      description: plainText('Un sac\u0007 <i>brodé</i>\n\nà la main & "cousu", d\'un fil\u0000', 5000),
    };
    const xml = googleFeed({ title: "A & B", link: ORIGIN, description: "<x>" }, [line]);
    expect(xml).toContain("<g:title>Sac &quot;Aïcha&quot; &lt;b&gt;&amp; co&lt;/b&gt;</g:title>");
    expect(xml).toContain("<title>A &amp; B</title>");
    expect(xml).toContain("<description>&lt;x&gt;</description>");
    expect(xml.includes("\u0000") || xml.includes("\u0007")).toBe(false);
    expect(googleItems(xml)[0]?.fields.description?.[0]).toBe(
      'Un sac <i>brodé</i> à la main & "cousu", d\'un fil',
    );
    const rows = csvRows(metaFeed([line]));
    expect(rows[1]?.[1]).toBe('Sac "Aïcha" <b>& co</b>');
  });

  it("reads a weight in grams and cuts a long text at a word", () => {
    expect(weightInGrams("Environ 250 g")).toBe(250);
    expect(weightInGrams("About 0,3 kg")).toBe(300);
    expect(weightInGrams("Léger")).toBeNull();
    expect(plainText("un deux trois quatre", 12)).toBe("un deux…");
  });

  it("knows when the feeds change with no catalogue change: at the next series' opening", () => {
    expect(nextFeedChange(source, NOW)).toEqual(OPENS_AT);
    expect(nextFeedChange(source, new Date(OPENS_AT.getTime() + 1))).toBeNull();
    const after = feedLines(source, {
      locale: "en",
      origin: ORIGIN,
      now: new Date(OPENS_AT.getTime() + 1),
      brand: "SOULS",
      titleOf: (model) => model.name,
      imageOf: drawingImage,
    });
    expect(after.find((line) => line.id === "Ilian-01")).toMatchObject({
      availability: "in_stock",
      availabilityDate: null,
    });
  });
});

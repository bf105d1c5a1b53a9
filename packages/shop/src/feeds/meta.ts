/**
 * Meta's catalogue feed (Facebook and Instagram shops) as CSV: a header row of Meta's field names,
 * then one row per model (https://developers.facebook.com/docs/marketing-api/catalog/reference).
 * Every field is quoted, a quote inside doubled; rows end with CRLF (RFC 4180).
 */
import { type FeedAvailability, type FeedLine, feedAmount, feedDate } from "./lines";
import { GOOGLE_PRODUCT_CATEGORY } from "./offer";

export const META_COLUMNS = [
  "id",
  "title",
  "description",
  "availability",
  "availability_date",
  "condition",
  "price",
  "sale_price",
  "link",
  "image_link",
  "additional_image_link",
  "brand",
  "google_product_category",
  "material",
  "shipping",
  "shipping_weight",
] as const;

type MetaColumn = (typeof META_COLUMNS)[number];

/** Meta spells availability in words. */
const AVAILABILITY: Record<FeedAvailability, string> = {
  in_stock: "in stock",
  out_of_stock: "out of stock",
  preorder: "preorder",
};

export function csvField(value: string): string {
  return `"${value.replace(/"/g, '""')}"`;
}

function rowOf(line: FeedLine): Record<MetaColumn, string> {
  const [cover, ...others] = line.images;
  return {
    id: line.id,
    title: line.title,
    description: line.description,
    availability: AVAILABILITY[line.availability],
    availability_date: line.availabilityDate ? feedDate(line.availabilityDate) : "",
    condition: "new",
    price: feedAmount(line.priceCents, line.currency),
    sale_price: line.salePriceCents !== null ? feedAmount(line.salePriceCents, line.currency) : "",
    link: line.link,
    image_link: cover?.url ?? "",
    additional_image_link: others.map((image) => image.url).join(","),
    brand: line.brand,
    google_product_category: GOOGLE_PRODUCT_CATEGORY.id,
    material: line.material ?? "",
    // Country:Region:Service:Price, one per country, the region left empty (the whole country).
    shipping: line.shipping
      .map((shipping) => `${shipping.country}::Standard:${feedAmount(shipping.priceCents, line.currency)}`)
      .join(","),
    shipping_weight: line.weightGrams !== null ? `${line.weightGrams} g` : "",
  };
}

export function metaFeed(lines: readonly FeedLine[]): string {
  const rows = [
    [...META_COLUMNS],
    ...lines.map((line) => {
      const row = rowOf(line);
      return META_COLUMNS.map((column) => row[column]);
    }),
  ];
  return rows.map((row) => `${row.map(csvField).join(",")}\r\n`).join("");
}

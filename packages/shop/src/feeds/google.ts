/**
 * Google Merchant Center's feed: RSS 2.0 with its `g:` namespace, one `<item>` per model
 * (https://support.google.com/merchants/answer/7052112). Every value is plain text, XML-escaped.
 */
import { type FeedLine, feedAmount, feedDate } from "./lines";
import { GOOGLE_PRODUCT_CATEGORY } from "./offer";

export const GOOGLE_NAMESPACE = "http://base.google.com/ns/1.0";

/** Text as XML content or attribute value: the five characters XML reserves, escaped. */
export function xmlText(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

const element = (name: string, value: string) => `<${name}>${xmlText(value)}</${name}>`;

function itemOf(line: FeedLine): string {
  const [cover, ...others] = line.images;
  const fields = [
    element("g:id", line.id),
    element("g:title", line.title),
    element("g:description", line.description),
    element("g:link", line.link),
    ...(cover ? [element("g:image_link", cover.url)] : []),
    ...others.map((image) => element("g:additional_image_link", image.url)),
    element("g:availability", line.availability),
    ...(line.availabilityDate ? [element("g:availability_date", feedDate(line.availabilityDate))] : []),
    element("g:price", feedAmount(line.priceCents, line.currency)),
    ...(line.salePriceCents !== null
      ? [element("g:sale_price", feedAmount(line.salePriceCents, line.currency))]
      : []),
    element("g:brand", line.brand),
    element("g:condition", "new"),
    // A handmade piece has no barcode (GTIN) nor manufacturer part number.
    element("g:identifier_exists", "no"),
    element("g:google_product_category", GOOGLE_PRODUCT_CATEGORY.id),
    ...(line.material ? [element("g:material", line.material)] : []),
    ...(line.weightGrams !== null ? [element("g:product_weight", `${line.weightGrams} g`)] : []),
    ...line.shipping.map(
      (shipping) =>
        `<g:shipping>${[
          element("g:country", shipping.country),
          element("g:service", "Standard"),
          element("g:price", feedAmount(shipping.priceCents, line.currency)),
          element("g:min_handling_time", String(shipping.handlingDays.min)),
          element("g:max_handling_time", String(shipping.handlingDays.max)),
          element("g:min_transit_time", String(shipping.transitDays.min)),
          element("g:max_transit_time", String(shipping.transitDays.max)),
        ].join("")}</g:shipping>`,
    ),
  ];
  return `<item>\n${fields.map((field) => `  ${field}`).join("\n")}\n</item>`;
}

/** The whole feed: the channel (the shop, its home page) and its items. */
export function googleFeed(
  channel: { title: string; link: string; description: string },
  lines: readonly FeedLine[],
): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rss version="2.0" xmlns:g="${GOOGLE_NAMESPACE}">`,
    "<channel>",
    element("title", channel.title),
    element("link", channel.link),
    element("description", channel.description),
    ...lines.map(itemOf),
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}

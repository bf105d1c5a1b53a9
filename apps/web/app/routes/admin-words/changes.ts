import {
  normalizeShopWord,
  SHOP_WORD_NAMES,
  type ShopWord,
  type ShopWordOverrides,
} from "@souls/core/shop-words";

/**
 * Only what differs from today's text is her change: a field left as it was (or emptied) keeps
 * following the locale files.
 */
export function changesOf(
  values: Record<ShopWord, string>,
  defaults: Record<ShopWord, string>,
): ShopWordOverrides {
  const changes: ShopWordOverrides = {};
  for (const name of SHOP_WORD_NAMES) {
    const value = values[name];
    if (normalizeShopWord(name, value) === "") continue;
    if (normalizeShopWord(name, value) === normalizeShopWord(name, defaults[name])) continue;
    changes[name] = value;
  }
  return changes;
}

import type { Locale } from "@souls/core/locales";
import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
import { i18nConfig } from "./i18n";

type Resource = Record<string, unknown>;
const files = import.meta.glob<Resource>("./locales/*/*.json", { eager: true, import: "default" });

/** Every namespace of every locale, bundled into the server build. */
export const resources: Record<string, Record<string, Resource>> = {};
for (const [file, content] of Object.entries(files)) {
  const [, locale, namespace] = file.match(/\.\/locales\/(\w+)\/(\w+)\.json$/) ?? [];
  if (!locale || !namespace) continue;
  resources[locale] ??= {};
  resources[locale][namespace] = content;
}

/**
 * One ready i18next instance per locale, made at the first request and shared by every later
 * one: the texts are bundled and never change while the server runs, and the server never
 * switches an instance's language, so building an instance per request was only wasted work.
 */
const instances = new Map<Locale, Promise<I18n>>();

export function translator(locale: Locale): Promise<I18n> {
  let instance = instances.get(locale);
  if (!instance) {
    const created = createInstance();
    instance = created
      .use(initReactI18next)
      .init({ ...i18nConfig, lng: locale, ns: Object.keys(resources[locale] ?? {}), resources })
      .then(() => created);
    instances.set(locale, instance);
  }
  return instance;
}

/** A `t` for one locale and namespace(s), for loaders and actions. */
export async function fixedT(locale: Locale, namespace: string | string[]): Promise<TFunction> {
  return (await translator(locale)).getFixedT(locale, namespace);
}

/** Helpers for the API's tests (never imported by production code). */
import { EMPTY_MODEL_TEXTS } from "@souls/core/catalogue-rules";
import type { Database, Kysely } from "@souls/db";
import type { EmailContext } from "@souls/emails/messages";
import { offlineGateway } from "@souls/shop/payments";
import type { ProductChangeSource } from "@souls/shop/product-changes";
import { FILLED_IN_SELLER, TEST_SECRET } from "@souls/shop/testing";
import { getTRPCErrorShape, TRPCError } from "@trpc/server";
import { expect } from "vitest";
import type { ApiContext } from "./context";
import { appRouter, createCaller, type RouterInputs } from "./router";

export const TEST_EMAIL_CONTEXT: EmailContext = {
  siteUrl: "https://souls.example",
  seller: {
    brand: "SOULS",
    companyName: "SOULS SAS",
    address: "8 rue de Charonne, 75011 Paris, France",
    email: "contact@souls.example",
  },
};

/** A source that never announces anything. */
export const noProductChanges: ProductChangeSource = { subscribe: () => () => {} };

/** The context the web app builds for the logged-in owner. */
export function ownerContext(db: Kysely<Database>, overrides: Partial<ApiContext> = {}): ApiContext {
  return {
    db,
    admin: { sessionIdHash: "0".repeat(64), personId: "0", role: "owner", name: "Propriétaire" },
    clientHash: "test-client",
    productChanges: noProductChanges,
    emailContext: TEST_EMAIL_CONTEXT,
    gateway: offlineGateway,
    linkSecret: TEST_SECRET,
    ...overrides,
  };
}

export const ownerCaller = (db: Kysely<Database>, overrides: Partial<ApiContext> = {}) =>
  createCaller(ownerContext(db, overrides));

/** The context of a helper who packs (role "packing", decision 043). */
export function helperContext(db: Kysely<Database>, overrides: Partial<ApiContext> = {}): ApiContext {
  return ownerContext(db, {
    admin: { sessionIdHash: "1".repeat(64), personId: "0", role: "packing", name: "Inès" },
    ...overrides,
  });
}

/** Every procedure of the router, by its dotted path: walked by the tests so none is forgotten. */
export const PROCEDURES = Object.entries(appRouter._def.procedures).map(([path, procedure]) => ({
  path,
  type: (procedure as unknown as { _def: { type: "query" | "mutation" | "subscription" } })._def.type,
}));

type AnyCall = (input?: unknown) => Promise<unknown>;

/** Calls a procedure by its path on a caller (the caller is a proxy: any path can be called). */
export function callPath(
  caller: ReturnType<typeof createCaller>,
  path: string,
  input?: unknown,
): Promise<unknown> {
  const call = path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller);
  return (call as AnyCall)(input);
}

/** The TRPCError a call ends with (fails the test if it succeeds). */
export async function trpcError(call: Promise<unknown>): Promise<TRPCError> {
  const outcome = await call.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  if (outcome.ok)
    throw new Error(`expected a TRPCError, got ${JSON.stringify(outcome.value)?.slice(0, 200)}`);
  expect(outcome.error).toBeInstanceOf(TRPCError);
  return outcome.error as TRPCError;
}

/** What the client receives for an error: the router's errorFormatter applied, as over HTTP. */
export function errorShape(error: TRPCError, path: string, ctx?: ApiContext) {
  const type = PROCEDURES.find((p) => p.path === path)?.type ?? "unknown";
  return getTRPCErrorShape({ config: appRouter._def._config, error, type, path, input: undefined, ctx });
}

/** Row counts of the tables an admin action could write. */
export async function rowCounts(db: Kysely<Database>) {
  const count = async (
    table:
      | "orders"
      | "orderEvents"
      | "products"
      | "emailQueue"
      | "emailAccessLog"
      | "productPhotos"
      | "productEvents"
      | "series"
      | "productTexts"
      | "productPaths"
      | "reviews"
      | "articles"
      | "articleEvents"
      | "carriers"
      | "carrierEvents",
  ) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    orders: await count("orders"),
    orderEvents: await count("orderEvents"),
    products: await count("products"),
    emailQueue: await count("emailQueue"),
    emailAccessLog: await count("emailAccessLog"),
    productPhotos: await count("productPhotos"),
    productEvents: await count("productEvents"),
    series: await count("series"),
    productTexts: await count("productTexts"),
    productPaths: await count("productPaths"),
    reviews: await count("reviews"),
    articles: await count("articles"),
    articleEvents: await count("articleEvents"),
    carriers: await count("carriers"),
    carrierEvents: await count("carrierEvents"),
  };
}

/**
 * A well-formed input for each procedure (what the admin screens send). The tests refuse to run
 * while a procedure is missing here, so a new procedure gets its cases written.
 */
/** An article as the magazine's editor sends it (decision 052). */
const articleWords = (title: string) => ({
  title,
  metaDescription: "Un article du magazine.",
  category: "Atelier",
  excerpt: "Une visite de l'atelier.",
  intro: "Au Portugal, l'atelier coud chaque sac.",
  body: "## L'atelier\n\nUne pièce lumineuse.",
  tip: { title: "Le conseil", text: "Passez nous voir." },
  faq: [{ question: "Où est l'atelier ?", answer: "Au Portugal." }],
  coverAlt: "L'atelier",
});
export const WELL_FORMED_ARTICLE: RouterInputs["magazine"]["create"] = {
  slug: { fr: "visite-atelier", en: "workshop-visit" },
  words: { fr: articleWords("Visite de l'atelier"), en: articleWords("A visit to the workshop") },
  tone: "olive",
  readMinutes: null,
  alsoRead: [],
};

export const WELL_FORMED_INPUTS: Record<string, unknown> = {
  "orders.list": { status: "pending_preparation", search: "camille", abandoned: false, pageSize: 20 },
  "orders.attention": undefined,
  "orders.correctAddress": {
    orderNumber: "SOULS-123456ABCD",
    firstName: "Camille",
    lastName: "Martin",
    address: "42 rue des Martyrs",
    postalCode: "75009",
    city: "Paris",
    deliveryInstructions: "Digicode 1234",
  },
  "orders.resendEmail": { orderNumber: "SOULS-123456ABCD", emailId: 1 },
  "dashboard.get": undefined,
  "dashboard.audience": undefined,
  "settings.get": undefined,
  "settings.save": {
    ownerEmail: "atelier@souls.example",
    newOrderEmail: true,
    lowStockEmail: true,
    lowStockBelow: 3,
    vatRegime: "destination",
  },
  "delivery.get": undefined,
  "delivery.saveZone": {
    id: null,
    name: "Europe du Nord",
    labelFr: "Europe du Nord",
    labelEn: "Northern Europe",
    countries: ["IS"],
    priceCents: 1500,
    freeFromCents: 30000,
    minDays: 5,
    maxDays: 8,
    timesFr: "5 à 8 jours ouvrés",
    timesEn: "5 to 8 business days",
  },
  "delivery.removeZone": { id: 1 },
  "signups.list": { list: "newsletter", search: "camille" },
  "signups.address": { id: 1 },
  "signups.delete": { id: 1 },
  "announcements.list": undefined,
  "announcements.get": { id: 1 },
  "announcements.draft": { seriesId: 1 },
  "announcements.save": {
    id: 1,
    content: {
      fr: { subject: "La série Atlas", title: "Atlas", subtitle: "Douze pièces", body: "Elle arrive." },
      en: { subject: "The Atlas series", title: "Atlas", subtitle: "Twelve pieces", body: "It is coming." },
    },
    lists: ["early"],
    rateCount: 600,
    ratePer: "minute",
  },
  "announcements.sendTest": { id: 1 },
  "announcements.schedule": { id: 1, at: "2026-12-04T18:00" },
  "announcements.unschedule": { id: 1 },
  "announcements.pause": { id: 1 },
  "announcements.resume": { id: 1 },
  "announcements.delete": { id: 1 },
  "magazine.list": undefined,
  "magazine.get": { id: 1 },
  "magazine.create": WELL_FORMED_ARTICLE,
  "magazine.save": { id: 1, article: WELL_FORMED_ARTICLE },
  "magazine.setStatus": { id: 1, status: "scheduled", at: "2099-12-04T18:00" },
  "magazine.removeCover": { id: 1 },
  "discountCodes.list": undefined,
  "discountCodes.uses": { id: 1 },
  "discountCodes.create": {
    code: "BIENVENUE10",
    kind: "percent",
    value: 10,
    startsAt: null,
    endsAt: "2099-12-31T23:59",
    maxUses: 100,
    oncePerEmail: true,
    minSubtotalCents: 0,
    productIds: [],
    seriesIds: [],
    addsToSale: false,
  },
  "discountCodes.end": { id: 1 },
  "orders.detail": { orderNumber: "SOULS-123456ABCD" },
  "orders.markShipped": {
    orderNumber: "SOULS-123456ABCD",
    carrier: "colissimo",
    trackingNumber: "6A12345678901",
  },
  "orders.markPrepared": { orderNumber: "SOULS-123456ABCD" },
  "orders.markDelivered": { orderNumber: "SOULS-123456ABCD" },
  "orders.releaseHold": { orderNumber: "SOULS-123456ABCD" },
  "orders.refund": {
    orderNumber: "SOULS-123456ABCD",
    requestKey: "click-0000000000000001",
    reason: "return",
    lines: [{ itemId: 1, quantity: 1 }],
    restock: "on_return",
  },
  "orders.cancel": { orderNumber: "SOULS-123456ABCD", requestKey: "click-0000000000000002" },
  "orders.retryRefund": { refundId: 1 },
  "orders.refundMismatch": { orderNumber: "SOULS-123456ABCD", requestKey: "click-0000000000000003" },
  "orders.markReturnReceived": { orderNumber: "SOULS-123456ABCD", restock: true },
  "products.setPrice": { id: 1, price: 149 },
  "products.unarchive": { id: 1 },
  "products.history": { id: 1 },
  "accounting.summary": { from: "2026-11", to: "2026-11" },
  "products.list": { search: "aicha" },
  "products.create": { reference: "NEW-01", name: "Nouveau", price: 169, stock: 2 },
  "products.adjust": { id: 1, delta: -1 },
  "products.remove": { id: 1 },
  "products.createSample": undefined,
  "products.changes": undefined,
  "catalogue.list": undefined,
  "catalogue.detail": { id: 1 },
  "catalogue.createModel": { name: "Zora", reference: "ZORA-01", price: 179, stock: 3, seriesId: 1 },
  "catalogue.updateModel": { id: 1, name: "Aicha", reference: "Aicha-01" },
  "catalogue.updateTexts": {
    id: 1,
    locale: "en",
    tagline: "Golden jacquard",
    cardDescription: "A golden Moroccan jacquard.",
    shortDescription: "Cut from a golden Moroccan jacquard.",
    longDescription: "Aicha brings together what we love most.\n\nIt is lined with cotton.",
    craftsmanship: "Cut by hand.",
    heritage: "Flowers on a golden ground.",
    dimensions: "35 cm x 20 cm x 8 cm",
    weight: "About 250 g",
    strap: "Adjustable from 70 to 120 cm",
    care: "Spot clean.",
    safety: "Keep away from small children.",
    materials: { fabric: "Jacquard", embroidery: "", hardware: "Metal zip", lining: "Cotton", leather: "" },
    faq: [{ question: "Is it unique?", answer: "Yes." }],
  },
  "catalogue.changeAddress": { id: 1, locale: "fr", segment: "sac-banane-aicha-dore" },
  "catalogue.save": {
    id: 1,
    name: "Aicha",
    reference: "AICHA-01",
    seriesId: 1,
    price: 169,
    texts: {
      fr: { ...EMPTY_MODEL_TEXTS, tagline: "Jacquard doré", segment: "sac-banane-aicha" },
      en: { ...EMPTY_MODEL_TEXTS, tagline: "Golden jacquard", segment: "aicha-fanny-pack" },
    },
    photos: [],
  },
  "catalogue.duplicate": { id: 1 },
  "catalogue.publish": { id: 1 },
  "catalogue.unpublish": { id: 1 },
  "catalogue.archive": { id: 1 },
  "catalogue.unarchive": { id: 1 },
  "catalogue.startSale": { id: 1, price: 149 },
  "catalogue.endSale": { id: 1, price: 169 },
  "catalogue.moveModel": { id: 1, seriesId: 1, position: 2 },
  "catalogue.createSeries": {
    titleFr: "Deuxième série",
    titleEn: "Second series",
    subtitleFr: "",
    subtitleEn: "",
  },
  "catalogue.updateSeries": { id: 1, titleFr: "Première collection", titleEn: "First collection" },
  "catalogue.featureSeries": { id: 1 },
  "catalogue.deleteSeries": { id: 1 },
  "emails.stats": undefined,
  "emails.recent": { after: "2026-11-26T10:00:00.123456Z_42" },
  "emails.retry": { id: 1 },
  "emails.view": { id: 1 },
  "emails.cleanup": undefined,
  "photos.list": { productId: 1 },
  "photos.reorder": { productId: 1, photoIds: [4, 3, 2, 1] },
  "photos.setAlt": { id: 1, fr: "Aicha de face", en: "Aicha, front view" },
  "photos.remove": { id: 1 },
  "photos.setSeriesAlt": { seriesId: 1, fr: "Trois sacs sur un mur ocre", en: "Three bags on an ochre wall" },
  "photos.removeSeriesPicture": { seriesId: 1 },
  "sampleOrders.run": undefined,
  "seller.get": undefined,
  "seller.save": FILLED_IN_SELLER,
  "words.get": { locale: "fr" },
  "words.saveDraft": {
    locale: "en",
    texts: { storyTitle: "SOULS, souls of the South", storyText: "First paragraph.\n\nSecond one." },
  },
  "words.publish": { locale: "en" },
  "words.dropDraft": { locale: "fr" },
  "words.hero": undefined,
  "words.saveHeroAlt": { fr: "Un sac au soleil", en: "A bag in the sun" },
  "words.publishHero": undefined,
  "words.dropHeroDraft": undefined,
  "words.removeHero": undefined,
  "carriers.list": undefined,
  "carriers.active": undefined,
  "carriers.add": {
    name: "Mondial Relay",
    trackingTemplate: "https://www.mondialrelay.fr/suivi-de-colis/?numeroExpedition={number}",
  },
  "carriers.update": {
    key: "dhl",
    name: "DHL Express",
    trackingTemplate: "https://www.dhl.com/fr-fr/home/suivi.html?tracking-id={number}",
  },
  "carriers.retire": { key: "ups" },
  "carriers.restore": { key: "ups" },
  "reviews.list": { status: "pending", search: "camille", page: 1 },
  "reviews.waiting": undefined,
  "reviews.publish": { id: 1, saves: 1, reply: "Merci Camille, à bientôt !" },
  "reviews.reject": { id: 1, saves: 1, reason: "personal_data" },
  "reviews.reply": { id: 1, reply: "Merci pour votre avis." },
  "reviews.remove": { id: 1 },
  "access.me": undefined,
  "access.rename": { name: "Samia" },
  "access.changePassword": { oldPassword: "the old one", newPassword: "a new long passphrase of hers" },
  "access.sessions": undefined,
  "access.endSession": { id: "a".repeat(64) },
  "access.endOtherSessions": undefined,
  "access.people": undefined,
  "access.addPerson": { name: "Inès", login: "ines", password: "a long passphrase for Ines" },
  "access.removePerson": { id: 1 },
};

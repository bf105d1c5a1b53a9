/**
 * Every form action of the shop fuzzed with fast-check on a real PostgreSQL database: whatever the
 * body (wrong types, missing, repeated and unknown fields, huge and odd Unicode, JSON, multipart,
 * bytes, a wrong or absent content type) and whatever the cookies, the answer is below 500, never
 * a crash, a redirect stays on the shop, and a request that cannot be a valid sign-up, order,
 * payment or withdrawal writes nothing. No fixed seed: fast-check prints the seed and the shrunk
 * request of a failure, to replay with `fc.assert(…, { seed, path })`.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { LOCALES } from "@souls/core/locales";
import { seedProducts } from "@souls/db";
import { createTestDatabase } from "@souls/db/testing";
import { loadCollection } from "@souls/shop/catalogue";
import { loadDeliveryZones, servedCountries, shippingCentsOf, zoneOf } from "@souls/shop/delivery";
import { newCheckoutKey, normalizeOrderNumber, placeOrder } from "@souls/shop/orders";
import { inviteReviewers } from "@souls/shop/reviews";
import {
  placePaidOrder,
  placeShippedOrder,
  reviewLinkToken,
  TEST_SECRET,
  TEST_SHIPPING,
} from "@souls/shop/testing";
import { startStripeStandIn } from "@souls/stripe-stand-in";
import fc from "fast-check";
import pg from "pg";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  ADMIN_PAGES,
  catalogueModelPath,
  ENDPOINTS,
  GUARANTEE_NOTICE_UPLOAD_PATH,
  PAGE_IDS,
  PAGES,
  PHOTO_UPLOAD_PATH,
  PRODUCT_MODULE,
} from "~/screens";

type Action = (args: ActionFunctionArgs) => Promise<unknown>;
type Field = [key: string, value: string];

const ORIGIN = "http://shop.test";
const NUM_RUNS = 100;
const ADMIN_PASSWORD = "fuzz-owner-password-0123";
/** Each property may take a while on 2 cores (shrinking included). */
const PROPERTY_TIMEOUT = 120_000;

// ---------------------------------------------------------------------------------------------
// The routes with an action: every page of the map, plus the owner's login and the endpoints.

const ROUTE_MODULES = import.meta.glob<{ action?: Action }>(["./*/route.ts", "./*/route.tsx"]);
const loadRoute = (module: string) => {
  const load = ROUTE_MODULES[`./${module.replace(/^routes\//, "")}`];
  if (!load) throw new Error(`no route module ${module}`);
  return load();
};

/** The routes with an action outside the page map (screens.ts' route table). */
const OTHER_ROUTES: { module: string; paths: string[] }[] = [
  { module: "routes/admin-photos/route.ts", paths: [PHOTO_UPLOAD_PATH] },
  // « Ma boutique »'s notice on the legal guarantee (a file per language).
  { module: "routes/admin-guarantee-notice/route.ts", paths: [GUARANTEE_NOTICE_UPLOAD_PATH] },
  // A model's page, at the launch models' addresses in both languages.
  { module: PRODUCT_MODULE, paths: ["/produit/sac-banane-aicha", "/en/product/nadia-fanny-pack"] },
  { module: "routes/admin/route.tsx", paths: [ADMIN_PAGES.home] },
  // « Ma boutique »'s form without JavaScript.
  { module: "routes/admin-seller/route.tsx", paths: [ADMIN_PAGES.seller] },
  // « Textes du site »: a draft, a publication, a draft dropped (decision 051).
  { module: "routes/admin-words/route.tsx", paths: [ADMIN_PAGES.words] },
  // A model's editor without JavaScript (its one save).
  { module: "routes/admin-catalogue-model/route.tsx", paths: [catalogueModelPath(1)] },
  { module: "routes/stripe-webhook/route.ts", paths: [ENDPOINTS.stripeWebhook] },
  {
    module: "routes/trpc/route.ts",
    paths: [`${ENDPOINTS.trpc}/products.create`, `${ENDPOINTS.trpc}/orders.list`],
  },
];

// The modules read the environment when first imported: the database exists before collection.
const t = await createTestDatabase();
/** The launch's delivery zones (decision 049): the checkout's countries and the right totals. */
const zones = await loadDeliveryZones(t.db);
const shippingOf = (country: string, subtotal: number) => {
  const zone = zoneOf(zones, country);
  return zone ? shippingCentsOf(zone, subtotal) : 0;
};
vi.stubEnv("DATABASE_URL", t.url);
vi.stubEnv("ADMIN_PASSWORD", ADMIN_PASSWORD);
vi.stubEnv("SESSION_SECRET", TEST_SECRET);

const ROUTES = [
  ...PAGE_IDS.flatMap((page) =>
    LOCALES.map((locale) => ({ module: PAGES[page].module, path: PAGES[page].paths[locale] })),
  ),
  ...OTHER_ROUTES.flatMap(({ module, paths }) => paths.map((path) => ({ module, path }))),
];
const ACTIONS: { module: string; path: string; action: Action }[] = [];
for (const route of ROUTES) {
  const { action } = await loadRoute(route.module);
  if (action) ACTIONS.push({ ...route, action });
}
const { db: appDb } = await import("~/lib/db.server");
const { ordersCookie } = await import("~/lib/cookies.server");
const { saveCart } = await import("~/lib/cart.server");

// ---------------------------------------------------------------------------------------------
// The shop's state the requests play with.

let watcher: pg.Client;
let trackingToken: string;
/** The paid order's number: the find-my-order form sends its link for it and its address. */
let paidOrderNumber: string;
/** The links of an invited order's review: the form and the opt-out. */
let reviewToken: string;
let optOutToken: string;
let prices: Record<string, number>;
let pendingOrderNumber = "";
let cartCookie: string;

/** An unpaid order of this "browser" (its cookie), so the test payment page has something to pay. */
async function ensurePendingOrder(db: typeof t.db) {
  const current = await db
    .selectFrom("orders")
    .select("status")
    .where("orderNumber", "=", pendingOrderNumber)
    .executeTakeFirst();
  if (current?.status === "awaiting_payment") return;
  const placed = await placeOrder(db, {
    checkoutKey: newCheckoutKey(),
    locale: "fr",
    lines: [{ model: "bilin", quantity: 1 }],
    details: TEST_SHIPPING,
    provider: "test",
  });
  if (!placed.ok) throw new Error("the pending order was refused");
  pendingOrderNumber = placed.order.orderNumber;
}

beforeAll(async () => {
  await seedProducts(t.db);
  // Legitimate orders placed by the fuzzing never run out of pieces.
  await t.db.updateTable("products").set({ stock: 100_000 }).execute();
  const paid = await placePaidOrder(t.db);
  trackingToken = paid.token;
  paidOrderNumber = paid.orderNumber;
  const shipped = await placeShippedOrder(t.db, {
    model: "nadia",
    shippedAt: new Date(Date.now() - 11 * 86_400_000),
  });
  await inviteReviewers(t.db, { secret: TEST_SECRET });
  reviewToken = reviewLinkToken(TEST_SECRET, "review", shipped.id);
  optOutToken = reviewLinkToken(TEST_SECRET, "optOut", shipped.id);
  await ensurePendingOrder(t.db);
  const collection = await loadCollection(t.db);
  prices = Object.fromEntries(Object.values(collection).map((model) => [model.model, model.priceCents]));
  cartCookie = nameValue(await saveCart([{ model: "nadia", quantity: 2 }]));
  watcher = new pg.Client({ connectionString: t.url });
  await watcher.connect();
});

afterAll(async () => {
  await watcher?.end();
  await appDb.destroy();
  await t.drop();
});

/** The tables a shopper's or owner's request could change; access logs and blocks are expected writes. */
const WATCHED = [
  "products",
  "signups",
  "orders",
  "order_items",
  "order_events",
  "payment_events",
  "email_queue",
  "tracking_tokens",
  "admin_sessions",
  "reviews",
  "review_opt_outs",
];
const FINGERPRINT = `SELECT ${WATCHED.map(
  (table) =>
    `(SELECT count(*) || ' rows ' || coalesce(md5(string_agg(r::text, '|' ORDER BY r::text)), '') FROM ${table} r) AS ${table}`,
).join(", ")}`;

/** Row count and a hash of every row of each watched table: any insert, update or delete shows. */
async function fingerprint() {
  return (await watcher.query(FINGERPRINT)).rows[0] as Record<string, string>;
}

// ---------------------------------------------------------------------------------------------
// What a request is made of.

const nameValue = (setCookie: string) => setCookie.split(";")[0] ?? "";

const isHeaderValue = (value: string) => {
  try {
    new Headers({ "X-Probe": value });
    return true;
  } catch {
    return false;
  }
};

const ODD_PIECES = [
  "\u0000",
  "\u0007",
  "\u001b",
  "\r\n",
  "\t",
  "\u202e",
  "\u200f",
  "\u200b",
  "\ufeff",
  "\ud800",
  "\udfff",
  "💥",
  "👩‍👩‍👧",
  "e\u0301",
  "ﷺ",
  "%",
  "%00",
  "%zz",
  "%E0%A4%A",
  "&",
  "=",
  "+",
  " ",
  "<script>",
  "'",
  '"',
  "\\",
  "/",
  "@",
];

/** NUL is the one character PostgreSQL's text refuses: it comes often. */
const oddPiece = fc.oneof(
  { weight: 2, arbitrary: fc.constant("\u0000") },
  { weight: 5, arbitrary: fc.constantFrom(...ODD_PIECES) },
);

/** Odd text: any grapheme, any code unit (lone surrogates, NUL), control and direction marks, numbers. */
const oddText = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: oddPiece, maxLength: 20 }) },
  {
    weight: 2,
    arbitrary: fc
      .oneof(fc.integer(), fc.double(), fc.bigInt(), fc.constantFrom(-0, 1e308, 2 ** 53 + 1))
      .map(String),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom("x", "é", "💥", "\u0000", "%"), fc.integer({ min: 5_000, max: 100_000 }))
      .map(([piece, times]) => piece.repeat(times)),
  },
);

/** Stand-ins for values known once the database is ready (or fresh for each request). */
const TRACKING_TOKEN = "{tracking-token}";
const REVIEW_TOKEN = "{review-token}";
const OPT_OUT_TOKEN = "{opt-out-token}";
const PENDING_ORDER = "{pending-order}";
const PAID_ORDER = "{paid-order}";
/** The paid order's number as a shopper may type it: lower case, without its prefix. */
const PAID_ORDER_TYPED = "{paid-order-typed}";
const NEW_CHECKOUT_KEY = "{new-checkout-key}";
function resolve(value: string): string {
  return value
    .replaceAll(TRACKING_TOKEN, trackingToken)
    .replaceAll(REVIEW_TOKEN, reviewToken)
    .replaceAll(OPT_OUT_TOKEN, optOutToken)
    .replaceAll(PENDING_ORDER, pendingOrderNumber)
    .replaceAll(PAID_ORDER_TYPED, ` ${paidOrderNumber.slice("SOULS-".length).toLowerCase()} `)
    .replaceAll(PAID_ORDER, paidOrderNumber)
    .replaceAll(NEW_CHECKOUT_KEY, newCheckoutKey());
}

/** Values a page's forms send, so the fuzzing reaches past the first check. */
const FORM_VALUES: Record<string, string[]> = {
  intent: [
    "add",
    "increment",
    "decrement",
    "remove",
    "signup",
    "waitlist",
    "track",
    "withdraw",
    "confirm-withdrawal",
    "find",
    "quote",
    "pay",
    "cancel",
    "login",
    "logout",
    "review",
  ],
  model: ["aicha", "nadia", "bilin", "ilian", "leather", "Leather!"],
  email: ["ana@example.org", " Lina@Example.org ", "x@y", "@", "a@b.co", " Camille@Example.org "],
  name: ["Ana", ""],
  consent: ["yes", "on", "true"],
  token: [TRACKING_TOKEN, ` ${TRACKING_TOKEN} `, "y".repeat(43), "short", REVIEW_TOKEN, OPT_OUT_TOKEN],
  rating: ["5", "1", "0", "6", "4.5", ""],
  title: ["Une merveille", "x", "x".repeat(101)],
  body: ["Le jacquard est encore plus beau en vrai.", "Bof.", "<script>alert(1)</script> vraiment beau"],
  authorName: ["Camille M.", "", "x".repeat(41)],
  experiencedOn: [new Date().toISOString().slice(0, 10), "2020-01-01", "2026-02-30", "demain"],
  password: ["wrong-password", ""],
  country: ["FR", "BE", "US", "fr", "XX", ""],
  items: [
    "product=aicha&qty=1",
    "product=nadia&qty=2&product2=bilin",
    "qty=0",
    "product=leather",
    "product11=aicha",
  ],
  redirectTo: [
    "/panier",
    "//evil.example",
    "https://evil.example/x",
    "/\\evil.example",
    "javascript:alert(1)",
  ],
  checkoutKey: [NEW_CHECKOUT_KEY, "short"],
  expectedTotal: ["0", "17900", "-1", "NaN"],
  orderNumber: [PENDING_ORDER, "SOULS-123456ABCD", PAID_ORDER, PAID_ORDER_TYPED],
  firstName: ["Camille"],
  lastName: ["Martin"],
  address: ["12 rue des Martyrs"],
  postalCode: ["75009", "750 09", "<>"],
  city: ["Paris"],
  deliveryInstructions: [""],
  customerNote: [""],
  paymentMode: ["element", "redirect"],
  cardNumber: ["4242424242424242", "4000 0000 0000 0002", "1234", "4242-4242-4242-4241"],
  expiry: ["12/34", "13/99", "01/00"],
  cvc: ["123", "12345"],
};
const FORM_KEYS = Object.keys(FORM_VALUES);

/** The fields each intent's form sends. */
const INTENT_FIELDS: Record<string, string[]> = {
  add: ["model", "redirectTo"],
  increment: ["model", "redirectTo"],
  decrement: ["model", "redirectTo"],
  remove: ["model", "redirectTo"],
  signup: ["email", "name", "redirectTo"],
  waitlist: ["email", "consent", "redirectTo"],
  track: ["token"],
  withdraw: ["token"],
  "confirm-withdrawal": ["token"],
  find: ["orderNumber", "email"],
  quote: ["country", "items", "orderNumber"],
  pay: [
    "items",
    "country",
    "firstName",
    "lastName",
    "email",
    "address",
    "postalCode",
    "city",
    "deliveryInstructions",
    "customerNote",
    "expectedTotal",
    "checkoutKey",
    "paymentMode",
    "cardNumber",
    "expiry",
    "cvc",
  ],
  cancel: [],
  login: ["password"],
  logout: [],
  review: ["token", "model", "rating", "title", "body", "authorName", "experiencedOn", "consent"],
};

const valueFor = (key: string) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...(FORM_VALUES[key] ?? [""])) },
    { weight: 1, arbitrary: oddText },
  );
const knownField: fc.Arbitrary<Field> = fc
  .constantFrom(...FORM_KEYS)
  .chain((key) => valueFor(key).map((value): Field => [key, value]));
const field: fc.Arbitrary<Field> = fc.oneof(
  { weight: 4, arbitrary: knownField },
  { weight: 1, arbitrary: fc.tuple(oddText, oddText) },
);
/** The intents each route's forms send: most runs use them, so the fuzzing gets past the intent. */
const ROUTE_INTENTS: Record<string, string[]> = {
  "routes/home/route.tsx": ["signup"],
  "routes/product/route.tsx": ["add", "signup", "waitlist"],
  "routes/cart/route.tsx": ["increment", "decrement", "remove"],
  "routes/checkout/route.tsx": ["quote", "pay"],
  "routes/offline-payment/route.tsx": ["pay", "cancel"],
  "routes/thank-you/route.tsx": ["signup"],
  "routes/tracking/route.tsx": ["find", "track", "withdraw", "confirm-withdrawal"],
  "routes/admin/route.tsx": ["login", "logout"],
  "routes/admin-words/route.tsx": ["draft", "publish", "drop"],
  "routes/review/route.tsx": ["review"],
};

/** A form as a page sends it for one of `intents`, each field kept, changed or dropped, plus a few more. */
const intentForm = (intents: string[]): fc.Arbitrary<Field[]> =>
  fc.constantFrom(...intents).chain((intent) =>
    fc
      .tuple(
        fc.oneof({ weight: 4, arbitrary: fc.constant(intent) }, { weight: 1, arbitrary: valueFor("intent") }),
        fc.tuple(
          ...(INTENT_FIELDS[intent] ?? []).map((key) =>
            fc.option(
              valueFor(key).map((value): Field => [key, value]),
              { freq: 5 },
            ),
          ),
        ),
        fc.array(field, { maxLength: 3 }),
      )
      .map(([sentIntent, kept, extra]): Field[] => [
        ["intent", sentIntent],
        ...kept.filter((entry): entry is Field => entry !== null),
        ...extra,
      ]),
  );

/** Fields in any number, order and repetition (a repeated key is an array to a careless reader). */
const fieldsFor = (module: string) =>
  fc.oneof(
    { weight: 3, arbitrary: intentForm(ROUTE_INTENTS[module] ?? Object.keys(INTENT_FIELDS)) },
    { weight: 1, arbitrary: intentForm(Object.keys(INTENT_FIELDS)) },
    { weight: 1, arbitrary: fc.array(field, { maxLength: 12 }) },
  );

type BodyShape =
  | { kind: "urlencoded" | "raw"; fields: Field[] }
  | { kind: "multipart"; fields: Field[]; asFiles: boolean[] }
  | { kind: "json"; value: unknown }
  | { kind: "text"; text: string }
  | { kind: "bytes"; bytes: Uint8Array };

const bodyShape = (fields: fc.Arbitrary<Field[]>): fc.Arbitrary<BodyShape> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.record({ kind: fc.constant("urlencoded" as const), fields }) },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant("multipart" as const),
        fields,
        // Now and then a file where the page expects text.
        asFiles: fc.array(
          fc.integer({ min: 0, max: 4 }).map((draw) => draw === 0),
          { maxLength: 12 },
        ),
      }),
    },
    // Percent signs and separators left raw: invalid escapes such as `%zz` and `%E0%A4%A`.
    { weight: 2, arbitrary: fc.record({ kind: fc.constant("raw" as const), fields }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("json" as const),
        value: fc.oneof(
          fields.map((entries) => Object.fromEntries(entries)),
          fc.jsonValue(),
        ),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("text" as const), text: oddText }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("bytes" as const),
        bytes: fc.uint8Array({ maxLength: 4096 }),
      }),
    },
  );

/** `natural`: what the body's kind says; `none`: no Content-Type at all; else that header, right or wrong. */
const contentType = fc.oneof(
  { weight: 10, arbitrary: fc.constant("natural") },
  { weight: 2, arbitrary: fc.constant("none") },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "application/x-www-form-urlencoded",
      "application/x-www-form-urlencoded; charset=utf-16",
      "multipart/form-data",
      "multipart/form-data; boundary=",
      "multipart/form-data; boundary=x",
      "application/json",
      "text/plain",
      "text/html; charset=utf-8",
      "application/octet-stream",
      "",
      "*/*",
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: "binary-ascii", maxLength: 60 }).filter(isHeaderValue) },
);

/** Cookies are named, not built, here: the pending order's cookie is made when the request is. */
const cookie = fc.oneof(
  fc.constant({ kind: "none" as const }),
  // The test payment page answers 404 to anyone but the browser that placed the order.
  { weight: 3, arbitrary: fc.constant({ kind: "pendingOrder" as const }) },
  fc.constant({ kind: "cart" as const }),
  fc.constant({ kind: "tampered" as const }),
  fc.record({
    kind: fc.constant("raw" as const),
    value: fc
      .oneof(
        fc.string({ unit: "binary-ascii", maxLength: 200 }),
        fc.string({ unit: "binary-ascii", maxLength: 200 }).map((value) => `cart=${value}; orders=${value}`),
        fc.string({ unit: "binary-ascii", maxLength: 200 }).map((value) => `admin_session=${value}`),
        fc.constant(`cart=${"a".repeat(8000)}`),
      )
      .filter(isHeaderValue),
  }),
);

const query = fc.oneof(
  fc.constant({ kind: "none" as const }),
  { weight: 2, arbitrary: fc.constant({ kind: "pendingOrder" as const }) },
  fc.record({ kind: fc.constant("fields" as const), fields: fc.array(field, { maxLength: 4 }) }),
);

const requestShapeFor = (module: string) =>
  fc.record({ body: bodyShape(fieldsFor(module)), contentType, cookie, query });
type RequestShape = ReturnType<typeof requestShapeFor> extends fc.Arbitrary<infer Shape> ? Shape : never;

const encoder = new TextEncoder();

async function bodyOf(generated: BodyShape): Promise<{ body: BodyInit; natural: string | null }> {
  const shape =
    "fields" in generated
      ? { ...generated, fields: generated.fields.map(([key, value]): Field => [key, resolve(value)]) }
      : generated;
  switch (shape.kind) {
    case "urlencoded":
      return {
        body: new URLSearchParams(shape.fields).toString(),
        natural: "application/x-www-form-urlencoded",
      };
    case "raw":
      return {
        body: shape.fields.map(([key, value]) => `${key}=${value}`).join("&"),
        natural: "application/x-www-form-urlencoded",
      };
    case "multipart": {
      const form = new FormData();
      shape.fields.forEach(([key, value], index) => {
        if (shape.asFiles[index]) form.append(key, new File([value], `${value.slice(0, 20)}.txt`));
        else form.append(key, value);
      });
      // Serialized once to learn the boundary the platform chose.
      const probe = new Request(ORIGIN, { method: "POST", body: form });
      return {
        body: new Uint8Array(await probe.arrayBuffer()),
        natural: probe.headers.get("Content-Type"),
      };
    }
    case "json":
      return { body: JSON.stringify(shape.value) ?? "", natural: "application/json" };
    case "text":
      return { body: shape.text, natural: "text/plain;charset=UTF-8" };
    case "bytes":
      return { body: new Uint8Array(shape.bytes), natural: null };
  }
}

let requests = 0;

async function buildRequest(path: string, shape: RequestShape, extraHeaders: Record<string, string> = {}) {
  const { body, natural } = await bodyOf(shape.body);
  const headers = new Headers(extraHeaders);
  const type =
    shape.contentType === "natural" ? natural : shape.contentType === "none" ? null : shape.contentType;
  if (type !== null) headers.set("Content-Type", type);
  const orders = nameValue(await ordersCookie.serialize([pendingOrderNumber]));
  const cookies = {
    none: null,
    pendingOrder: orders,
    cart: cartCookie,
    tampered: `${orders.slice(0, -2)}x${orders.slice(-1)}`,
    raw: shape.cookie.kind === "raw" ? shape.cookie.value : null,
  };
  const sentCookie = cookies[shape.cookie.kind];
  if (sentCookie !== null) headers.set("Cookie", sentCookie);
  const search =
    shape.query.kind === "pendingOrder"
      ? `?order=${pendingOrderNumber}`
      : shape.query.kind === "fields"
        ? `?${new URLSearchParams(shape.query.fields)}`
        : "";
  // A string body would get a text/plain type from the platform: bytes keep "no Content-Type".
  const sent = typeof body === "string" && type === null ? encoder.encode(body) : body;
  return new Request(`${ORIGIN}${path}${search}`, { method: "POST", body: sent, headers });
}

/** Status and redirect target of whatever an action answered or threw; anything else is a crash. */
async function answerOf(action: Action, request: Request) {
  // Each request from its own address, so no rate limit (tracking, owner login) mixes two runs.
  requests++;
  const context = {
    socketAddress: `10.${(requests >> 16) & 255}.${(requests >> 8) & 255}.${requests & 255}`,
  };
  let outcome: unknown;
  try {
    outcome = await action({ request, params: {}, context });
  } catch (thrown) {
    if (!(thrown instanceof Response) && !(thrown as { init?: { status?: number } })?.init?.status)
      throw thrown;
    outcome = thrown;
  }
  if (outcome instanceof Response) {
    await outcome.body?.cancel();
    return { status: outcome.status, location: outcome.headers.get("Location") };
  }
  const init = (outcome as { init?: { status?: number; headers?: HeadersInit } } | undefined)?.init;
  return { status: init?.status ?? 200, location: new Headers(init?.headers).get("Location") };
}

// ---------------------------------------------------------------------------------------------
// Which requests may write: a necessary condition of a valid one, read from the form as parsed.

const text = (form: FormData, key: string) => {
  const value = form.get(key);
  return typeof value === "string" ? value : null;
};
const intentOf = (form: FormData) => text(form, "intent");
const signsUp = (form: FormData) => intentOf(form) === "signup" && (text(form, "email") ?? "").includes("@");
const joinsWaitlist = (form: FormData) =>
  intentOf(form) === "waitlist" &&
  (text(form, "email") ?? "").includes("@") &&
  text(form, "consent") === "yes";

/** For each module, when a request may legitimately write; a module not listed must never write. */
const MAY_WRITE: Record<string, (form: FormData) => boolean> = {
  "routes/home/route.tsx": signsUp,
  "routes/thank-you/route.tsx": signsUp,
  "routes/product/route.tsx": (form) => signsUp(form) || joinsWaitlist(form),
  // An order needs a well-formed checkout key (and everything else valid).
  "routes/checkout/route.tsx": (form) =>
    intentOf(form) === "pay" && /^[\w-]{16,64}$/.test((text(form, "checkoutKey") ?? "").slice(0, 2000)),
  // Cancelling the shopper's own unpaid order, or a card number the test gateway charges or declines.
  "routes/offline-payment/route.tsx": (form) =>
    intentOf(form) === "cancel" ||
    (intentOf(form) === "pay" &&
      /^\d{12,19}$/.test((text(form, "cardNumber") ?? "").slice(0, 100).replace(/[\s-]/g, ""))),
  "routes/tracking/route.tsx": (form) =>
    (intentOf(form) === "confirm-withdrawal" && text(form, "token")?.trim() === trackingToken) ||
    // The paid order's link, sent when its number and address are asked for.
    (intentOf(form) === "find" &&
      normalizeOrderNumber((text(form, "orderNumber") ?? "").slice(0, 2000)) === paidOrderNumber &&
      (text(form, "email") ?? "").trim().toLowerCase() === "camille@example.org"),
  "routes/admin/route.tsx": (form) => intentOf(form) === "login" && text(form, "password") === ADMIN_PASSWORD,
  // A review needs its order's own link and the buyer's consent (and every field within bounds).
  "routes/review/route.tsx": (form) =>
    intentOf(form) === "review" &&
    text(form, "token")?.trim() === reviewToken &&
    text(form, "consent") === "yes",
  // Only the invitation's own opt-out link stops invitations.
  "routes/review-opt-out/route.tsx": (form) => text(form, "token")?.trim() === optOutToken,
};
/** Routes that read a form: a body that is not one is refused with a 4xx. */
const NOT_FORMS = new Set(["routes/stripe-webhook/route.ts", "routes/trpc/route.ts"]);

async function checkRequest(module: string, action: Action, request: Request) {
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  const before = await fingerprint();
  const { status, location } = await answerOf(action, request);
  expect(status).toBeGreaterThanOrEqual(200);
  expect(status).toBeLessThan(500);
  if (form === null && !NOT_FORMS.has(module)) expect(status).toBeGreaterThanOrEqual(400);
  if (location !== null) expect(new URL(location, ORIGIN).origin).toBe(ORIGIN);
  const mayWrite = form !== null && (MAY_WRITE[module]?.(form) ?? false);
  if (!mayWrite) expect(await fingerprint()).toEqual(before);
}

// ---------------------------------------------------------------------------------------------

it("fuzzes every route module that has an action", async () => {
  const withAction: string[] = [];
  for (const [file, load] of Object.entries(ROUTE_MODULES)) {
    if ((await load()).action) withAction.push(`routes/${file.slice(2)}`);
  }
  expect(withAction.length).toBeGreaterThan(0);
  expect([...new Set(ACTIONS.map((route) => route.module))].sort()).toEqual(withAction.sort());
});

describe.each(ACTIONS)("the action of $path", ({ module, path, action }) => {
  it(
    "answers any request below 500 and writes nothing unless it could be valid",
    async () => {
      await fc.assert(
        fc.asyncProperty(requestShapeFor(module), async (shape) => {
          if (module === "routes/offline-payment/route.tsx") await ensurePendingOrder(t.db);
          await checkRequest(module, action, await buildRequest(path, shape));
        }),
        { numRuns: NUM_RUNS },
      );
    },
    PROPERTY_TIMEOUT,
  );
});

// ---------------------------------------------------------------------------------------------
// Valid-looking requests with odd values where the forms take free text: writes are expected, 5xx not.

const actionsOf = (module: string) => ACTIONS.filter((route) => route.module === module);
const printable = fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 });
/** Free text a shopper could type or paste: mostly readable, often with an odd character inside. */
const freeText = fc.oneof(
  { weight: 2, arbitrary: printable },
  {
    weight: 3,
    arbitrary: fc
      .tuple(printable, oddPiece, fc.string({ unit: "grapheme", maxLength: 10 }))
      .map(([before, odd, after]) => `${before}${odd}${after}`),
  },
  { weight: 1, arbitrary: oddText.filter((value) => value.trim().length > 0) },
);
const extras = fc.array(field, { maxLength: 3 });
const withRedirect = fc.option(fc.constantFrom("/panier", "/en", "//evil.example", "/\\evil"), {
  nil: undefined,
});

function validLooking(
  title: string,
  modules: string[],
  form: fc.Arbitrary<Field[]>,
  prepare: () => Promise<void> = async () => {},
) {
  const routes = modules.flatMap(actionsOf);
  const actionAt = new Map(routes.map((route) => [route.path, route.action]));
  it(
    title,
    async () => {
      expect(routes.length).toBeGreaterThan(0);
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...actionAt.keys()),
          form,
          fc.constantFrom("urlencoded" as const, "multipart" as const),
          async (path, entries, kind) => {
            await prepare();
            const shape: RequestShape = {
              body:
                kind === "urlencoded" ? { kind, fields: entries } : { kind, fields: entries, asFiles: [] },
              contentType: "natural",
              cookie: { kind: "pendingOrder" },
              query: { kind: "pendingOrder" },
            };
            const request = await buildRequest(path, shape);
            const { status, location } = await answerOf(actionAt.get(path)!, request);
            expect(status).toBeGreaterThanOrEqual(200);
            expect(status).toBeLessThan(500);
            if (location !== null) expect(new URL(location, ORIGIN).origin).toBe(ORIGIN);
          },
        ),
        { numRuns: NUM_RUNS },
      );
    },
    PROPERTY_TIMEOUT,
  );
}

const fieldOf = (key: string, value: fc.Arbitrary<string>) => value.map((v): Field => [key, v]);
const formOf = (...parts: fc.Arbitrary<Field[] | Field | undefined>[]) =>
  fc
    .tuple(...parts)
    .map((chunks) =>
      chunks.flatMap((chunk): Field[] =>
        chunk === undefined
          ? []
          : chunk.length === 0 || Array.isArray(chunk[0])
            ? (chunk as Field[])
            : [chunk as Field],
      ),
    );

const address = fc.oneof(fc.emailAddress(), fc.constantFrom("ana@example.org", " Lina@Example.ORG "));

describe("valid-looking requests with odd free text", () => {
  validLooking(
    "a sign-up with a real address and any name is stored or refused, never a 5xx",
    ["routes/home/route.tsx", "routes/product/route.tsx", "routes/thank-you/route.tsx"],
    formOf(
      fc.constant<Field>(["intent", "signup"]),
      fieldOf("email", address),
      fieldOf("name", freeText),
      withRedirect.map((to) => (to === undefined ? undefined : (["redirectTo", to] as Field))),
      extras,
    ),
  );

  validLooking(
    "a back-in-stock sign-up with a real address is stored or refused, never a 5xx",
    ["routes/product/route.tsx"],
    formOf(
      fc.constant<Field>(["intent", "waitlist"]),
      fieldOf("email", fc.oneof(address, freeText)),
      fc.constant<Field>(["consent", "yes"]),
      extras,
    ),
  );

  const lines = fc.uniqueArray(
    fc.record({
      model: fc.constantFrom("aicha", "nadia", "bilin", "ilian"),
      quantity: fc.integer({ min: 1, max: 3 }),
    }),
    { minLength: 1, maxLength: 4, selector: (line) => line.model },
  );
  validLooking(
    "an order with every field present, any text in it and the right total is placed or refused, never a 5xx",
    ["routes/checkout/route.tsx"],
    fc
      .record({
        lines,
        country: fc.constantFrom(...servedCountries(zones)),
        firstName: freeText,
        lastName: freeText,
        email: address,
        address: freeText,
        postalCode: fc.oneof(fc.constantFrom("75009", "1000"), freeText),
        city: freeText,
        deliveryInstructions: freeText,
        customerNote: freeText,
        paymentMode: fc.constantFrom("element", "redirect"),
      })
      .map(({ lines, country, ...details }): Field[] => {
        const items = lines.flatMap(({ model, quantity }, index) => {
          const suffix = index === 0 ? "" : String(index + 1);
          return [`product${suffix}=${model}`, `qty${suffix}=${quantity}`];
        });
        const subtotal = lines.reduce((sum, line) => sum + (prices[line.model] ?? 0) * line.quantity, 0);
        return [
          ["intent", "pay"],
          ["items", items.join("&")],
          ["country", country],
          ["expectedTotal", String(subtotal + shippingOf(country, subtotal))],
          ["checkoutKey", newCheckoutKey()],
          ...Object.entries(details),
        ];
      }),
  );

  validLooking(
    "a review through its order's link with any text in it is saved or refused, never a 5xx",
    ["routes/review/route.tsx"],
    formOf(
      fc.constant<Field>(["intent", "review"]),
      fc.constant<Field>(["token", REVIEW_TOKEN]),
      fieldOf("model", fc.constantFrom("nadia", "aicha")),
      fieldOf("rating", fc.constantFrom("1", "3", "5")),
      fieldOf("title", freeText),
      fieldOf(
        "body",
        fc.oneof(
          freeText,
          freeText.map((text) => text.repeat(20)),
        ),
      ),
      fieldOf("authorName", freeText),
      fieldOf("experiencedOn", fc.constant(new Date().toISOString().slice(0, 10))),
      fc.constant<Field>(["consent", "yes"]),
    ),
  );

  validLooking(
    "a shipping quote for any country and any cart is answered, never a 5xx",
    ["routes/checkout/route.tsx"],
    formOf(
      fc.constant<Field>(["intent", "quote"]),
      fieldOf("country", fc.oneof(fc.constantFrom(...servedCountries(zones)), oddText)),
      fieldOf("items", fc.oneof(fc.constantFrom(...(FORM_VALUES.items ?? [])), oddText)),
      extras,
    ),
  );

  validLooking(
    "a test payment of the shopper's own order with any card fields is answered, never a 5xx",
    ["routes/offline-payment/route.tsx"],
    formOf(
      fc.constant<Field>(["intent", "pay"]),
      fieldOf("cardNumber", fc.oneof(fc.constantFrom(...(FORM_VALUES.cardNumber ?? [])), oddText)),
      fieldOf("expiry", fc.oneof(fc.constantFrom("12/34", " 01 / 40 "), oddText)),
      fieldOf("cvc", fc.oneof(fc.constantFrom("123", "1234"), oddText)),
    ),
    () => ensurePendingOrder(t.db),
  );

  validLooking(
    "a find-my-order request with any number and address is answered, never a 5xx",
    ["routes/tracking/route.tsx"],
    formOf(
      fc.constant<Field>(["intent", "find"]),
      fieldOf(
        "orderNumber",
        fc.oneof(
          fc.constant(PAID_ORDER),
          fc.constant(PAID_ORDER_TYPED),
          fc.constant("SOULS-123456ABCD"),
          freeText,
          freeText.map((typed) => `SOULS-${typed}`),
        ),
      ),
      fieldOf("email", fc.oneof(address, fc.constant(" Camille@Example.org "), freeText)),
      extras,
    ),
  );

  validLooking(
    "a tracking look-up or withdrawal of a real order with odd extras is answered, never a 5xx",
    ["routes/tracking/route.tsx"],
    formOf(
      fieldOf("intent", fc.constantFrom("track", "withdraw", "confirm-withdrawal")),
      fc.constant(0).map((): Field => ["token", ` ${trackingToken} `]),
      extras,
    ),
  );
});

// ---------------------------------------------------------------------------------------------
// The Stripe webhook with Stripe configured (the modules above run without it: it answers 404).

describe("the Stripe webhook with Stripe configured", () => {
  const SECRET = "whsec_fuzz";
  const signer = new Stripe("sk_test_signer");
  let webhook: Action;
  let stripeDb: { destroy(): Promise<void> };
  let double: Awaited<ReturnType<typeof startStripeStandIn>>;
  let stripeOrderNumber: string;

  beforeAll(async () => {
    double = await startStripeStandIn();
    // A second copy of the app's modules, reading an environment with Stripe's keys.
    vi.resetModules();
    vi.stubEnv("DATABASE_URL", t.url);
    vi.stubEnv("STRIPE_SECRET_KEY", "sk_test_fuzz");
    vi.stubEnv("STRIPE_PUBLISHABLE_KEY", "pk_test_fuzz");
    vi.stubEnv("STRIPE_WEBHOOK_SECRET", SECRET);
    vi.stubEnv("STRIPE_API_URL", `http://127.0.0.1:${double.api.port}`);
    webhook = (await import("~/routes/stripe-webhook/route")).action as Action;
    stripeDb = (await import("~/lib/db.server")).db;
    const placed = await placeOrder(t.db, {
      checkoutKey: newCheckoutKey(),
      locale: "en",
      lines: [{ model: "ilian", quantity: 1 }],
      details: TEST_SHIPPING,
      provider: "stripe",
    });
    if (!placed.ok) throw new Error("the Stripe order was refused");
    stripeOrderNumber = placed.order.orderNumber;
  });

  afterAll(async () => {
    await stripeDb?.destroy();
    await double?.close();
  });

  const sign = (payload: string, secret = SECRET, secondsAgo = 0) =>
    signer.webhooks.generateTestHeaderString({
      payload,
      secret,
      timestamp: Math.floor(Date.now() / 1000) - secondsAgo,
    });

  const payload = fc.oneof(
    fc.jsonValue().map((value) => JSON.stringify(value)),
    oddText,
    fc.constant(JSON.stringify({ id: "evt_1", object: "event", type: "payment_intent.succeeded" })),
  );
  /** A signature that is missing, malformed, made with another secret, too old, or for another body. */
  const forgery = fc.oneof(
    fc.constant({ kind: "none" as const }),
    fc.record({
      kind: fc.constant("raw" as const),
      value: fc.string({ unit: "binary-ascii", maxLength: 120 }),
    }),
    fc.constant({ kind: "wrongSecret" as const }),
    fc.constant({ kind: "stale" as const }),
    fc.constant({ kind: "otherBody" as const }),
  );

  it(
    "refuses any body without Stripe's signature with a 400 and writes nothing",
    async () => {
      await fc.assert(
        fc.asyncProperty(payload, forgery, contentType, async (body, signature, type) => {
          const header = {
            none: null,
            raw: signature.kind === "raw" ? signature.value : null,
            wrongSecret: sign(body, "whsec_someone_else"),
            stale: sign(body, SECRET, 301),
            otherBody: sign(`${body} `),
          }[signature.kind];
          const extra: Record<string, string> =
            header !== null && isHeaderValue(header) ? { "Stripe-Signature": header } : {};
          const shape: RequestShape = {
            body: { kind: "text", text: body },
            contentType: type,
            cookie: { kind: "none" },
            query: { kind: "none" },
          };
          const before = await fingerprint();
          const { status } = await answerOf(webhook, await buildRequest("/webhooks/stripe", shape, extra));
          expect(status).toBe(400);
          expect(await fingerprint()).toEqual(before);
        }),
        { numRuns: NUM_RUNS },
      );
    },
    PROPERTY_TIMEOUT,
  );

  /** Events of the types the shop reads, shaped as Stripe sends them, about any order number. */
  const event = fc
    .record({
      id: fc.string({
        unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789"),
        minLength: 1,
        maxLength: 24,
      }),
      type: fc.oneof(
        fc.constantFrom(
          "payment_intent.succeeded",
          "payment_intent.payment_failed",
          "payment_intent.canceled",
          "checkout.session.completed",
          "checkout.session.expired",
          "charge.refunded",
        ),
        fc.string({ maxLength: 30 }),
      ),
      orderNumber: fc.option(
        fc.oneof(fc.constant("current"), fc.string({ unit: "grapheme", maxLength: 40 })),
        {
          nil: undefined,
        },
      ),
      paymentStatus: fc.constantFrom("paid", "unpaid", "no_payment_required"),
      error: fc.option(
        fc.record({ code: fc.string({ maxLength: 20 }), decline_code: fc.string({ maxLength: 20 }) }),
        {
          nil: null,
        },
      ),
      paymentIntent: fc.option(fc.constantFrom("pi_fuzz", "pi_other"), { nil: null }),
    })
    .map(({ id, type, orderNumber, paymentStatus, error, paymentIntent }) => ({
      id: `evt_${id}`,
      object: "event",
      type,
      data: {
        object: {
          id: type.startsWith("checkout") ? "cs_fuzz" : type.startsWith("charge") ? "ch_fuzz" : "pi_fuzz",
          metadata: orderNumber === undefined ? {} : { order_number: orderNumber },
          payment_status: paymentStatus,
          last_payment_error: error,
          payment_intent: paymentIntent,
        },
      },
    }));

  it(
    "answers any signed event of Stripe's shape below 500",
    async () => {
      await fc.assert(
        fc.asyncProperty(event, async (news) => {
          const metadata = news.data.object.metadata as { order_number?: string };
          if (metadata.order_number === "current") metadata.order_number = stripeOrderNumber;
          const body = JSON.stringify(news);
          const shape: RequestShape = {
            body: { kind: "text", text: body },
            contentType: "application/json",
            cookie: { kind: "none" },
            query: { kind: "none" },
          };
          const request = await buildRequest("/webhooks/stripe", shape, { "Stripe-Signature": sign(body) });
          const { status } = await answerOf(webhook, request);
          expect(status).toBeLessThan(500);
        }),
        { numRuns: NUM_RUNS },
      );
    },
    PROPERTY_TIMEOUT,
  );
});

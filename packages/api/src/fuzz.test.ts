/**
 * Every procedure of the admin router fuzzed with fast-check on a real PostgreSQL database, through
 * a server-side caller and through tRPC's fetch adapter: any input (wrong types, missing and extra
 * fields, NaN, ±Infinity, -0, huge numbers, bigints, odd Unicode, null, undefined) ends without an
 * INTERNAL_SERVER_ERROR / 5xx, and an input the procedure's own schema refuses writes nothing.
 * No fixed seed: fast-check prints the seed and the shrunk input of a failure, to replay with
 * `fc.assert(…, { seed, path })`.
 */

import { shopDay } from "@souls/core/format";
import { ORDER_STATUSES } from "@souls/core/statuses";
import { seedProducts } from "@souls/db";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import { inviteReviewers, submitReview } from "@souls/shop/reviews";
import { placePaidOrder, placeShippedOrder, reviewLinkToken, TEST_SECRET } from "@souls/shop/testing";
import { TRPCError } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import fc from "fast-check";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { appRouter } from "./router";
import { callPath, ownerCaller, ownerContext, PROCEDURES, WELL_FORMED_INPUTS } from "./testing";

const NUM_RUNS = 100;
const PROPERTY_TIMEOUT = 120_000;

let t: TestDatabase;
let watcher: pg.Client;
let paidOrderNumber: string;

beforeAll(async () => {
  t = await createTestDatabase();
  await seedProducts(t.db);
  ({ orderNumber: paidOrderNumber } = await placePaidOrder(t.db));
  // A buyer's review waiting for the owner (id 1), so that moderation reaches past the look-up.
  const shipped = await placeShippedOrder(t.db, {
    model: "nadia",
    shippedAt: new Date(Date.now() - 11 * 86_400_000),
  });
  await inviteReviewers(t.db, { secret: TEST_SECRET });
  await submitReview(t.db, {
    token: reviewLinkToken(TEST_SECRET, "review", shipped.id),
    secret: TEST_SECRET,
    model: "nadia",
    locale: "fr",
    review: {
      rating: 5,
      title: "Superbe",
      body: "Le plus beau sac que j'ai jamais porté.",
      authorName: "Camille M.",
      experiencedOn: shopDay(),
      consent: "yes",
    },
  });
  watcher = new pg.Client({ connectionString: t.url });
  await watcher.connect();
});

afterAll(async () => {
  await watcher?.end();
  await t?.drop();
});

/** Tables an admin action could change; the e-mail access log is the expected trace of a look. */
const WATCHED = [
  "products",
  "orders",
  "order_items",
  "order_events",
  "payment_events",
  "email_queue",
  "signups",
  "tracking_tokens",
  "admin_sessions",
  "product_photos",
  "product_events",
  "series",
  "product_texts",
  "product_paths",
  "articles",
  "article_addresses",
  "article_events",
  "seller",
  "reviews",
  "shop_settings",
  "order_changes",
  "invoices",
  "credit_notes",
];
const FINGERPRINT = `SELECT ${WATCHED.map(
  (table) =>
    `(SELECT count(*) || ' rows ' || coalesce(md5(string_agg(r::text, '|' ORDER BY r::text)), '') FROM ${table} r) AS ${table}`,
).join(", ")}`;

/** Row count and a hash of every row of each watched table: any insert, update or delete shows. */
async function fingerprint() {
  return (await watcher.query(FINGERPRINT)).rows[0] as Record<string, string>;
}

/** The procedure's own input schema: what it accepts is a valid input, allowed to write. */
function acceptedBy(path: string, input: unknown): boolean {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { inputs: unknown[] } }>;
  const procedure = procedures[path];
  const schema = procedure?._def.inputs[0] as z.ZodType | undefined;
  return schema ? schema.safeParse(input).success : true;
}

const typeOf = (path: string) => PROCEDURES.find((procedure) => procedure.path === path)?.type;

// ---------------------------------------------------------------------------------------------
// Inputs.

const ODD_PIECES = ["\u0007", "\u001b", "\r\n", "\t", "\u202e", "\u200f", "\u200b", "\ufeff", "\ud800"];
const MORE_PIECES = ["💥", "👩‍👩‍👧", "e\u0301", "%", "_", "\\", "'", "<script>", " "];
/** NUL is the one character PostgreSQL's text refuses: it comes often. */
const oddPiece = fc.oneof(
  { weight: 2, arbitrary: fc.constant("\u0000") },
  { weight: 5, arbitrary: fc.constantFrom(...ODD_PIECES, ...MORE_PIECES) },
);
const printable = fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 });

/** Odd text: any grapheme or code unit, control and direction marks, NUL, rarely a lot of it. */
const oddString = fc.oneof(
  { weight: 3, arbitrary: printable },
  {
    weight: 4,
    arbitrary: fc
      .tuple(printable, oddPiece, fc.string({ unit: "grapheme", maxLength: 10 }))
      .map(([before, odd, after]) => `${before}${odd}${after}`),
  },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom("", "   ", "x".repeat(101), "é".repeat(100_000)) },
);

const ODD_NUMBERS = [
  0,
  -0,
  -1,
  0.5,
  1.000_000_1,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  Number.MAX_SAFE_INTEGER + 2,
  Number.MIN_VALUE,
  2 ** 31 - 1,
  2 ** 31,
  1e308,
];
const oddNumber = fc.oneof(fc.constantFrom(...ODD_NUMBERS), fc.integer(), fc.double());

/** Anything at all, bigints, dates, maps, typed arrays and null-prototype objects included. */
const anything = fc.oneof(
  fc.anything({
    maxDepth: 3,
    maxKeys: 6,
    stringUnit: "binary",
    withBigInt: true,
    withBoxedValues: true,
    withDate: true,
    withMap: true,
    withNullPrototype: true,
    withSet: true,
    withSparseArray: true,
    withTypedArray: true,
  }),
  fc.constantFrom<unknown>(undefined, null, {}, [], "", 10n ** 30n, ...ODD_NUMBERS),
  oddString,
);

/** Values of the admin screens' fields, good and bad, so the fuzzing reaches past validation. */
const FIELD_VALUES: Record<string, fc.Arbitrary<unknown>> = {
  orderNumber: fc.oneof(fc.constantFrom("PAID", "SOULS-123456ABCD", " PAID ", "souls-123456abcd"), oddString),
  carrier: fc.oneof(
    fc.constantFrom("colissimo", "chronopost", "dhl", "ups", "mondial-relay", "COLISSIMO", "laposte", "-"),
    oddString,
  ),
  key: fc.oneof(fc.constantFrom<unknown>("colissimo", "dhl", "ups", "fedex", "UPS", "a--b", null), oddString),
  trackingTemplate: fc.oneof(
    fc.constantFrom<unknown>(
      "https://suivi.example/?n={number}",
      "http://suivi.example/?n={number}",
      "https://suivi.example/",
      "https://{number}.example/",
      "javascript:alert(1)//{number}",
      `https://suivi.example/${"x".repeat(300)}{number}`,
    ),
    oddString,
  ),
  trackingNumber: fc.oneof(fc.constantFrom("6A12345678901", "12"), oddString),
  status: fc.oneof(fc.constantFrom(...ORDER_STATUSES, "lost"), oddString),
  search: fc.oneof(fc.constantFrom("camille", "aicha", "%", "_", "\\"), oddString),
  page: fc.oneof(fc.constantFrom(1, 2, 100_000, 100_001), oddNumber),
  pageSize: fc.oneof(fc.constantFrom(1, 20, 100, 101), oddNumber),
  reference: fc.oneof(fc.constantFrom("NEW-01", "Aicha-01", " R-2 "), oddString),
  name: fc.oneof(fc.constantFrom("Nouveau"), oddString),
  price: fc.oneof(fc.constantFrom(169, 169.99, 0.01, 0.1 + 0.2, 12.345, 99_999.99, 1e9), oddNumber),
  stock: fc.oneof(fc.constantFrom(0, 1, 2, 1_000_000), oddNumber),
  id: fc.oneof(fc.integer({ min: 1, max: 6 }), fc.constantFrom<unknown>("1", 1n, null), oddNumber),
  delta: fc.oneof(fc.constantFrom<unknown>(1, -1, 2, "1"), oddNumber),
  locale: fc.oneof(fc.constantFrom<unknown>("fr", "en", "de", "FR", null), oddString),
  segment: fc.oneof(
    fc.constantFrom<unknown>(
      "sac-banane-aicha",
      "sac-banane-nadia",
      "Zora",
      "ab",
      "a--b",
      "../admin",
      "x".repeat(81),
    ),
    oddString,
  ),
  seriesId: fc.oneof(fc.integer({ min: 1, max: 4 }), fc.constantFrom<unknown>("1", null), oddNumber),
  position: fc.oneof(fc.constantFrom<unknown>(1, 2, 1_000, 1_001, 0), oddNumber),
  titleFr: fc.oneof(fc.constantFrom("Deuxième série", "", " ", "x".repeat(81)), oddString),
  titleEn: fc.oneof(fc.constantFrom("Second series", "x".repeat(80)), oddString),
  longDescription: fc.oneof(fc.constantFrom("Un.\r\n\r\nDeux.", "", "x".repeat(5_001)), oddString),
  faq: fc.oneof(
    fc.array(fc.record({ question: oddString, answer: oddString }), { maxLength: 12 }),
    fc.constantFrom<unknown>([{ question: "Q ?", answer: "" }], [{ question: "Q ?" }], null),
    anything,
  ),
  productId: fc.oneof(fc.integer({ min: 1, max: 6 }), fc.constantFrom<unknown>("1", null), oddNumber),
  photoIds: fc.oneof(
    fc.shuffledSubarray([1, 2, 3, 4, 5, 6, 7, 8]),
    fc.array(fc.oneof(fc.integer({ min: 1, max: 20 }), oddNumber), { maxLength: 14 }),
    anything,
  ),
  fr: fc.oneof(fc.constantFrom("Aicha de face", "", "x".repeat(300), "x".repeat(301)), oddString),
  en: fc.oneof(fc.constantFrom("Aicha, front view", " ", "\u202eweiv tnorf"), oddString),
  legalForm: fc.oneof(
    fc.constantFrom<unknown>("ei", "sas", " SASU ", "SA", "micro-entreprise", "", null),
    oddString,
  ),
  register: fc.oneof(fc.constantFrom<unknown>("rcs", "rne", "RNE", "rm", "", null), oddString),
  shareCapital: fc.oneof(fc.constantFrom<unknown>("1 000 €", "", null), oddString),
  rcsCity: fc.oneof(fc.constantFrom<unknown>("Paris", "", null), oddString),
  siren: fc.oneof(fc.constantFrom<unknown>("732829320", "732 829 320", "123456789", "", null), oddString),
  vatNumber: fc.oneof(
    fc.constantFrom<unknown>("FR44732829320", "fr 44 732 829 320", "FR83404833048", "", null),
    oddString,
  ),
  postalCode: fc.oneof(fc.constantFrom<unknown>("75011", "7501", "4000-123", null), oddString),
  country: fc.oneof(fc.constantFrom<unknown>("FR", "fr", "PT", "ZZ", null), oddString),
  email: fc.oneof(fc.constantFrom<unknown>("bonjour@souls.fr", "bonjour", "", null), oddString),
  saves: fc.oneof(fc.constantFrom<unknown>(1, 2, 10, 11, 0, "1"), oddNumber),
  reason: fc.oneof(
    fc.constantFrom<unknown>(
      "off_topic",
      "abusive",
      "personal_data",
      "advertising",
      "unintelligible",
      "negative",
    ),
    oddString,
  ),
  reply: fc.oneof(fc.constantFrom<unknown>("Merci !", "", null, "x".repeat(1_001)), oddString),
  after: fc.oneof(
    fc.constantFrom<unknown>("2026-11-26T10:00:00.123456Z_42", "2026-11-26T10:00:00Z_42", "0", null),
    oddString,
  ),
  abandoned: fc.oneof(fc.constantFrom<unknown>(true, false, "true", 1, null), anything),
  emailId: fc.oneof(fc.integer({ min: 1, max: 6 }), fc.constantFrom<unknown>("1", null), oddNumber),
  ownerEmail: fc.oneof(fc.constantFrom<unknown>("atelier@souls.example", "", "atelier", null), oddString),
  lowStockBelow: fc.oneof(fc.constantFrom<unknown>(1, 3, 1_000, 1_001, 0), oddNumber),
  vatRegime: fc.oneof(fc.constantFrom<unknown>("france", "destination", "franchise", "oss", null), oddString),
  list: fc.oneof(fc.constantFrom<unknown>("newsletter", "early", "backInStock", "vip", null), oddString),
  mediatorUrl: fc.oneof(
    fc.constantFrom<unknown>("https://www.cm2c.net", "http://cm2c.net", "javascript:alert(1)", null),
    oddString,
  ),
};

/** The well-formed input with each field kept, changed, retyped or dropped, and sometimes one too many. */
function nearlyWellFormed(path: string): fc.Arbitrary<unknown> {
  const wellFormed = WELL_FORMED_INPUTS[path];
  if (wellFormed === undefined || wellFormed === null || typeof wellFormed !== "object") {
    return fc.constantFrom<unknown>(undefined, undefined, null, {}, [], "", 0);
  }
  const DROP = Symbol("drop");
  const fields = Object.fromEntries(
    Object.entries(wellFormed).map(([key, value]) => [
      key,
      fc.oneof(
        { weight: 3, arbitrary: fc.constant<unknown>(value) },
        { weight: 4, arbitrary: FIELD_VALUES[key] ?? anything },
        { weight: 1, arbitrary: anything },
        { weight: 1, arbitrary: fc.constant<unknown>(DROP) },
      ),
    ]),
  );
  const extra = fc.oneof(
    { weight: 4, arbitrary: fc.constant({}) },
    {
      weight: 1,
      arbitrary: fc.dictionary(fc.oneof(fc.constantFrom("__proto__", "constructor"), oddString), anything, {
        maxKeys: 2,
      }),
    },
  );
  return fc.tuple(fc.record(fields), extra).map(([chosen, more]) => {
    const input: Record<string, unknown> = { ...more };
    for (const [key, value] of Object.entries(chosen)) {
      if (value !== DROP) input[key] = value;
    }
    return input;
  });
}

/** The real order's number where the generator asked for it (known only once the database is ready). */
function withRealOrder(input: unknown): unknown {
  if (input === null || typeof input !== "object" || !("orderNumber" in input)) return input;
  const { orderNumber } = input as { orderNumber: unknown };
  if (orderNumber === "PAID") return { ...input, orderNumber: paidOrderNumber };
  if (orderNumber === " PAID ") return { ...input, orderNumber: ` ${paidOrderNumber} ` };
  return input;
}

const describeInput = (input: unknown) => {
  try {
    return fc.stringify(input).slice(0, 300);
  } catch {
    return String(input);
  }
};

/** Settles a call: its value, or the error it threw. A subscription's stream is closed at once. */
async function settle(call: Promise<unknown>) {
  try {
    const value = await call;
    const iterator = (value as { [Symbol.asyncIterator]?: () => AsyncIterator<unknown> } | null)?.[
      Symbol.asyncIterator
    ]?.();
    await iterator?.return?.();
    return { ok: true as const, value };
  } catch (error) {
    return { ok: false as const, error };
  }
}

// ---------------------------------------------------------------------------------------------

describe.each(PROCEDURES)("$path ($type) with the owner's session", ({ path }) => {
  it(
    "answers any input without INTERNAL_SERVER_ERROR; an input its schema refuses is a BAD_REQUEST that writes nothing",
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.oneof(anything, nearlyWellFormed(path)), async (generated) => {
          const input = withRealOrder(generated);
          const valid = acceptedBy(path, input);
          const before = await fingerprint();
          const outcome = await settle(callPath(ownerCaller(t.db), path, input));
          const label = `${path}(${describeInput(input)})`;
          if (!outcome.ok) {
            expect(outcome.error, label).toBeInstanceOf(TRPCError);
            const { code, cause } = outcome.error as TRPCError;
            expect(code, `${label}: ${cause?.stack ?? cause}`).not.toBe("INTERNAL_SERVER_ERROR");
            if (!valid) expect(code, label).toBe("BAD_REQUEST");
          } else {
            expect(valid, `${label} succeeded`).toBe(true);
          }
          if (!valid) expect(await fingerprint(), label).toEqual(before);
        }),
        { numRuns: NUM_RUNS },
      );
    },
    PROPERTY_TIMEOUT,
  );
});

it(
  "without a session, every procedure answers any input UNAUTHORIZED and writes nothing",
  async () => {
    const anonymous = ownerCaller(t.db, { admin: null });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PROCEDURES.map((procedure) => procedure.path)),
        fc.oneof(
          anything,
          fc.constantFrom(...PROCEDURES.map((procedure) => WELL_FORMED_INPUTS[procedure.path])),
        ),
        async (path, input) => {
          const before = await fingerprint();
          const outcome = await settle(callPath(anonymous, path, input));
          expect(outcome.ok).toBe(false);
          expect((outcome as { error: TRPCError }).error.code).toBe("UNAUTHORIZED");
          expect(await fingerprint()).toEqual(before);
        },
      ),
      { numRuns: NUM_RUNS },
    );
  },
  PROPERTY_TIMEOUT,
);

// ---------------------------------------------------------------------------------------------
// Over HTTP: tRPC's fetch adapter, as the web app's /trpc route mounts it.

const PATHS = PROCEDURES.map((procedure) => procedure.path);
/** JSON as a client would send it (a bigint, which JSON cannot carry, is sent as its digits). */
const json = (value: unknown) =>
  JSON.stringify(value, (_key, item) => (typeof item === "bigint" ? item.toString() : item)) ?? "";
const jsonText = fc.oneof(
  fc.jsonValue().map(json),
  nearlyWellFormed("products.create").map(json),
  nearlyWellFormed("orders.markShipped").map((value) => json(withRealOrder(value))),
  fc
    .array(fc.oneof(...PATHS.map(nearlyWellFormed)), { maxLength: 3 })
    .map((inputs) => json(Object.fromEntries(inputs.map((input, index) => [index, withRealOrder(input)])))),
);

interface HttpShape {
  method: string;
  paths: string[];
  batch: boolean;
  queryInput?: string;
  body: string | Uint8Array;
  contentType?: string;
  accept?: string;
  session: boolean;
  lastEventId?: string;
}

/** Anything at all in the envelope: method, path, content type, body, query. */
const anyHttpRequest: fc.Arbitrary<HttpShape> = fc.record({
  method: fc.constantFrom("GET", "POST", "POST", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"),
  paths: fc.oneof(
    { weight: 4, arbitrary: fc.array(fc.constantFrom(...PATHS), { minLength: 1, maxLength: 3 }) },
    { weight: 1, arbitrary: fc.array(oddString, { minLength: 1, maxLength: 2 }) },
  ),
  batch: fc.boolean(),
  queryInput: fc.option(fc.oneof(jsonText, oddString), { nil: undefined }),
  body: fc.oneof(
    { weight: 5, arbitrary: jsonText },
    { weight: 2, arbitrary: oddString },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 2048 }) },
    { weight: 1, arbitrary: fc.constant("") },
  ),
  contentType: fc.option(
    fc.constantFrom(
      "application/json",
      "application/json; charset=utf-8",
      "multipart/form-data",
      "multipart/form-data; boundary=x",
      "application/octet-stream",
      "application/x-www-form-urlencoded",
      "text/plain",
      "",
    ),
    { nil: undefined },
  ),
  accept: fc.option(fc.constantFrom("application/jsonl", "text/event-stream", "*/*"), { nil: undefined }),
  session: fc.boolean(),
  lastEventId: fc.option(
    oddString.filter((value) => /^[\x20-\x7e]*$/.test(value)),
    { nil: undefined },
  ),
});

/** What the tRPC client sends (GET for queries, POST + JSON for mutations, batches), with fuzzed inputs. */
const clientLikeRequest: fc.Arbitrary<HttpShape> = fc
  .constantFrom("query", "mutation", "subscription")
  .chain((type) => {
    const sameType = PROCEDURES.filter((procedure) => procedure.type === type).map(
      (procedure) => procedure.path,
    );
    return fc.record({
      type: fc.constant(type),
      paths: fc.array(fc.constantFrom(...sameType), {
        minLength: 1,
        maxLength: type === "subscription" ? 1 : 3,
      }),
      batch: fc.boolean(),
      accept: fc.option(fc.constant("application/jsonl"), { nil: undefined }),
      session: fc.oneof(
        { weight: 4, arbitrary: fc.constant(true) },
        { weight: 1, arbitrary: fc.constant(false) },
      ),
    });
  })
  .chain(({ type, paths, batch, accept, session }) =>
    fc.tuple(...paths.map((path) => fc.oneof(nearlyWellFormed(path), anything))).map((inputs): HttpShape => {
      const real = inputs.map(withRealOrder);
      const isBatch = batch || paths.length > 1;
      const payload = json(
        isBatch ? Object.fromEntries(real.map((input, index) => [index, input])) : real[0],
      );
      const get = type !== "mutation";
      return {
        method: get ? "GET" : "POST",
        paths,
        batch: isBatch,
        queryInput: get && payload !== "" ? payload : undefined,
        body: get ? "" : payload,
        contentType: "application/json",
        accept,
        session,
      };
    }),
  );

const httpRequest = fc.oneof(
  { weight: 3, arbitrary: clientLikeRequest },
  { weight: 2, arbitrary: anyHttpRequest },
);

/** A path as a URL carries it: a lone surrogate cannot be encoded, it becomes U+FFFD. */
const pathSegment = (path: string) =>
  encodeURIComponent(
    path.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd"),
  );

/** Whether a request could run a mutation with an input its schema accepts (then it may write). */
function mayWrite(shape: HttpShape, body: string) {
  if (!shape.session || shape.method !== "POST" || !shape.contentType?.startsWith("application/json"))
    return false;
  let inputs: unknown;
  try {
    inputs = JSON.parse(body);
  } catch {
    return false;
  }
  return shape.paths.some((path, index) => {
    if (typeOf(path) !== "mutation") return false;
    const input = shape.batch ? (inputs as Record<string, unknown> | null)?.[index] : inputs;
    return acceptedBy(path, input);
  });
}

it(
  "over HTTP, answers any request below 500 and writes nothing unless a mutation got a valid input",
  async () => {
    await fc.assert(
      fc.asyncProperty(httpRequest, async (shape) => {
        const search = new URLSearchParams();
        if (shape.batch) search.set("batch", "1");
        if (shape.queryInput !== undefined) search.set("input", shape.queryInput);
        if (shape.lastEventId !== undefined) search.set("lastEventId", shape.lastEventId);
        const url = `http://souls.test/trpc/${shape.paths.map(pathSegment).join(",")}?${search}`;
        const headers = new Headers();
        if (shape.contentType !== undefined) headers.set("Content-Type", shape.contentType);
        if (shape.accept !== undefined) headers.set("trpc-accept", shape.accept);
        const hasBody = shape.method !== "GET";
        const body = typeof shape.body === "string" ? shape.body : new TextDecoder().decode(shape.body);
        const abort = new AbortController();
        const request = new Request(url, {
          method: shape.method,
          headers,
          body: hasBody
            ? typeof shape.body === "string"
              ? shape.body
              : new Uint8Array(shape.body)
            : undefined,
          signal: abort.signal,
        });
        const before = await fingerprint();
        const response = await fetchRequestHandler({
          endpoint: "/trpc",
          req: request,
          router: appRouter,
          createContext: () => ownerContext(t.db, shape.session ? {} : { admin: null }),
        });
        const streamed = /event-stream|jsonl/.test(response.headers.get("Content-Type") ?? "");
        // A whole answer is read (a batch's failures are inside it); a stream is closed at once.
        const text = streamed ? "" : await response.text();
        abort.abort();
        await response.body?.cancel().catch(() => {});
        expect(response.status, text.slice(0, 300)).toBeLessThan(500);
        expect(text).not.toContain("INTERNAL_SERVER_ERROR");
        if (!mayWrite(shape, body)) expect(await fingerprint()).toEqual(before);
      }),
      { numRuns: 200 },
    );
  },
  PROPERTY_TIMEOUT,
);

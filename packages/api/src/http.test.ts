/**
 * The router as the admin screens reach it: tRPC's fetch adapter (what the web app's `/trpc` route
 * uses) called in-process by the real tRPC client, so error shapes, dates and the SSE stream are
 * checked on the wire, not only through a server-side caller.
 */
import { seedProducts } from "@souls/db";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import type { ProductChange } from "@souls/shop/product-changes";
import { type ListeningProductChangeSource, listenToProductChanges } from "@souls/shop/product-changes";
import { placePaidOrder } from "@souls/shop/testing";
import { createTRPCClient, httpLink, httpSubscriptionLink, splitLink, TRPCClientError } from "@trpc/client";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { EventSource } from "eventsource";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiContext } from "./context";
import { MESSAGES } from "./errors";
import { type AppRouter, appRouter } from "./router";
import { ownerContext } from "./testing";

let t: TestDatabase;
let source: ListeningProductChangeSource;
beforeAll(async () => {
  t = await createTestDatabase();
  await seedProducts(t.db);
  source = await listenToProductChanges(t.url);
});
afterAll(async () => {
  await source.close();
  await t.drop();
});

const URL_BASE = "http://souls.test/trpc";

/** A fetch that hands the request straight to the adapter, with the context `context` builds. */
function inProcessFetch(context: () => ApiContext) {
  return (input: string | URL | Request, init?: RequestInit) =>
    fetchRequestHandler({
      endpoint: "/trpc",
      req: new Request(input, init),
      router: appRouter,
      createContext: () => context(),
    });
}

function client(context: () => ApiContext) {
  const fetch = inProcessFetch(context);
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === "subscription",
        true: httpSubscriptionLink({ url: URL_BASE, EventSource, eventSourceOptions: { fetch } }),
        false: httpLink({ url: URL_BASE, fetch }),
      }),
    ],
  });
}

async function clientError(call: Promise<unknown>): Promise<TRPCClientError<AppRouter>> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCClientError);
  return error as TRPCClientError<AppRouter>;
}

describe("over HTTP", () => {
  it("a refused input is a 400 with the French message and the form's field message keys", async () => {
    const owner = client(() => ownerContext(t.db));
    const error = await clientError(
      owner.products.create.mutate({ reference: "   ", name: "Sac", price: 0 }),
    );
    expect(error.message).toBe(MESSAGES.validation);
    expect(error.data).toMatchObject({ code: "BAD_REQUEST", httpStatus: 400 });
    expect(error.data?.zodError?.fieldErrors).toEqual({
      reference: [{ key: "admin:input.required", values: { min: 1 } }],
      price: [{ key: "admin:input.positive", values: { min: 0 } }],
    });
  });

  it("a rule of the shop is its code with a French message, and no zodError", async () => {
    const owner = client(() => ownerContext(t.db));
    const error = await clientError(
      owner.products.create.mutate({ reference: "Aicha-01", name: "Sac", price: 169 }),
    );
    expect(error.message).toBe("Cette référence existe déjà");
    expect(error.data).toMatchObject({ code: "CONFLICT", httpStatus: 409, zodError: null });
  });

  it("without a session, queries, mutations and subscriptions are UNAUTHORIZED", async () => {
    const anonymous = client(() => ownerContext(t.db, { admin: null }));
    // One after the other: a call started before the loop awaits it would reject unhandled.
    for (const call of [() => anonymous.orders.list.query(), () => anonymous.emails.cleanup.mutate()]) {
      const error = await clientError(call());
      expect(error.message).toBe(MESSAGES.unauthorized);
      expect(error.data).toMatchObject({ code: "UNAUTHORIZED", httpStatus: 401 });
    }
    const refused = await new Promise<unknown>((resolve) => {
      const subscription = anonymous.products.changes.subscribe(undefined, {
        onData: () => resolve(new Error("a change reached a client without a session")),
        onError: (error) => {
          subscription.unsubscribe();
          resolve(error);
        },
      });
    });
    expect(refused).toBeInstanceOf(TRPCClientError);
    expect((refused as TRPCClientError<AppRouter>).data?.code).toBe("UNAUTHORIZED");
  });

  it("dates arrive as ISO strings", async () => {
    const paid = await placePaidOrder(t.db);
    const owner = client(() => ownerContext(t.db));
    const { orders } = await owner.orders.list.query({ search: paid.orderNumber });
    expect(orders[0]?.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("products.changes streams a change over SSE and the server unsubscribes when the client leaves", async () => {
    let opened!: () => void;
    let closed!: () => void;
    const open = new Promise<void>((resolve) => {
      opened = resolve;
    });
    const gone = new Promise<void>((resolve) => {
      closed = resolve;
    });
    const productChanges = {
      subscribe(listener: (change: ProductChange) => void) {
        const unsubscribe = source.subscribe(listener);
        opened();
        return () => {
          unsubscribe();
          closed();
        };
      },
    };
    const owner = client(() => ownerContext(t.db, { productChanges }));
    const received = new Promise<ProductChange>((resolve, reject) => {
      const subscription = owner.products.changes.subscribe(undefined, {
        // An earlier test's sale (Aicha's stock) may still be on its way: wait for Bilin's.
        onData: (change) => {
          if (change.slug !== "bilin") return;
          subscription.unsubscribe();
          resolve(change);
        },
        onError: reject,
      });
    });
    await open;
    await t.db.updateTable("products").set({ stock: 11 }).where("slug", "=", "bilin").execute();
    expect(await received).toMatchObject({ slug: "bilin", available: 11, operation: "update" });
    await gone;
  });
});

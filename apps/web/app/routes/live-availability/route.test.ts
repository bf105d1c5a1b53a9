/**
 * A live stream's slot is given back when its response closes, whatever the garbage collector
 * does: streams served over real HTTP through Remix's Express adapter (the production server's),
 * their Request objects left to be collected, a full collection forced while they are open, then
 * their connections dropped — thousands of times.
 */

import http from "node:http";
import type { AddressInfo } from "node:net";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
// The adapter's own request and response functions (its index exports only the whole handler).
import { createRemixRequest, sendRemixResponse } from "@remix-run/express/dist/server.js";
import { createTestDatabase, type TestDatabase } from "@souls/db/testing";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

let t: TestDatabase;
let server: http.Server;
let origin: string;
let live: typeof import("~/lib/live.server");

beforeAll(async () => {
  t = await createTestDatabase();
  vi.stubEnv("DATABASE_URL", t.url);
  vi.stubEnv("SITE_URL", "https://souls.example");
  live = await import("~/lib/live.server");
  const { loader } = await import("./route");
  /**
   * The loader's answer. Remix's server runtime hands a loader a Request made from the adapter's
   * (`stripIndexParam`, then `stripDataParam`), each signal following the one before through a
   * link the collector may break once nothing holds the Request in between: as here.
   */
  const answer = (req: express.Request, res: express.Response) =>
    loader({
      request: remade(remade(createRemixRequest(req, res))),
      params: {},
      context: {
        socketAddress: String(req.query.client),
        onResponseClose: (listener) => res.once("close", listener),
      },
    });
  const app = express().get("/live", (req, res) => {
    sendRemixResponse(res, answer(req, res)).catch(() => res.destroy());
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  const { db } = await import("~/lib/db.server");
  await db.destroy();
  await t?.drop();
});

const remade = (request: Request) =>
  new Request(request.url, { headers: request.headers, signal: request.signal });

/** Opens a stream for a client; resolves with its status once the answer's head has come. */
function openStream(client: string): Promise<{ status: number; drop: () => void }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${origin}/live?client=${client}`, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, drop: () => request.destroy() });
    });
    request.on("error", (error) => {
      if ((error as NodeJS.ErrnoException).code !== "ECONNRESET") reject(error);
    });
  });
}

describe("a live stream's slot", () => {
  it("comes back when its connection drops, after thousands of streams and forced collections", async () => {
    const rounds = 10;
    const perRound = 200;
    for (let round = 0; round < rounds; round++) {
      const streams = await Promise.all(
        Array.from({ length: perRound }, (_, i) => openStream(`198.51.${round}.${i}`)),
      );
      expect(
        streams.filter((stream) => stream.status !== 200).map((s) => s.status),
        `round ${round}`,
      ).toEqual([]);
      expect(live.liveStreamsOpen().total).toBe(perRound);
      // What lost the slots: the requests' signals collected while their streams were open.
      collectGarbage();
      for (const stream of streams) stream.drop();
      await vi.waitFor(() => expect(live.liveStreamsOpen().total).toBe(0), { timeout: 60_000 });
    }

    // A shopper who opened six pages and closed them opens six more.
    for (let tab = 0; tab < 2; tab++) {
      const pages = await Promise.all(Array.from({ length: 6 }, () => openStream("203.0.113.7")));
      expect(pages.map((page) => page.status)).toEqual(Array(6).fill(200));
      collectGarbage();
      for (const page of pages) page.drop();
      await vi.waitFor(() => expect(live.liveStreamsOpen()).toEqual({ total: 0, busiestClient: 0 }), {
        timeout: 60_000,
      });
    }
  }, 600_000);
});

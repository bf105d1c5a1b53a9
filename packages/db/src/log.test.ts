import { afterEach, describe, expect, it, vi } from "vitest";
import { consoleLine, createLogger, defaultLogFormat, loggedPath } from "./log";

afterEach(() => vi.restoreAllMocks());

function jsonLogger() {
  const lines: { stream: "stdout" | "stderr"; entry: Record<string, unknown> }[] = [];
  const logger = createLogger({
    service: "worker",
    format: "json",
    sinks: {
      stdout: (line) => lines.push({ stream: "stdout", entry: JSON.parse(line) }),
      stderr: (line) => lines.push({ stream: "stderr", entry: JSON.parse(line) }),
    },
  });
  return { logger, lines };
}

describe("a request's address in the logs", () => {
  it("never writes a query nor an early-access token", () => {
    expect(loggedPath("/suivi-commande?token=abc")).toBe("/suivi-commande");
    expect(loggedPath("/acces-anticipe/e.3.41.sig-nature_x?utm_source=mail")).toBe("/acces-anticipe/…");
    expect(loggedPath("/en/early-access/e.3.41.signature")).toBe("/en/early-access/…");
    expect(loggedPath("/en/acces-anticipe/e.3.41.signature")).toBe("/en/acces-anticipe/…");
    expect(loggedPath(undefined)).toBe("/");
    expect(loggedPath(`/${"x".repeat(500)}`)).toHaveLength(200);
  });
});

describe("log lines", () => {
  it("are JSON in a deployment only: production on a real database", () => {
    expect(defaultLogFormat({ NODE_ENV: "production" })).toBe("json");
    expect(defaultLogFormat({ NODE_ENV: "production", SHOP_EMBEDDED_DB: "1" })).toBe("text");
    expect(defaultLogFormat({ NODE_ENV: "development" })).toBe("text");
    expect(defaultLogFormat({})).toBe("text");
  });

  it("carry time, level, service, msg and fields; errors as message and stack; warnings on stderr", () => {
    const { logger, lines } = jsonLogger();
    logger.info("sent", { count: 2 });
    logger.error("round failed", { err: new Error("connection refused") });
    expect(lines[0]).toEqual({
      stream: "stdout",
      entry: { time: expect.any(String), level: "info", service: "worker", msg: "sent", count: 2 },
    });
    expect(new Date(lines[0]?.entry.time as string).toISOString()).toBe(lines[0]?.entry.time);
    expect(lines[1]?.stream).toBe("stderr");
    expect(lines[1]?.entry.err).toEqual({
      message: "connection refused",
      stack: expect.stringContaining("log.test.ts"),
    });
  });

  it("carry the fields of the work they were written for, awaited work included", async () => {
    const { logger, lines } = jsonLogger();
    await logger.withFields({ requestId: "abc" }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      logger.info("inside");
    });
    logger.info("outside");
    expect(lines.map(({ entry }) => entry.requestId)).toEqual(["abc", undefined]);
  });

  it("never let a field replace time, level, service or msg", () => {
    const { logger, lines } = jsonLogger();
    logger.warn("refused", { msg: "forged", level: "info", path: "/panier" });
    expect(lines[0]?.entry).toMatchObject({ msg: "refused", level: "warn", path: "/panier" });
  });

  it("read a console call: its tag as component (unless it is the service), its Error as err", () => {
    expect(consoleLine("worker", ["[worker] round failed:", "timeout"])).toEqual({
      msg: "round failed: timeout",
      fields: {},
    });
    const error = new Error("gone");
    expect(consoleLine("web", ["[db] connection lost:", error])).toEqual({
      msg: "connection lost",
      fields: { component: "db", err: { message: "gone", stack: error.stack } },
    });
    expect(consoleLine("web", [{ a: 1 }, 2])).toEqual({ msg: "{ a: 1 } 2", fields: {} });
  });

  it("stay the usual console text in text mode", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const logger = createLogger({ service: "web", format: "text" });
    logger.warn("refused", { status: 403 }, "[refused] POST /panier 403 cross-site post");
    logger.info("listening", { port: 3000 });
    expect(warn).toHaveBeenCalledWith("[refused] POST /panier 403 cross-site post");
    expect(log).toHaveBeenCalledWith("[web] listening port=3000");
  });
});

import { createHash } from "node:crypto";
import { createServer } from "node:net";
import { test as base, expect, type Page } from "@playwright/test";
import pg from "pg";

/**
 * Fails a test on any console error, uncaught page error (a broken asset, a hydration error) or
 * Content-Security-Policy violation (Chrome reports a refused script or eval only as an issue).
 * Each test browses from its own client address (the server trusts one proxy hop in the e2e
 * run), so one test's failed tracking attempts never count against another.
 */
export const test = base.extend<{ page: Page; expectedConsoleErrors: RegExp[] }>({
  /** Console errors a test provokes on purpose (a script it blocks), never any other. */
  expectedConsoleErrors: [[], { option: true }],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  extraHTTPHeaders: async ({}, use, testInfo) => {
    const bytes = createHash("sha256").update(testInfo.testId).digest();
    await use({ "X-Forwarded-For": `10.${bytes[0]}.${bytes[1]}.${bytes[2]}` });
  },
  page: async ({ page, expectedConsoleErrors }, use) => {
    const problems: string[] = [];
    page.on("console", (message) => {
      // A refused form (400, 401, 402, 409, 410, 429) or a 404 page announces its status in the
      // console: that is the answer under test, not a broken asset.
      const { url } = message.location();
      const answer = url !== "" && (url === page.url() || new URL(url).pathname.endsWith(".data"));
      if (answer && /status of (400|401|402|404|409|410|429)/.test(message.text())) return;
      // Stripe's API answers a declined card with a 402 (Stripe.js's own request): its answer.
      if (url.startsWith("https://api.stripe.com/") && /status of 402/.test(message.text())) return;
      // This fixture's own listener (below) cannot run in a frame sandboxed without scripts (the
      // owner's e-mail preview): Chromium says so, and that is the sandbox working.
      if (/Blocked script execution .* frame is sandboxed/.test(message.text())) return;
      const said = `${message.text()} (${url})`;
      if (expectedConsoleErrors.some((expected) => expected.test(said))) return;
      if (message.type() === "error") problems.push(`console: ${message.text()} (${message.location().url})`);
    });
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    await page.exposeFunction("reportCspViolation", (violation: string) =>
      problems.push(`CSP violation: ${violation}`),
    );
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        const report = (window as unknown as { reportCspViolation(violation: string): void })
          .reportCspViolation;
        report(
          `${event.effectiveDirective} refused ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
        );
      });
    });
    await use(page);
    expect(problems, "the browser reported errors").toEqual([]);
  },
});

export { expect };

/** Runs SQL on the shop's database (the one `with-database` gave the server). */
export async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(
  text: string,
  values: unknown[] = [],
) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** True when the project under test runs without JavaScript. */
export function javaScriptOff(testInfo: { project: { use: { javaScriptEnabled?: boolean } } }) {
  return testInfo.project.use.javaScriptEnabled === false;
}

/** A TCP port nobody listens on right now, for a server a test starts of its own. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

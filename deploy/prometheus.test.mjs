/**
 * The shop's alert rules (deploy/prometheus/alerts.yaml), checked by Prometheus' own tools, and
 * seen firing in a real Prometheus scraping a real shop (decision 044): the production build's web
 * server on a fresh database, its metrics on their own port, Prometheus evaluating the shipped
 * rules every second (each `for:` made 0s). Debian's `prometheus` package brings both
 * `prometheus` and `promtool`: installed when missing and this process may (root with apt-get).
 *
 *   npx turbo run build --filter=@souls/web && node --test deploy/prometheus.test.mjs
 */
import assert from "node:assert/strict";
import { execSync, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { parse, stringify } from "yaml";
import { freePort, waitFor as waitWithin } from "./testing.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const RULES = path.join(ROOT, "deploy/prometheus/alerts.yaml");
/** Generous: the shop starts its database, migrates and serves; on a busy machine too. */
const DEADLINE_MS = 180_000;
const waitFor = (what, check) => waitWithin(what, check, DEADLINE_MS, 250);

const found = (command) => spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;

function ensurePrometheus() {
  if (found("promtool") && found("prometheus")) return;
  if (process.getuid?.() !== 0 || !existsSync("/usr/bin/apt-get")) {
    throw new Error("Prometheus is missing: install Debian's `prometheus` package (promtool comes with it).");
  }
  console.log("[prometheus] installing Debian's prometheus package…");
  execSync(
    "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus",
    { stdio: "inherit" },
  );
}

const started = [];
/** A process in its own group, its output kept for the failure message, stopped after the tests. */
function start(name, command, args, env = {}) {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = [];
  child.stdout.on("data", (chunk) => output.push(chunk));
  child.stderr.on("data", (chunk) => output.push(chunk));
  const entry = { name, child, output: () => Buffer.concat(output).toString().slice(-4000) };
  started.push(entry);
  return entry;
}

/** Runs `promtool test rules` on the shop's rules with these cases (evaluated every minute). */
function passesPromtoolTests(tests) {
  const dir = mkdtempSync(path.join(tmpdir(), "souls-rules-"));
  try {
    const file = path.join(dir, "alerts.test.yaml");
    writeFileSync(file, stringify({ rule_files: [RULES], evaluation_interval: "1m", tests }));
    const tested = spawnSync("promtool", ["test", "rules", file], { encoding: "utf8" });
    assert.equal(tested.status, 0, tested.stdout + tested.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("the alert rules", () => {
  before(ensurePrometheus);

  test("pass promtool check rules", () => {
    const checked = spawnSync("promtool", ["check", "rules", RULES], { encoding: "utf8" });
    assert.equal(checked.status, 0, checked.stdout + checked.stderr);
    const names = parse(readFileSync(RULES, "utf8")).groups.flatMap((group) =>
      group.rules.map((r) => r.alert),
    );
    assert.deepEqual(names.toSorted(), [
      "BackupTooOld",
      "BaseBackupTooOld",
      "CheckoutErrors",
      "DatabaseDown",
      "EmailsFailed",
      "FormsWaiting",
      "OutboxGrowing",
      "PaymentFailures",
      "WalArchiveBehind",
      "WorkerStalled",
    ]);
    assert.match(checked.stdout, new RegExp(`SUCCESS: ${names.length} rules found`));
  });

  test("a rule that does not parse is refused (the check checks)", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "souls-rules-"));
    try {
      const broken = path.join(dir, "broken.yaml");
      writeFileSync(
        broken,
        stringify({
          groups: [{ name: "x", rules: [{ alert: "X", expr: "sum(rate(souls_orders_paid_total[5m]" }] }],
        }),
      );
      assert.notEqual(spawnSync("promtool", ["check", "rules", broken]).status, 0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("the point-in-time recovery's alerts fire when its archive stalls or fails, not before (promtool test rules)", () => {
    // Series as scrapes would see them, on promtool's clock (time() is 0 at the start); decision 054.
    const behind = {
      exp_labels: { severity: "page" },
      exp_annotations: {
        summary: "WAL archiving is behind or failing: orders since are not safe off the host",
        description:
          "See PostgreSQL's logs (archive_command) and the archive's mount (`pitr.sh list`); pg_stat_archiver says what failed.",
      },
    };
    const tests = [
      {
        // A segment archived every minute (archive_timeout), never a failure: quiet.
        interval: "1m",
        input_series: [
          { series: "souls_wal_archive_last_success_timestamp_seconds", values: "0+60x40" },
          { series: "souls_wal_archive_last_failure_timestamp_seconds", values: "0x40" },
        ],
        alert_rule_test: [{ eval_time: "40m", alertname: "WalArchiveBehind", exp_alerts: [] }],
      },
      {
        // Archiving fails from minute 11 on (the archive's mount is gone): firing 5 minutes on.
        interval: "1m",
        input_series: [
          { series: "souls_wal_archive_last_success_timestamp_seconds", values: "0+60x10 600x30" },
          { series: "souls_wal_archive_last_failure_timestamp_seconds", values: "0x10 660+60x30" },
        ],
        alert_rule_test: [
          { eval_time: "14m", alertname: "WalArchiveBehind", exp_alerts: [] },
          { eval_time: "17m", alertname: "WalArchiveBehind", exp_alerts: [behind] },
        ],
      },
      {
        // Nothing archived after minute 10 and no failure either (the archiver stuck): 5 minutes
        // behind, then 5 minutes more.
        interval: "1m",
        input_series: [
          { series: "souls_wal_archive_last_success_timestamp_seconds", values: "0+60x10 600x30" },
          { series: "souls_wal_archive_last_failure_timestamp_seconds", values: "0x40" },
        ],
        alert_rule_test: [
          { eval_time: "18m", alertname: "WalArchiveBehind", exp_alerts: [] },
          { eval_time: "22m", alertname: "WalArchiveBehind", exp_alerts: [behind] },
        ],
      },
      {
        // A base backup at hour 0, none after: too old past 26 hours and 15 minutes.
        interval: "1m",
        input_series: [{ series: "souls_base_backup_last_success_timestamp_seconds", values: "0x1700" }],
        alert_rule_test: [
          { eval_time: "26h", alertname: "BaseBackupTooOld", exp_alerts: [] },
          {
            eval_time: "27h",
            alertname: "BaseBackupTooOld",
            exp_alerts: [
              {
                exp_labels: { severity: "warning" },
                exp_annotations: {
                  summary: "The last base backup is 1d 3h 0m 0s old",
                  description:
                    "The daily base backup did not run or failed: see the pitr service's logs (`pitr.sh base` makes one).",
                },
              },
            ],
          },
        ],
      },
    ];
    passesPromtoolTests(tests);
  });
});

describe("the forms' line", () => {
  before(ensurePrometheus);

  test("FormsWaiting fires when posts wait over a second for ten minutes, never for a launch's minutes (promtool test rules)", () => {
    /** The histogram's buckets as scrapes would see them: `fast` posts (≤ 5 ms) and `slow` ones (~5 s). */
    const line = (fast, slow) => [
      { series: 'souls_form_turn_wait_seconds_bucket{le="0.005"}', values: fast },
      { series: 'souls_form_turn_wait_seconds_bucket{le="1"}', values: fast },
      { series: 'souls_form_turn_wait_seconds_bucket{le="10"}', values: slow },
      { series: 'souls_form_turn_wait_seconds_bucket{le="+Inf"}', values: slow },
    ];
    const tests = [
      {
        // A launch: two minutes of posts waiting seconds, then a minute's usual forms, at once.
        interval: "1m",
        input_series: line("0x2 60+60x37", "0+60x39"),
        alert_rule_test: [{ eval_time: "40m", alertname: "FormsWaiting", exp_alerts: [] }],
      },
      {
        // The servers cannot keep up: every post waits seconds, on and on.
        interval: "1m",
        input_series: line("0x40", "0+60x40"),
        alert_rule_test: [
          { eval_time: "9m", alertname: "FormsWaiting", exp_alerts: [] },
          {
            eval_time: "15m",
            alertname: "FormsWaiting",
            exp_alerts: [
              {
                exp_labels: { severity: "warning" },
                exp_annotations: {
                  summary: "Forms wait 9.55s for their turn (95th percentile)",
                  description:
                    "The web servers cannot keep up with the posts: look for slow requests in their logs and at the database, or add a replica.",
                },
              },
            ],
          },
        ],
      },
    ];
    passesPromtoolTests(tests);
  });
});

describe("a real Prometheus scraping a real shop", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "souls-prometheus-"));
  let shop;
  let prometheus;
  let ports;

  before(async () => {
    ensurePrometheus();
    assert.ok(
      existsSync(path.join(ROOT, "apps/web/build/server/index.js")),
      "the web server's production build is missing: npx turbo run build --filter=@souls/web",
    );
    ports = {
      web: await freePort(),
      metrics: await freePort(),
      worker: await freePort(),
      prometheus: await freePort(),
    };
    // The web server and the worker, each its metrics on a port of its own.
    // (Not in production mode, like the e2e suite's: e-mails to a mailbox in the test's folder.)
    const worker = `env -u NODE_ENV WORKER_METRICS_PORT=${ports.worker} WORKER_INTERVAL_SECONDS=1 MAILBOX_DIR=${path.join(dir, "mailbox")} npm run start -w @souls/worker`;
    shop = start(
      "shop",
      "npx",
      ["with-database", "--fresh", "--also", worker, "node", "apps/web/server.mjs"],
      {
        PORT: String(ports.web),
        HOST: "127.0.0.1",
        METRICS_PORT: String(ports.metrics),
        METRICS_HOST: "127.0.0.1",
        NODE_ENV: "production",
        SITE_URL: `http://127.0.0.1:${ports.web}`,
        ADMIN_PASSWORD: "a-long-enough-test-password",
      },
    );
    await waitFor(`the shop on port ${ports.web}`, async () => {
      if (shop.child.exitCode !== null) throw new Error(`the shop exited: ${shop.output()}`);
      return (await fetch(`http://127.0.0.1:${ports.web}/livez`)).ok;
    });
    // The worker's first round done: its heartbeat is in the database before Prometheus looks.
    await waitFor("the worker's first round", async () => {
      if (shop.child.exitCode !== null) throw new Error(`the shop exited: ${shop.output()}`);
      const text = await (await fetch(`http://127.0.0.1:${ports.worker}/metrics`)).text();
      return Number(text.match(/^souls_worker_last_round_timestamp_seconds (\S+)$/m)?.[1]) > 0;
    });
    // The shipped rules, each made to fire as soon as its expression holds.
    const rules = parse(readFileSync(RULES, "utf8"));
    for (const group of rules.groups) for (const rule of group.rules) rule.for = "0s";
    writeFileSync(path.join(dir, "rules.yaml"), stringify(rules));
    writeFileSync(
      path.join(dir, "prometheus.yml"),
      stringify({
        global: { scrape_interval: "1s", evaluation_interval: "1s" },
        rule_files: [path.join(dir, "rules.yaml")],
        scrape_configs: [
          { job_name: "souls-web", static_configs: [{ targets: [`127.0.0.1:${ports.metrics}`] }] },
          { job_name: "souls-worker", static_configs: [{ targets: [`127.0.0.1:${ports.worker}`] }] },
        ],
      }),
    );
    prometheus = start("prometheus", "prometheus", [
      `--config.file=${path.join(dir, "prometheus.yml")}`,
      `--storage.tsdb.path=${path.join(dir, "data")}`,
      `--web.listen-address=127.0.0.1:${ports.prometheus}`,
    ]);
  });

  after(async () => {
    for (const { child } of started.toReversed()) {
      if (child.exitCode !== null) continue;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {}
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  test("the metrics answer on their own port only: the public port says 404", async () => {
    // The home page until the page cache answers it: rendered and kept first, then from memory.
    let homes = 0;
    await waitFor("the home page from the page cache", async () => {
      const home = await fetch(`http://127.0.0.1:${ports.web}/`);
      await home.text();
      homes++;
      return home.headers.get("x-page-cache") === "hit";
    });
    const publicAnswer = await fetch(`http://127.0.0.1:${ports.web}/metrics`);
    assert.equal(publicAnswer.status, 404);
    assert.doesNotMatch(await publicAnswer.text(), /souls_/);
    const metrics = await fetch(`http://127.0.0.1:${ports.metrics}/metrics`);
    assert.equal(metrics.status, 200);
    const text = await metrics.text();
    assert.match(text, /^souls_database_up 1$/m);
    // Prometheus' own linter on the shop's metrics: names, units, help (prom-client's default
    // process metrics keep their own, older names).
    const ours = text
      .split("\n")
      .filter((line) => /^(# (HELP|TYPE) )?souls_/.test(line))
      .join("\n");
    const linted = spawnSync("promtool", ["check", "metrics"], { input: `${ours}\n`, encoding: "utf8" });
    assert.equal(linted.status, 0, linted.stdout + linted.stderr);
    // The public requests just made, by their route id: the not-found page, the home page.
    assert.match(
      text,
      /^souls_http_request_duration_seconds_count\{route="notFound.fr",method="GET",status="404"\} [1-9]/m,
    );
    assert.match(
      text,
      new RegExp(
        `^souls_http_request_duration_seconds_count\\{route="home.fr",method="GET",status="200"\\} ${homes}$`,
        "m",
      ),
    );
    assert.match(text, new RegExp(`^souls_page_cache_requests_total\\{outcome="miss"\\} ${homes - 1}$`, "m"));
    assert.match(text, /^souls_page_cache_requests_total\{outcome="hit"\} 1$/m);
  });

  test("sees BackupTooOld fire (a fresh shop never had a backup), and not WorkerStalled nor DatabaseDown", async () => {
    const firing = await waitFor("BackupTooOld firing in Prometheus", async () => {
      if (prometheus.child.exitCode !== null) throw new Error(`prometheus exited: ${prometheus.output()}`);
      const answer = await fetch(`http://127.0.0.1:${ports.prometheus}/api/v1/alerts`);
      const { data } = await answer.json();
      const alerts = data.alerts.filter((alert) => alert.state === "firing");
      return alerts.some((alert) => alert.labels.alertname === "BackupTooOld") && alerts;
    });
    // The worker's round is seconds old, the database answers.
    assert.deepEqual(
      firing.filter((alert) => ["DatabaseDown", "WorkerStalled"].includes(alert.labels.alertname)),
      [],
    );
    const backup = firing.find((alert) => alert.labels.alertname === "BackupTooOld");
    assert.equal(backup.labels.severity, "warning");
    // Its value came from the shop's scrape: the last backup at 0, decades ago.
    assert.ok(Number(backup.value) > 50 * 365 * 86400, `value ${backup.value}`);
    // Both scrape targets are up: the alert comes from the shop's own numbers.
    const targets = await waitFor("both targets scraped", async () => {
      const answer = await (await fetch(`http://127.0.0.1:${ports.prometheus}/api/v1/targets`)).json();
      const active = answer.data.activeTargets;
      return active.length === 2 && active.every((target) => target.health === "up") && active;
    });
    assert.deepEqual(targets.map((target) => target.labels.job).toSorted(), ["souls-web", "souls-worker"]);
  });
});

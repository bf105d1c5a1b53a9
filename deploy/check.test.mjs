/**
 * The deployment files' essentials, checked without Docker or a cluster: docker/compose.yaml,
 * docker/Dockerfile and the Kubernetes manifests in deploy/k8s. What a careful operator would look
 * for — pinned images, hardening, limits, log rotation, health checks, backups, the migration
 * before the web app, probes, the Gateway, HTTPRoute, HAProxy and Service wiring, every setting the app requires, every
 * secret as a mounted file (none an environment variable).
 *
 *   node --test deploy/
 *
 * scripts/test-image.mjs is the other half: it builds the image and runs it as these files describe.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { parse, parseAllDocuments } from "yaml";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const read = (file) => readFileSync(path.join(ROOT, file), "utf8");

/**
 * The secrets the settings read, each of which may come from a file (`<NAME>_FILE`): the list in
 * packages/shop/src/settings/variables.ts, so a secret added there must reach both deployments
 * as a file. With the database's (DATABASE_PASSWORD_FILE; POSTGRES_PASSWORD is the image's).
 */
const SECRETS = [
  ...read("packages/shop/src/settings/variables.ts")
    .match(/^export const SECRETS = \[([^\]]*)\]/m)[1]
    .matchAll(/"(\w+)"/g),
].map((match) => match[1]);
const NEVER_IN_ENV = [...SECRETS, "DATABASE_PASSWORD", "POSTGRES_PASSWORD"];
/** What the web app refuses to start without in production (packages/shop/src/settings). */
const WEB_REQUIRED = ["DATABASE_URL", "SESSION_SECRET", "ADMIN_PASSWORD", "SITE_URL"];
/** And the worker's (the same settings; no local mailbox in a deployment). */
const WORKER_REQUIRED = ["DATABASE_URL", "SITE_URL", "SESSION_SECRET", "SMTP_URL"];
/** Stripe's keys go together, to the web app and the worker alike (or ALLOW_TEST_PAYMENTS). */
const STRIPE_KEYS = [
  "STRIPE_SECRET_KEY",
  "STRIPE_PUBLISHABLE_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "ALLOW_TEST_PAYMENTS",
];
/** A setting's name as it reaches the app: its file's variable when it is a secret. */
const asPassed = (name) => (SECRETS.includes(name) ? `${name}_FILE` : name);
// Stack traces name the TypeScript sources: every bundle runs with its source maps (decision 056).
const MIGRATE_COMMAND = ["node", "--enable-source-maps", "packages/db/dist/migrate.mjs"];
const WORKER_COMMAND = ["node", "--enable-source-maps", "apps/worker/dist/main.mjs"];
const WEB_COMMAND = ["node", "--enable-source-maps", "apps/web/server.mjs"];
const SHOP_IMAGE = "souls-shop";

/**
 * An exact version: a digest, or a tag naming a release to the patch (PostgreSQL's own versions have
 * two parts: 18.4 is one release). Floating tags — `latest`, a bare major, `22-bookworm-slim` —
 * are refused.
 */
function pinned(image) {
  if (/@sha256:[a-f0-9]{64}$/.test(image)) return true;
  const match = image.match(/^(?:(.+)\/)?([^/:]+):([\w.-]+)$/);
  if (!match) return false;
  const [, , name, tag] = match;
  if (/^(latest|stable|main|master|edge|current|lts)$/.test(tag)) return false;
  if (name === "postgres") return /^\d+\.\d+(-[a-z0-9.]+)?$/.test(tag);
  return /^v?\d+\.\d+\.\d+(-[\w.-]+)?$/.test(tag);
}

// ---------------------------------------------------------------------------------------------
// Compose: interpolated as `docker compose config` would with nothing set — defaults taken,
// required variables standing as <NAME>.

function interpolate(text) {
  return text.replace(/\$\$|\$\{(\w+)(?:(:?[-?])((?:[^{}]|\{[^{}]*\})*))?\}/g, (whole, name, op, arg) => {
    if (whole === "$$") return "$";
    if (op === ":-" || op === "-") return arg;
    if (op === ":?" || op === "?") return `<${name}>`;
    return "";
  });
}

const compose = parse(interpolate(read("docker/compose.yaml")), { merge: true });
const services = compose.services;

describe("docker/compose.yaml", () => {
  // Compose's own validation, where a compose binary exists (no engine needed): the plugin, or
  // Debian's docker-compose 1.29, which predates the top-level `name` (left out for it).
  const composeBinary = [["docker", "compose"], ["docker-compose"]].find(
    ([binary, ...args]) => spawnSync(binary, [...args, "version"], { stdio: "ignore" }).status === 0,
  );
  test("compose itself accepts the file", {
    skip: composeBinary ? false : "no docker compose nor docker-compose on this machine",
  }, () => {
    const [binary, ...args] = composeBinary;
    let text = read("docker/compose.yaml");
    if (binary === "docker-compose") text = text.replace(/^name: .*$/m, "");
    // Beside the original, so relative paths (./secrets, ./backup, ..) mean the same.
    const file = path.join(ROOT, "docker", `.compose-check-${process.pid}.yaml`);
    writeFileSync(file, text);
    try {
      const result = spawnSync(binary, [...args, "-f", file, "config", "--quiet"], {
        encoding: "utf8",
        env: {
          ...process.env,
          SOULS_VERSION: "check",
          SITE_URL: "https://souls.example",
          WAL_ARCHIVE_NFS_HOST: "nfs.souls.example",
        },
      });
      assert.equal(result.status, 0, result.stderr);
    } finally {
      rmSync(file, { force: true });
    }
  });

  test("every image is pinned to an exact version (the shop's own by a required tag)", () => {
    for (const [name, service] of Object.entries(services)) {
      assert.ok(service.image, `${name} has no image`);
      if (service.image.startsWith(`${SHOP_IMAGE}:`)) {
        assert.equal(
          service.image,
          `${SHOP_IMAGE}:<SOULS_VERSION>`,
          `${name}: the shop's tag must be required`,
        );
      } else assert.ok(pinned(service.image), `${name}: ${service.image} is not an exact version`);
    }
  });

  test("every service rotates its logs", () => {
    for (const [name, { logging }] of Object.entries(services)) {
      assert.equal(logging?.driver, "json-file", `${name}: logging driver`);
      assert.match(String(logging.options?.["max-size"]), /^\d+[kmg]$/, `${name}: max-size`);
      assert.ok(Number(logging.options?.["max-file"]) >= 1, `${name}: max-file`);
    }
  });

  test("no new privileges, every capability dropped, a read-only root file system", () => {
    for (const [name, service] of Object.entries(services)) {
      assert.ok(service.security_opt?.includes("no-new-privileges:true"), `${name}: no-new-privileges`);
      assert.ok(service.cap_drop?.includes("ALL"), `${name}: cap_drop ALL`);
      assert.equal(service.read_only, true, `${name}: read_only`);
      for (const added of service.cap_add ?? []) {
        assert.ok(
          ["CHOWN", "DAC_OVERRIDE", "FOWNER", "SETGID", "SETUID", "NET_BIND_SERVICE"].includes(added),
          `${name}: cap_add ${added} is not one of the few an image needs to start`,
        );
      }
    }
    for (const name of ["migrate", "web", "worker", "backup"]) {
      assert.ok(
        services[name].tmpfs?.some((mount) => mount.split(":")[0] === "/tmp"),
        `${name}: a tmpfs /tmp`,
      );
    }
    assert.deepEqual(services.postgres.cap_add.sort(), [
      "CHOWN",
      "DAC_OVERRIDE",
      "FOWNER",
      "SETGID",
      "SETUID",
    ]);
    assert.ok(services.postgres.tmpfs.some((mount) => mount.startsWith("/var/run/postgresql")));
  });

  test("every service has CPU and memory limits", () => {
    for (const [name, service] of Object.entries(services)) {
      const limits = service.deploy?.resources?.limits;
      assert.ok(Number(limits?.cpus) > 0, `${name}: cpus limit`);
      assert.match(String(limits?.memory), /^\d+[kmg]$/, `${name}: memory limit`);
    }
  });

  test("web replicas are replaced one at a time, the new one first; docker/roll.sh does it for compose", () => {
    const update = services.web.deploy.update_config;
    assert.equal(update.parallelism, 1);
    assert.equal(update.order, "start-first");
    const roll = read("docker/roll.sh");
    assert.match(roll, /--no-recreate --scale "web=\$\(\(replicas \+ 1\)\)"/);
    assert.match(roll, /compose run --rm migrate/);
  });

  test("web, worker, postgres and backup have health checks; web's asks /healthz", () => {
    for (const name of ["web", "worker", "postgres", "backup"]) {
      const check = services[name].healthcheck;
      assert.ok(check && !check.disable && check.test, `${name}: healthcheck`);
    }
    assert.match(services.web.healthcheck.test.join(" "), /\/healthz/);
  });

  test("the worker's health check is the heartbeat contract, the same as Kubernetes' liveness probe", () => {
    const { healthcheck, environment } = services.worker;
    assert.equal(environment.WORKER_HEARTBEAT_FILE, "/tmp/worker-heartbeat");
    assert.match(healthcheck.test.join(" "), /WORKER_HEARTBEAT_FILE/);
    const k8sWorker = workload("Deployment", "souls-worker").spec.template.spec.containers[0];
    assert.deepEqual(k8sWorker.livenessProbe.exec.command, healthcheck.test.slice(1));
  });

  test("migrate, worker and web run the bundles and the server the image holds", () => {
    assert.deepEqual(services.migrate.command, MIGRATE_COMMAND);
    assert.deepEqual(services.worker.command, WORKER_COMMAND);
    assert.equal(services.web.command, undefined, "web runs the image's CMD");
    assert.match(
      read("docker/Dockerfile"),
      /^CMD \["node", "--enable-source-maps", "apps\/web\/server\.mjs"\]$/m,
    );
    for (const name of ["migrate", "worker"]) assert.equal(services[name].working_dir, undefined);
  });

  test("the database password is a secret file, never in an environment variable or a URL", () => {
    assert.equal(compose.secrets.postgres_password.file, "./secrets/postgres_password");
    assert.equal(services.postgres.environment.POSTGRES_PASSWORD_FILE, "/run/secrets/postgres_password");
    for (const [name, service] of Object.entries(services)) {
      const environment = service.environment ?? {};
      assert.equal(environment.POSTGRES_PASSWORD, undefined, `${name}: POSTGRES_PASSWORD`);
      assert.doesNotMatch(
        String(environment.DATABASE_URL ?? ""),
        /:\/\/[^/@]*:[^/@]*@/,
        `${name}: password in URL`,
      );
      if (environment.DATABASE_URL) {
        assert.equal(environment.DATABASE_PASSWORD_FILE, "/run/secrets/postgres_password", name);
        assert.ok(service.secrets?.includes("postgres_password"), `${name}: the secret is mounted`);
      }
    }
  });

  test("web and worker get every setting the app requires in production", () => {
    for (const variable of WEB_REQUIRED.map(asPassed))
      assert.ok(services.web.environment[variable], `web: ${variable}`);
    for (const variable of WORKER_REQUIRED.map(asPassed))
      assert.ok(services.worker.environment[variable], `worker: ${variable}`);
    // All of them, to both (the publishable key passed on when set: an empty value is refused).
    for (const name of ["web", "worker"]) {
      for (const variable of STRIPE_KEYS.map(asPassed))
        assert.ok(variable in services[name].environment, `${name}: ${variable}`);
    }
    // The web app verifies cookies and links: it takes the previous secret during a rotation.
    assert.ok(services.web.environment.SESSION_SECRET_PREVIOUS_FILE, "web: SESSION_SECRET_PREVIOUS_FILE");
  });

  test("every secret is a secret file (docker inspect shows none), each mounted where its _FILE says", () => {
    for (const [name, service] of Object.entries(services)) {
      const environment = service.environment ?? {};
      for (const variable of NEVER_IN_ENV)
        assert.ok(!(variable in environment), `${name}: ${variable} is an environment variable`);
      assert.equal(service.env_file, undefined, `${name}: an env_file would pass secrets as variables`);
      if (!service.image.startsWith(`${SHOP_IMAGE}:`)) continue;
      for (const variable of SECRETS.map((secret) => `${secret}_FILE`)) {
        if (!(variable in environment)) continue;
        const secret = String(environment[variable]).match(/^\/run\/secrets\/(\w+)$/)?.[1];
        assert.ok(secret, `${name}: ${variable} is not a mounted secret`);
        assert.ok(service.secrets?.includes(secret), `${name}: ${secret} is not mounted`);
        assert.equal(compose.secrets[secret]?.file, `./secrets/${secret}`, `${name}: ${secret} is a file`);
      }
    }
    for (const [variable, secret] of [
      ["STRIPE_SECRET_KEY", "stripe_secret_key"],
      ["STRIPE_WEBHOOK_SECRET", "stripe_webhook_secret"],
    ]) {
      // A staging shop without Stripe empties them in docker/.env: a plain default, never required.
      assert.match(
        read("docker/compose.yaml"),
        new RegExp(`${variable}_FILE: \\$\\{${variable}_FILE-/run/secrets/${secret}\\}`),
      );
    }
  });

  test("a backup service: nightly pg_dump with the server's own image, 14 days kept, its script present", () => {
    const { backup, postgres } = services;
    assert.equal(backup.image, postgres.image, "pg_dump from the server's own image");
    assert.deepEqual(backup.entrypoint, ["/bin/sh", "/backup/backup.sh"]);
    assert.deepEqual(backup.command, ["nightly"]);
    assert.ok(backup.volumes.includes("./backup:/backup:ro"));
    assert.ok(backup.volumes.some((volume) => volume.endsWith(`:${backup.environment.BACKUP_DIR}`)));
    assert.equal(String(backup.environment.BACKUP_KEEP_DAYS), "14");
    assert.equal(backup.environment.POSTGRES_PASSWORD_FILE, "/run/secrets/postgres_password");
    assert.ok(compose.volumes && "backups" in compose.volumes);
    const script = read("docker/backup/backup.sh");
    assert.match(script, /pg_dump --format=custom/);
    assert.match(
      script,
      /pg_restore --dbname="\$target" --no-owner --no-acl --exit-on-error --single-transaction/,
    );
  });

  test("point-in-time recovery: WAL archived off the host every minute, a daily base backup, 14 days kept", () => {
    const { pitr, postgres } = services;
    const settings = Object.fromEntries(
      postgres.command
        .filter((_, index) => postgres.command[index - 1] === "-c")
        .map((setting) => setting.split(/=(.*)/s).slice(0, 2)),
    );
    assert.equal(postgres.command[0], "postgres");
    assert.equal(settings.archive_mode, "on");
    assert.equal(settings.archive_timeout, "60", "at most a minute of orders lost");
    assert.equal(settings.archive_command, "sh /backup/pitr.sh archive-wal %p %f");
    assert.ok(postgres.volumes.includes("./backup:/backup:ro"));
    assert.ok(postgres.volumes.includes(`wal-archive:${postgres.environment.WAL_ARCHIVE_DIR}`));
    // The archive is another host's storage, never a volume of the database's own disk.
    const archive = compose.volumes["wal-archive"];
    assert.equal(archive.driver_opts.type, "nfs");
    assert.match(archive.driver_opts.o, /^addr=<WAL_ARCHIVE_NFS_HOST>,/);
    assert.equal(pitr.image, postgres.image, "psql and tar from the server's own image");
    assert.equal(pitr.user, "postgres", "reads the data folder as its owner");
    assert.deepEqual(pitr.entrypoint, ["/bin/sh", "/backup/pitr.sh"]);
    assert.deepEqual(pitr.command, ["schedule"]);
    assert.ok(pitr.volumes.includes("postgres-data:/var/lib/postgresql:ro"));
    assert.ok(pitr.volumes.includes(`wal-archive:${pitr.environment.WAL_ARCHIVE_DIR}`));
    assert.equal(pitr.environment.WAL_ARCHIVE_DIR, postgres.environment.WAL_ARCHIVE_DIR);
    assert.equal(String(pitr.environment.WAL_KEEP_DAYS), "14");
    assert.match(String(pitr.environment.BASE_BACKUP_TIME), /^\d\d:\d\d$/);
    assert.ok(pitr.healthcheck?.test.join(" ").includes("stopped_at"));
    assert.match(read("docker/backup/pitr.sh"), /pg_backup_start/);
  });
});

// ---------------------------------------------------------------------------------------------
// The Dockerfile.

describe("docker/Dockerfile", () => {
  const dockerfile = read("docker/Dockerfile");
  const stages = dockerfile.split(/^FROM /m).slice(1);
  const runtime = stages.at(-1);

  test("the base image is an exact Node 22 release", () => {
    const image = dockerfile.match(/^ARG NODE_IMAGE=(\S+)$/m)?.[1];
    assert.ok(image && pinned(image), `NODE_IMAGE=${image}`);
    assert.match(image, /^node:22\./);
    for (const from of dockerfile.matchAll(/^FROM (\S+)/gm)) {
      assert.ok(
        /^\$\{NODE_IMAGE\}$/.test(from[1]) || stages.some((s) => s.includes(` AS ${from[1]}`)),
        from[1],
      );
    }
  });

  test("the runtime stage holds only what runs: no sources, no install, no tools", () => {
    assert.match(runtime, /^\$\{NODE_IMAGE\} AS runtime/);
    assert.doesNotMatch(runtime, /^RUN /m, "the runtime stage runs nothing at build time");
    assert.doesNotMatch(runtime, /COPY (--\S+ )*(packages|apps\/worker)\/? /, "no workspace sources");
    for (const wanted of [
      "COPY --from=build /app/.runtime/ ./",
      "COPY --from=build /app/apps/web/build apps/web/build/",
      "COPY --from=build /app/apps/worker/dist apps/worker/dist/",
      "COPY --from=build /app/packages/db/dist packages/db/dist/",
      "COPY apps/web/server.mjs apps/web/",
    ]) {
      assert.ok(runtime.includes(wanted), wanted);
    }
    assert.match(runtime, /^USER node$/m);
    assert.match(runtime, /^HEALTHCHECK .*\\\n\s+CMD .*\/healthz/m);
  });
});

// ---------------------------------------------------------------------------------------------
// Kubernetes.

const K8S = "deploy/k8s";
const kustomization = parse(read(`${K8S}/kustomization.yaml`));
const documents = readdirSync(path.join(ROOT, K8S))
  .filter((file) => file.endsWith(".yaml") && file !== "kustomization.yaml")
  .flatMap((file) =>
    parseAllDocuments(read(`${K8S}/${file}`)).map((document) => {
      assert.deepEqual(document.errors, [], `${file}: ${document.errors.join(", ")}`);
      return { file, resource: document.toJS() };
    }),
  );
const resources = documents.map(({ resource }) => resource);
const find = (kind, name) => resources.find((r) => r.kind === kind && r.metadata?.name === name);
function workload(kind, name) {
  const found = find(kind, name);
  assert.ok(found, `${kind} ${name} is missing`);
  return found;
}
const configMap = workload("ConfigMap", "souls-config");
const secretTemplate = workload("Secret", "souls-secrets");
const podsOf = () =>
  resources
    .filter((r) => ["Deployment", "Job", "StatefulSet", "DaemonSet"].includes(r.kind))
    .map((r) => ({ name: `${r.kind} ${r.metadata.name}`, pod: r.spec.template.spec, resource: r }));
const containersOf = (pod) => [...(pod.initContainers ?? []), ...pod.containers];

/** Where an env variable's value comes from, checked to exist; returns the value when literal or in the ConfigMap. */
function envValue(container, name) {
  const entry = container.env?.find((e) => e.name === name);
  if (!entry) return undefined;
  if ("value" in entry) return entry.value;
  const { configMapKeyRef, secretKeyRef } = entry.valueFrom ?? {};
  if (configMapKeyRef) {
    assert.equal(configMapKeyRef.name, "souls-config");
    assert.ok(
      configMapKeyRef.key in configMap.data || configMapKeyRef.optional,
      `${name}: no key in the ConfigMap`,
    );
    return configMap.data[configMapKeyRef.key];
  }
  if (secretKeyRef) assert.fail(`${name}: a secret as an environment variable (mount it as a file)`);
  assert.fail(`${name}: an unknown source`);
}

describe("deploy/k8s", () => {
  test("kustomization.yaml lists every manifest but the Secret template, and pins the image", () => {
    const files = new Set(documents.map(({ file }) => file));
    files.delete("secret.template.yaml");
    assert.deepEqual([...kustomization.resources].sort(), [...files].sort());
    for (const resource of kustomization.resources) assert.ok(existsSync(path.join(ROOT, K8S, resource)));
    assert.equal(kustomization.namespace, "souls");
    // The release error reports name is the image's tag (decision 056).
    const shop = kustomization.images.find((image) => image.name === SHOP_IMAGE);
    assert.equal(
      configMap.data.SOULS_VERSION,
      shop.newTag,
      "the ConfigMap's SOULS_VERSION is the image's tag",
    );
    for (const { name, newTag } of kustomization.images) {
      assert.ok(pinned(`${name}:${newTag}`), `${name}:${newTag}`);
    }
    for (const resource of resources) {
      if (resource.kind !== "Namespace")
        assert.equal(resource.metadata.namespace, "souls", resource.metadata.name);
    }
  });

  test("every container: pinned image, requests and limits, non-root, read-only, no escalation, no capability", () => {
    const pods = podsOf();
    assert.ok(pods.length >= 3);
    for (const { name, pod } of pods) {
      assert.equal(pod.securityContext?.seccompProfile?.type, "RuntimeDefault", `${name}: seccomp`);
      assert.equal(pod.automountServiceAccountToken, false, `${name}: no service account token`);
      for (const container of containersOf(pod)) {
        const where = `${name} ${container.name}`;
        assert.ok(pinned(container.image), `${where}: ${container.image} is not pinned`);
        for (const kind of ["requests", "limits"]) {
          assert.ok(container.resources?.[kind]?.cpu, `${where}: ${kind}.cpu`);
          assert.ok(container.resources?.[kind]?.memory, `${where}: ${kind}.memory`);
        }
        const context = { ...pod.securityContext, ...container.securityContext };
        assert.equal(context.runAsNonRoot, true, `${where}: runAsNonRoot`);
        assert.equal(context.runAsUser, 1000, `${where}: runAsUser 1000 (the image's node user)`);
        assert.equal(
          container.securityContext?.readOnlyRootFilesystem,
          true,
          `${where}: readOnlyRootFilesystem`,
        );
        assert.equal(
          container.securityContext?.allowPrivilegeEscalation,
          false,
          `${where}: allowPrivilegeEscalation`,
        );
        assert.deepEqual(container.securityContext?.capabilities?.drop, ["ALL"], `${where}: drop ALL`);
        const tmp = container.volumeMounts?.find((mount) => mount.mountPath === "/tmp");
        assert.ok(
          tmp && pod.volumes.find((v) => v.name === tmp.name)?.emptyDir,
          `${where}: an emptyDir on /tmp`,
        );
      }
    }
    const shopImages = new Set(
      pods
        .flatMap(({ pod }) => containersOf(pod).map((c) => c.image))
        .filter((i) => i.startsWith(SHOP_IMAGE)),
    );
    assert.equal(shopImages.size, 1, `one shop image everywhere: ${[...shopImages]}`);
  });

  test("web: replicas replaced one at a time, readiness on /healthz, liveness on /livez, a graceful stop", () => {
    const web = workload("Deployment", "souls-web");
    const pod = web.spec.template.spec;
    const container = pod.containers.find((c) => c.name === "web");
    assert.ok(web.spec.replicas >= 2);
    assert.equal(web.spec.strategy.type, "RollingUpdate");
    assert.equal(web.spec.strategy.rollingUpdate.maxUnavailable, 0);
    assert.equal(web.spec.strategy.rollingUpdate.maxSurge, 1);
    assert.deepEqual(container.command ?? WEB_COMMAND, WEB_COMMAND);
    const port = container.ports.find((p) => p.containerPort === 3000);
    assert.ok(port, "the container listens on 3000");
    assert.equal(envValue(container, "PORT") ?? "3000", String(port.containerPort));
    // A database outage takes a pod out of the Service, never restarts it: liveness asks /livez.
    const paths = { startupProbe: "/healthz", readinessProbe: "/healthz", livenessProbe: "/livez" };
    for (const [probe, path] of Object.entries(paths)) {
      const get = container[probe]?.httpGet;
      assert.equal(get?.path, path, `${probe} path`);
      assert.ok(get.port === port.name || get.port === port.containerPort, `${probe} port`);
      // /healthz may wait 5 s for an unreachable database before answering 503.
      assert.ok(container[probe].timeoutSeconds >= 6, `${probe} timeout`);
    }
    assert.ok(pod.terminationGracePeriodSeconds >= 15);
    const preStop = container.lifecycle?.preStop;
    assert.ok(preStop?.exec?.command?.[0] === "sleep" || preStop?.sleep, "a preStop pause");
  });

  test("the migration runs before the web app: an init container of every web pod, and a Job", () => {
    for (const name of ["souls-web", "souls-worker"]) {
      const pod = workload("Deployment", name).spec.template.spec;
      const migrate = pod.initContainers?.find((c) => c.name === "migrate");
      assert.ok(migrate, `${name}: an init container runs the migration`);
      assert.deepEqual(migrate.command, MIGRATE_COMMAND);
      assert.equal(migrate.image, pod.containers[0].image, `${name}: the migration of the same version`);
    }
    const job = workload("Job", "souls-migrate");
    const container = job.spec.template.spec.containers[0];
    assert.deepEqual(container.command, MIGRATE_COMMAND);
    assert.equal(job.spec.template.spec.restartPolicy, "Never");
    assert.ok(job.spec.backoffLimit >= 1 && job.spec.activeDeadlineSeconds > 0);
  });

  test("worker: the bundle, a liveness probe on its heartbeat file", () => {
    const pod = workload("Deployment", "souls-worker").spec.template.spec;
    const container = pod.containers.find((c) => c.name === "worker");
    assert.deepEqual(container.command, WORKER_COMMAND);
    assert.ok(container.livenessProbe?.exec?.command?.join(" ").includes("WORKER_HEARTBEAT_FILE"));
    assert.ok(container.livenessProbe.periodSeconds >= 10);
    const file = envValue(container, "WORKER_HEARTBEAT_FILE");
    assert.ok(file?.startsWith("/tmp/"), "the heartbeat is written to the writable /tmp");
    assert.ok(pod.terminationGracePeriodSeconds >= 40, "a send in progress (30 s) may finish");
  });

  test("every shop container reports its exceptions with the release: SOULS_VERSION, SENTRY_DSN", () => {
    for (const { name, pod } of podsOf()) {
      for (const container of containersOf(pod)) {
        if (!container.image.startsWith(SHOP_IMAGE)) continue;
        const where = `${name} ${container.name}`;
        assert.equal(envValue(container, "SOULS_VERSION"), configMap.data.SOULS_VERSION, where);
        const dsn = container.env.find((e) => e.name === "SENTRY_DSN");
        assert.equal(dsn?.valueFrom?.configMapKeyRef?.key, "SENTRY_DSN", `${where}: SENTRY_DSN`);
        envValue(container, "SENTRY_DSN");
      }
    }
    for (const name of ["migrate", "web", "worker"]) {
      const environment = services[name].environment;
      assert.equal(environment.SOULS_VERSION, "<SOULS_VERSION>", `${name}: the image's tag as the release`);
      assert.ok("SENTRY_DSN" in environment, `${name}: SENTRY_DSN`);
    }
  });

  test("every setting the app requires in production is provided; the password as a file", () => {
    const check = (deployment, containerName, required) => {
      const pod = workload("Deployment", deployment).spec.template.spec;
      const container = pod.containers.find((c) => c.name === containerName);
      for (const name of required.map(asPassed))
        assert.ok(envValue(container, name), `${deployment}: ${name}`);
      const url = envValue(container, "DATABASE_URL");
      assert.doesNotMatch(url, /:\/\/[^/@]*:[^/@]*@/, "no password in DATABASE_URL");
      assert.match(url, /[?&]sslmode=(verify-full|verify-ca|require)\b/, "TLS to the managed database");
      // Mounted from the Secret: the next test checks every such file.
      assert.ok(envValue(container, "DATABASE_PASSWORD_FILE"), `${deployment}: DATABASE_PASSWORD_FILE`);
    };
    check("souls-web", "web", WEB_REQUIRED);
    check("souls-worker", "worker", WORKER_REQUIRED);
    for (const deployment of ["souls-web", "souls-worker"]) {
      const container = workload("Deployment", deployment).spec.template.spec.containers[0];
      for (const name of STRIPE_KEYS.map(asPassed)) {
        assert.ok(
          container.env.some((e) => e.name === name),
          `${deployment}: ${name}`,
        );
        envValue(container, name);
      }
    }
    const web = workload("Deployment", "souls-web").spec.template.spec.containers[0];
    assert.ok(envValue(web, "SESSION_SECRET_PREVIOUS_FILE"), "web: the previous secret, for a rotation");
  });

  test("no secret is an environment variable: every one a file of the Secret, mounted where its _FILE says", () => {
    const fileVariables = ["DATABASE_PASSWORD_FILE", ...SECRETS.map((secret) => `${secret}_FILE`)];
    let files = 0;
    for (const { name, pod } of podsOf()) {
      for (const container of containersOf(pod)) {
        const where = `${name} ${container.name}`;
        assert.equal(container.envFrom, undefined, `${where}: envFrom would pass secrets as variables`);
        for (const entry of container.env ?? []) {
          assert.ok(!NEVER_IN_ENV.includes(entry.name), `${where}: ${entry.name} is an environment variable`);
          assert.equal(entry.valueFrom?.secretKeyRef, undefined, `${where}: ${entry.name} from the Secret`);
          if (!fileVariables.includes(entry.name)) continue;
          // The file is a key of souls-secrets, mounted read-only from a secret volume.
          const mount = container.volumeMounts.find(
            (m) => entry.value === m.mountPath || entry.value.startsWith(`${m.mountPath}/`),
          );
          assert.ok(mount?.readOnly, `${where}: ${entry.name} (${entry.value}) is not mounted read-only`);
          const volume = pod.volumes.find((v) => v.name === mount.name);
          assert.equal(volume?.secret?.secretName, "souls-secrets", `${where}: ${entry.name}`);
          const path = mount.subPath ?? entry.value.slice(mount.mountPath.length + 1);
          const item = volume.secret.items?.find((i) => i.path === path);
          assert.ok(item, `${where}: ${entry.name}: no item ${path} in the volume`);
          assert.ok(item.key in secretTemplate.stringData, `${where}: no key ${item.key} in the Secret`);
          files++;
        }
      }
    }
    assert.ok(files >= 12, `${files} secret files`);
  });

  test("the Secret is a template: placeholders only", () => {
    for (const [key, value] of Object.entries(secretTemplate.stringData)) {
      assert.match(value, /REPLACE_ME/, `${key} must stay a placeholder`);
    }
    assert.ok(!kustomization.resources.includes("secret.template.yaml"));
  });

  test("Gateway → HTTPRoute → HAProxy → web pods: TLS for SITE_URL's host, selectors and ports agree", () => {
    const web = workload("Deployment", "souls-web");
    const labels = web.spec.template.metadata.labels;
    const container = web.spec.template.spec.containers.find((c) => c.name === "web");
    const service = workload("Service", "souls-web");
    for (const [key, value] of Object.entries(service.spec.selector)) assert.equal(labels[key], value, key);
    for (const [key, value] of Object.entries(web.spec.selector.matchLabels))
      assert.equal(labels[key], value);
    const servicePort = service.spec.ports[0];
    assert.ok(
      container.ports.some(
        (p) => p.name === servicePort.targetPort || p.containerPort === servicePort.targetPort,
      ),
      "the Service's targetPort is the container's port",
    );
    // No Ingress (ingress-nginx's annotations are gone with it): the Gateway API.
    assert.equal(
      resources.find((r) => r.kind === "Ingress"),
      undefined,
      "an Ingress: the Gateway replaced it",
    );
    const host = new URL(configMap.data.SITE_URL).host;
    const gateway = workload("Gateway", "souls");
    const https = gateway.spec.listeners.find((l) => l.protocol === "HTTPS");
    assert.equal(https?.port, 443);
    assert.equal(https.hostname, host, "the Gateway serves SITE_URL's host");
    assert.equal(https.tls.mode, "Terminate");
    assert.ok(https.tls.certificateRefs.some((ref) => ref.name && (ref.kind ?? "Secret") === "Secret"));
    const routes = resources.filter((r) => r.kind === "HTTPRoute");
    const served = routes.filter((r) => r.spec.parentRefs.some((p) => p.sectionName === https.name));
    assert.equal(served.length, 1, "one route on the HTTPS listener");
    const [route] = served;
    assert.deepEqual(route.spec.hostnames, [host]);
    assert.ok(route.spec.parentRefs.every((p) => p.name === gateway.metadata.name));
    // Every request to HAProxy, never around it to the web pods.
    const proxyService = workload("Service", "souls-proxy");
    for (const rule of route.spec.rules) {
      assert.equal(rule.timeouts?.request, "0s", "no limit on a live stream's duration");
      for (const backend of rule.backendRefs) {
        assert.equal(backend.name, proxyService.metadata.name, "the route goes through HAProxy");
        assert.ok(proxyService.spec.ports.some((p) => p.port === backend.port));
      }
    }
    for (const r of routes)
      for (const rule of r.spec.rules)
        for (const backend of rule.backendRefs ?? [])
          assert.notEqual(backend.name, service.metadata.name, `${r.metadata.name}: around HAProxy`);
    // Plain HTTP only redirects.
    const http = gateway.spec.listeners.find((l) => l.protocol === "HTTP");
    const redirect = routes.find((r) => r.spec.parentRefs.some((p) => p.sectionName === http.name));
    assert.deepEqual(
      redirect.spec.rules.flatMap((rule) => rule.backendRefs ?? []),
      [],
    );
    assert.deepEqual(redirect.spec.rules[0].filters[0].requestRedirect, { scheme: "https", statusCode: 301 });
    // HAProxy's Service reaches HAProxy's pod; HAProxy finds every web pod by the headless Service.
    const proxy = workload("Deployment", "souls-proxy");
    const proxyLabels = proxy.spec.template.metadata.labels;
    for (const [key, value] of Object.entries(proxyService.spec.selector))
      assert.equal(proxyLabels[key], value, key);
    const haproxy = proxy.spec.template.spec.containers[0];
    assert.ok(haproxy.ports.some((p) => p.name === proxyService.spec.ports[0].targetPort));
    assert.equal(service.spec.clusterIP, "None", "headless: HAProxy sees each web pod");
    assert.equal(
      envValue(haproxy, "WEB_ADDRESS"),
      `${service.metadata.name}.${service.metadata.namespace}.svc.cluster.local:${servicePort.port}`,
    );
    assert.equal(Number(servicePort.port), container.ports[0].containerPort);
    const budget = workload("PodDisruptionBudget", "souls-web");
    for (const [key, value] of Object.entries(budget.spec.selector.matchLabels))
      assert.equal(labels[key], value);
    assert.ok(budget.spec.minAvailable >= 1 || budget.spec.maxUnavailable !== undefined);
  });
});

// ---------------------------------------------------------------------------------------------
// The per-client limits (decision 042): docker/haproxy.cfg between Caddy and the web replicas, the
// same file behind the Kubernetes Gateway. deploy/proxy.test.mjs runs the file itself (as compose
// does), deploy/gateway-proxy.test.mjs as Kubernetes does.

describe("the proxy's per-client limits", () => {
  const haproxy = read("docker/haproxy.cfg");
  /** Every `${NAME-default}` of the HAProxy file. */
  const defaults = Object.fromEntries(
    [...haproxy.matchAll(/\$\{(\w+)-([^}]*)\}/g)].map(([, name, value]) => [name, value]),
  );

  test("Caddy hands every request to HAProxy with the client's address in a PROXY header; HAProxy alone reaches the replicas", () => {
    const caddyfile = read("docker/Caddyfile");
    assert.match(caddyfile, /reverse_proxy proxy:8080 \{/);
    assert.match(caddyfile, /transport http \{\s*proxy_protocol v2\n/);
    assert.doesNotMatch(caddyfile, /\bweb\b.*3000/, "Caddy never goes around HAProxy");
    assert.match(haproxy, /^\tbind "\$\{PROXY_BIND-:8080\}" accept-proxy$/m);
    const { proxy, caddy, web } = services;
    assert.ok(pinned(proxy.image) && proxy.image.startsWith("haproxy:2.6."), proxy.image);
    assert.ok(proxy.volumes.includes("./haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro"));
    assert.equal(proxy.ports, undefined, "HAProxy is not published: only Caddy reaches it");
    assert.equal(proxy.environment.PROXY_BIND, ":8080");
    assert.equal(proxy.environment.WEB_ADDRESS, "web:3000");
    assert.ok(caddy.depends_on.proxy, "Caddy starts after HAProxy");
    assert.equal(proxy.depends_on.web.condition, "service_healthy");
    // One hop the app trusts: HAProxy's X-Forwarded-For, which replaces the client's.
    assert.equal(String(web.environment.TRUST_PROXY_HOPS), "1");
    assert.match(haproxy, /^\thttp-request set-header X-Forwarded-For %\[var\(txn\.client\)\]$/m);
    assert.match(haproxy, /^\thttp-request set-var\(txn\.client\) src$/m);
    assert.match(haproxy, /^\thttp-request set-header X-Request-Id %\[unique-id\]$/m);
  });

  test("a client is its IPv4 address or its IPv6 /64, as in the app", () => {
    assert.match(haproxy, /^\ttcp-request session track-sc0 src,ipmask\(32,64\) table per_client$/m);
  });

  test("compose and Kubernetes pass the file's own defaults on", () => {
    const limits = [
      "CLIENT_MAX_CONNECTIONS",
      "CLIENT_MAX_REQUESTS",
      "CLIENT_RATE_PERIOD",
      "CLIENT_RETRY_AFTER",
      "WEB_MAX_REQUESTS",
      "LIVE_MAX_STREAMS",
      "PROXY_MAXCONN",
      "WEB_REPLICAS_MAX",
    ];
    for (const name of limits) {
      assert.ok(defaults[name], `docker/haproxy.cfg: no default for ${name}`);
      assert.equal(String(services.proxy.environment[name]), defaults[name], name);
    }
    // Kubernetes: the same file, the same numbers, the client told by the Gateway (decision 055).
    const proxy = workload("Deployment", "souls-proxy").spec.template.spec;
    const haproxyContainer = proxy.containers[0];
    assert.ok(pinned(haproxyContainer.image), haproxyContainer.image);
    assert.equal(haproxyContainer.image, services.proxy.image, "the image compose runs");
    for (const name of limits) assert.equal(envValue(haproxyContainer, name), defaults[name], `k8s ${name}`);
    assert.equal(envValue(haproxyContainer, "CLIENT_ADDRESS_FROM"), "gateway");
    assert.equal(read("deploy/k8s/haproxy.cfg"), haproxy, "deploy/k8s/haproxy.cfg is docker/haproxy.cfg");
    const generated = kustomization.configMapGenerator.find((c) => c.name === "souls-proxy");
    assert.deepEqual(generated.files, ["haproxy.cfg"]);
    const configVolume = proxy.volumes.find((v) => v.configMap?.name === "souls-proxy");
    const mount = haproxyContainer.volumeMounts.find((m) => m.name === configVolume?.name);
    assert.equal(mount?.mountPath, "/usr/local/etc/haproxy", "where the image reads haproxy.cfg");
    assert.equal(workload("Deployment", "souls-proxy").spec.replicas, 1, "one HAProxy counts every client");
  });

  test("behind the Gateway, the client is the Gateway's last X-Forwarded-For entry, a /64 as one", () => {
    const branch = haproxy.match(/^\.if streq\("\$CLIENT_ADDRESS_FROM",gateway\)\n([\s\S]*?)^\.else\n/m)?.[1];
    assert.ok(branch, "a gateway branch");
    assert.match(branch, /^\tbind "\$\{PROXY_BIND-:8080\}"$/m);
    assert.match(branch, /^\thttp-request set-var\(txn\.client\) req\.hdr_ip\(X-Forwarded-For,-1\)$/m);
    assert.match(branch, /^\thttp-request track-sc0 var\(txn\.client\),ipmask\(32,64\) table per_client$/m);
  });

  test("the live streams have their own line, at their address", () => {
    const livePath = read("apps/web/app/screens.ts").match(/^\s*liveAvailability: "([^"]+)",$/m)[1];
    const prefix = haproxy.match(/^\tuse_backend live if \{ path_beg (\S+) \}$/m)?.[1];
    assert.ok(prefix && livePath.startsWith(prefix), `${livePath} goes to backend live`);
  });
});

// ---------------------------------------------------------------------------------------------
// A cluster's own PostgreSQL (deploy/k8s/postgres, decision 054): the point-in-time recovery of
// compose, for a cluster without a managed database.

describe("deploy/k8s/postgres", () => {
  const DIR = "deploy/k8s/postgres";
  const own = parse(read(`${DIR}/kustomization.yaml`));
  const manifests = own.resources.flatMap((file) =>
    parseAllDocuments(read(`${DIR}/${file}`)).map((document) => {
      assert.deepEqual(document.errors, [], `${file}: ${document.errors.join(", ")}`);
      return document.toJS();
    }),
  );
  const statefulSet = manifests.find((r) => r.kind === "StatefulSet" && r.metadata.name === "souls-postgres");
  const pod = statefulSet.spec.template.spec;
  const container = (name) => pod.containers.find((c) => c.name === name);
  const env = (c, name) => c.env.find((e) => e.name === name)?.value;

  const kubectl = spawnSync("kubectl", ["version", "--client"], { stdio: "ignore" }).status === 0;
  test("kubectl kustomize builds it, the script inside", {
    skip: kubectl ? false : "no kubectl on this machine",
  }, () => {
    const built = spawnSync(
      "kubectl",
      ["kustomize", "--load-restrictor", "LoadRestrictionsNone", path.join(ROOT, DIR)],
      {
        encoding: "utf8",
      },
    );
    assert.equal(built.status, 0, built.stderr);
    const builtResources = parseAllDocuments(built.stdout).map((document) => document.toJS());
    const map = builtResources.find((r) => r.kind === "ConfigMap");
    assert.equal(map.data["pitr.sh"], read("docker/backup/pitr.sh"));
    // The generated name (a hash of the script) is the one the pod mounts: a new script, a new pod.
    const { volumes } = builtResources.find((r) => r.kind === "StatefulSet").spec.template.spec;
    assert.equal(volumes.find((v) => v.name === "pitr").configMap.name, map.metadata.name);
  });

  test("every manifest of the folder is listed, and the script is docker/backup/pitr.sh itself", () => {
    const files = readdirSync(path.join(ROOT, DIR)).filter(
      (f) => f.endsWith(".yaml") && f !== "kustomization.yaml",
    );
    assert.deepEqual([...own.resources].sort(), files.sort());
    const [generated] = own.configMapGenerator;
    assert.equal(generated.name, "souls-pitr");
    assert.deepEqual(generated.files, ["pitr.sh=../../../docker/backup/pitr.sh"]);
    assert.ok(existsSync(path.join(ROOT, DIR, "../../../docker/backup/pitr.sh")));
    for (const resource of manifests) assert.equal(resource.metadata.namespace, "souls");
  });

  test("archives as compose does: every minute, through pitr.sh, to a volume off the node", () => {
    const postgres = container("postgres");
    assert.equal(postgres.image, services.postgres.image, "the same PostgreSQL as compose");
    assert.deepEqual(
      postgres.args,
      services.postgres.command.slice(1),
      "the same archive settings as compose",
    );
    assert.equal(env(postgres, "WAL_ARCHIVE_DIR"), "/wal-archive");
    assert.equal(env(postgres, "POSTGRES_PASSWORD_FILE"), "/var/run/secrets/souls/database-password");
    assert.ok(postgres.volumeMounts.some((m) => m.name === "wal-archive" && m.mountPath === "/wal-archive"));
    const claim = manifests.find(
      (r) => r.kind === "PersistentVolumeClaim" && r.metadata.name === "souls-wal-archive",
    );
    assert.deepEqual(claim.spec.accessModes, ["ReadWriteMany"]);
    assert.ok(
      pod.volumes.some(
        (v) => v.name === "wal-archive" && v.persistentVolumeClaim?.claimName === "souls-wal-archive",
      ),
    );
  });

  test("a base backup every day, 14 days kept, the data folder read-only to it", () => {
    const pitr = container("pitr");
    assert.equal(pitr.image, services.postgres.image);
    assert.deepEqual(pitr.command, ["sh", "/backup/pitr.sh", "schedule"]);
    assert.equal(env(pitr, "WAL_KEEP_DAYS"), "14");
    assert.match(env(pitr, "BASE_BACKUP_TIME"), /^\d\d:\d\d$/);
    assert.equal(env(pitr, "PGDATA"), env(container("postgres"), "PGDATA"));
    const data = pitr.volumeMounts.find((m) => m.name === "data");
    assert.equal(data.readOnly, true);
    assert.match(pitr.livenessProbe.exec.command.join(" "), /stopped_at -mmin -1560/);
  });

  test("restricted: non-root, no privilege escalation, no capability, read-only root, secrets as files", () => {
    assert.equal(pod.securityContext.runAsNonRoot, true);
    assert.equal(pod.securityContext.seccompProfile.type, "RuntimeDefault");
    for (const c of pod.containers) {
      assert.equal(c.securityContext.allowPrivilegeEscalation, false, c.name);
      assert.equal(c.securityContext.readOnlyRootFilesystem, true, c.name);
      assert.deepEqual(c.securityContext.capabilities.drop, ["ALL"], c.name);
      assert.ok(c.resources.limits.cpu && c.resources.limits.memory, c.name);
      for (const e of c.env) {
        assert.ok(!NEVER_IN_ENV.includes(e.name), `${c.name}: ${e.name} as an environment variable`);
        assert.equal(e.valueFrom?.secretKeyRef, undefined, `${c.name}: ${e.name} from a secret`);
      }
    }
  });
});

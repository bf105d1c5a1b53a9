/**
 * The deployment files' essentials, checked without Docker or a cluster: docker/compose.yaml,
 * docker/Dockerfile and the Kubernetes manifests in deploy/k8s. What a careful operator would look
 * for — pinned images, hardening, limits, log rotation, health checks, backups, the migration
 * before the web app, probes, the Service and Ingress wiring, every setting the app requires, every
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
const MIGRATE_COMMAND = ["node", "packages/db/dist/migrate.mjs"];
const WORKER_COMMAND = ["node", "apps/worker/dist/main.mjs"];
const WEB_COMMAND = ["node", "apps/web/server.mjs"];
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
    assert.match(read("docker/Dockerfile"), /^CMD \["node", "apps\/web\/server\.mjs"\]$/m);
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

  test("Ingress → Service → web pods: selector, ports and TLS host agree with SITE_URL", () => {
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
    const ingress = workload("Ingress", "souls-web");
    const host = new URL(configMap.data.SITE_URL).host;
    assert.equal(ingress.spec.rules[0].host, host, "the Ingress serves SITE_URL's host");
    assert.ok(
      ingress.spec.tls.some((tls) => tls.hosts.includes(host) && tls.secretName),
      "TLS for that host",
    );
    for (const rule of ingress.spec.rules) {
      for (const { backend } of rule.http.paths) {
        assert.equal(backend.service.name, service.metadata.name);
        const { name, number } = backend.service.port;
        assert.ok(
          service.spec.ports.some((p) => p.name === name || p.port === number),
          "a port of the Service",
        );
      }
    }
    const budget = workload("PodDisruptionBudget", "souls-web");
    for (const [key, value] of Object.entries(budget.spec.selector.matchLabels))
      assert.equal(labels[key], value);
    assert.ok(budget.spec.minAvailable >= 1 || budget.spec.maxUnavailable !== undefined);
  });
});

// ---------------------------------------------------------------------------------------------
// The per-client limits (decision 042): docker/haproxy.cfg between Caddy and the web replicas, the
// same numbers on the Ingress. deploy/proxy.test.mjs runs the file itself.

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
    assert.match(haproxy, /^\thttp-request set-header X-Forwarded-For %\[src\]$/m);
    assert.match(haproxy, /^\thttp-request set-header X-Request-Id %\[unique-id\]$/m);
  });

  test("a client is its IPv4 address or its IPv6 /64, as in the app", () => {
    assert.match(haproxy, /^\ttcp-request session track-sc0 src,ipmask\(32,64\) table per_client$/m);
  });

  test("compose passes the file's own defaults on; the Ingress says the same numbers", () => {
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
    const annotations = workload("Ingress", "souls-web").metadata.annotations;
    const annotation = (name) => Number(annotations[`nginx.ingress.kubernetes.io/${name}`]);
    assert.equal(annotation("limit-connections"), Number(defaults.CLIENT_MAX_CONNECTIONS));
    const periodSeconds = Number(defaults.CLIENT_RATE_PERIOD.replace(/s$/, ""));
    assert.equal(annotation("limit-rps"), Number(defaults.CLIENT_MAX_REQUESTS) / periodSeconds);
    assert.equal(
      annotation("limit-rps") * annotation("limit-burst-multiplier"),
      Number(defaults.CLIENT_MAX_REQUESTS),
      "the burst: a whole period's requests",
    );
  });

  test("the live streams have their own line, at their address", () => {
    const livePath = read("apps/web/app/screens.ts").match(/^\s*liveAvailability: "([^"]+)",$/m)[1];
    const prefix = haproxy.match(/^\tuse_backend live if \{ path_beg (\S+) \}$/m)?.[1];
    assert.ok(prefix && livePath.startsWith(prefix), `${livePath} goes to backend live`);
  });
});

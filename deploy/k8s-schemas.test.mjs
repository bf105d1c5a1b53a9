/**
 * Every Kubernetes manifest of deploy/k8s against Kubernetes' own schemas, without a cluster
 * (decision 055): the models of `kubernetes-models` (Kubernetes' OpenAPI definitions) and
 * `@kubernetes-models/gateway-api` (the Gateway API's CRD schemas), pinned in the root
 * package.json.
 *
 * Two checks, because the packaged validators check values but let unknown fields through:
 *   - values: each resource goes through its model's JSON-schema validator (types, formats,
 *     enumerations, required fields), as the API server's validation would;
 *   - fields: each resource is written as a TypeScript object literal that must satisfy its
 *     model's interface, generated from the same schemas, and TypeScript refuses any property
 *     the schema does not have, at any depth — what `kubectl apply --validate=strict` refuses
 *     (a misspelt `periodSecondz` would otherwise be dropped silently by the API server, and the
 *     probe would run every 10 s).
 *
 *   node --test deploy/k8s-schemas.test.mjs
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { parseAllDocuments } from "yaml";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const K8S = path.join(ROOT, "deploy/k8s");

/** Where each API group's models live; a resource of any other group has no schema and fails. */
function modelOf({ apiVersion, kind }) {
  if (typeof apiVersion !== "string" || typeof kind !== "string") return undefined;
  if (apiVersion.startsWith("gateway.networking.k8s.io/"))
    return { module: `@kubernetes-models/gateway-api/${apiVersion}/${kind}`, kind };
  const group = apiVersion.includes("/") ? apiVersion.split("/")[0] : "";
  if (group === "" || !group.includes(".") || group.endsWith(".k8s.io"))
    return { module: `kubernetes-models/${apiVersion}/${kind}`, kind };
  return undefined;
}

/** Every resource of deploy/k8s and its folders (deploy/k8s/postgres): file, position, object (kustomization.yaml is kustomize's, not the API's). */
function manifests() {
  return readdirSync(K8S, { recursive: true })
    .filter((file) => file.endsWith(".yaml") && path.basename(file) !== "kustomization.yaml")
    .sort()
    .flatMap((file) =>
      parseAllDocuments(readFileSync(path.join(K8S, file), "utf8")).map((document, index) => ({
        where: `deploy/k8s/${file}#${index}`,
        resource: document.toJS(),
      })),
    );
}

/** The problems the model's JSON-schema validator finds in a resource (none: an empty list). */
async function valueProblems(resource) {
  const model = modelOf(resource);
  if (!model) return [`no schema for ${resource.apiVersion} ${resource.kind}`];
  let exports;
  try {
    exports = await import(model.module);
  } catch {
    return [`no schema for ${resource.apiVersion} ${resource.kind}`];
  }
  const Model = exports[model.kind];
  try {
    new Model(resource).validate();
    return [];
  } catch (error) {
    return [error.message];
  }
}

/**
 * The fields TypeScript refuses: each resource as an object literal that must satisfy its model's
 * interface (`I<Kind>`), all checked in one program. Returns the problems by resource.
 */
function fieldProblems(entries) {
  const options = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
  };
  const sources = new Map();
  const problems = entries.map(() => []);
  for (const [index, { resource }] of entries.entries()) {
    const model = modelOf(resource);
    if (!model) {
      problems[index].push(`no schema for ${resource.apiVersion} ${resource.kind}`);
      continue;
    }
    const file = path.join(K8S, `.schema-check-${index}.ts`);
    sources.set(
      file,
      `import type { I${model.kind} as Schema } from "${model.module}";\n` +
        `export const resource = ${JSON.stringify(resource, null, 2)} satisfies Schema;\n`,
    );
  }
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (file) => sources.has(file) || fileExists.call(host, file);
  host.readFile = (file) => sources.get(file) ?? readFile.call(host, file);
  host.getSourceFile = (file, language, ...rest) =>
    sources.has(file)
      ? ts.createSourceFile(file, sources.get(file), language, true)
      : getSourceFile.call(host, file, language, ...rest);
  const program = ts.createProgram({ rootNames: [...sources.keys()], options, host });
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const index = Number(diagnostic.file?.fileName.match(/\.schema-check-(\d+)\.ts$/)?.[1]);
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
    if (Number.isInteger(index)) {
      const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      const text = sources.get(diagnostic.file.fileName).split("\n")[line]?.trim();
      problems[index].push(`${message} (at ${text})`);
    } else problems[0].push(message);
  }
  return problems;
}

/** Both checks over a list of resources: the problems of each. */
async function check(entries) {
  const fields = fieldProblems(entries);
  return Promise.all(
    entries.map(async ({ where, resource }, index) => ({
      where,
      problems: [...(await valueProblems(resource)), ...fields[index]],
    })),
  );
}

const shipped = manifests();
/** A shipped resource, deep-copied to be spoilt. */
const copyOf = (kind, name) =>
  structuredClone(
    shipped.find(({ resource }) => resource.kind === kind && resource.metadata.name === name).resource,
  );

describe("deploy/k8s against Kubernetes' own schemas", () => {
  test("every manifest is valid, every field known (the Gateway API's included)", async () => {
    const kinds = new Set(shipped.map(({ resource }) => resource.kind));
    for (const kind of ["Deployment", "Service", "Job", "Gateway", "HTTPRoute", "ConfigMap", "Secret"])
      assert.ok(kinds.has(kind), `no ${kind} checked`);
    for (const { where, problems } of await check(shipped))
      assert.deepEqual(problems, [], `${where}:\n  ${problems.join("\n  ")}`);
  });

  test("a misspelt field is refused: `periodSecondz` in the web pods' readiness probe", async () => {
    const web = copyOf("Deployment", "souls-web");
    const probe = web.spec.template.spec.containers[0].readinessProbe;
    probe.periodSecondz = probe.periodSeconds;
    delete probe.periodSeconds;
    const [{ problems }] = await check([{ where: "spoilt", resource: web }]);
    assert.ok(
      problems.some((problem) => /'"?periodSecondz"?' does not exist in type/.test(problem)),
      problems.join("\n"),
    );
  });

  test("a misspelt field of the Gateway API is refused too: `backendRef` in the HTTPRoute", async () => {
    const route = copyOf("HTTPRoute", "souls-web");
    route.spec.rules[0].backendRef = route.spec.rules[0].backendRefs;
    delete route.spec.rules[0].backendRefs;
    const [{ problems }] = await check([{ where: "spoilt", resource: route }]);
    assert.ok(
      problems.some((problem) => /'"?backendRef"?' does not exist in type/.test(problem)),
      problems.join("\n"),
    );
  });

  test("a wrong value is refused: a probe's period as words, a listener's protocol unknown", async () => {
    const web = copyOf("Deployment", "souls-web");
    web.spec.template.spec.containers[0].livenessProbe.periodSeconds = "twenty";
    const gateway = copyOf("Gateway", "souls");
    gateway.spec.listeners[0].port = 70000;
    const [spoiltWeb, spoiltGateway] = await check([
      { where: "web", resource: web },
      { where: "gateway", resource: gateway },
    ]);
    assert.ok(
      spoiltWeb.problems.some((p) => /periodSeconds/.test(p)),
      spoiltWeb.problems.join("\n"),
    );
    assert.ok(
      spoiltGateway.problems.some((p) => /port/.test(p)),
      spoiltGateway.problems.join("\n"),
    );
  });

  test("a resource of no known API is refused, never waved through", async () => {
    const [{ problems }] = await check([
      {
        where: "ingress-nginx",
        resource: { apiVersion: "example.com/v1", kind: "RateLimit", metadata: { name: "x" } },
      },
    ]);
    assert.deepEqual(problems, [
      "no schema for example.com/v1 RateLimit",
      "no schema for example.com/v1 RateLimit",
    ]);
  });
});

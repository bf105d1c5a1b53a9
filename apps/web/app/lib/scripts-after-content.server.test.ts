import { describe, expect, it } from "vitest";
import { scriptsAfterContent } from "./scripts-after-content.server";

// What Remix's <Scripts> writes for a page with two matched routes (trimmed manifest).
const remixMarkup = [
  '<link rel="modulepreload" href="/assets/entry.client-A.js"/>',
  '<link rel="modulepreload" href="/assets/framework-B.js"/>',
  '<link rel="modulepreload" href="/assets/shop-C.js"/>',
  '<link rel="modulepreload" href="/assets/root-D.js"/>',
  '<link rel="modulepreload" href="/assets/route-E.js"/>',
  '<script type="module" async="">;\n',
  'import * as route0 from "/assets/root-D.js";\n',
  'import * as route1 from "/assets/route-E.js";\n',
  'window.__remixManifest = {"entry":{"module":"/assets/entry.client-A.js"}};\n',
  'window.__remixRouteModules = {"root":route0,"product.aicha.fr":route1};\n\n',
  'import("/assets/entry.client-A.js");</script>',
].join("");

describe("scriptsAfterContent", () => {
  const page = scriptsAfterContent(remixMarkup);

  it("keeps every modulepreload link, for no media, so that none is fetched while the page loads", () => {
    const links = page.match(/<link [^>]*>/g) ?? [];
    expect(links).toHaveLength(5);
    for (const link of links)
      expect(link).toMatch(/^<link rel="modulepreload" href="[^"]+" media="not all"\/>$/);
  });

  it("imports the routes and their shared chunks together once the page has loaded, then the entry", () => {
    const script = page.slice(page.indexOf("<script"));
    expect(script).not.toMatch(/^import \* as/m);
    const waits = script.indexOf('addEventListener("load"');
    const imports = script.indexOf(
      'const [route0, route1] = await Promise.all([import("/assets/root-D.js"), import("/assets/route-E.js"), import("/assets/framework-B.js"), import("/assets/shop-C.js")]);',
    );
    const modules = script.indexOf("window.__remixRouteModules = ");
    const entry = script.indexOf('import("/assets/entry.client-A.js");');
    expect(waits).toBeGreaterThan(0);
    expect(imports).toBeGreaterThan(waits);
    expect(modules).toBeGreaterThan(imports);
    expect(entry).toBeGreaterThan(modules);
  });

  it("is valid JavaScript once the markup is taken away", () => {
    const body = page.slice(page.indexOf(";\n") + 2, page.lastIndexOf("</script>"));
    // An async function accepts the top-level awaits a module script allows.
    const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor;
    expect(() => new AsyncFunction(body)).not.toThrow();
  });

  it("keeps the nonce of a page that has one", () => {
    const withNonce = remixMarkup.replace('<script type="module"', '<script nonce="abc" type="module"');
    const script = scriptsAfterContent(withNonce);
    expect(script).toContain('<script nonce="abc" type="module" async="">;\nawait new Promise(');
    expect(script).not.toMatch(/^import \* as/m);
  });

  it("leaves a page it does not recognise as Remix wrote it", () => {
    const other = '<link rel="modulepreload" href="/a.js"/><script type="module">import "/a.js";</script>';
    expect(scriptsAfterContent(other)).toBe(other);
    expect(scriptsAfterContent("<p>no scripts</p>")).toBe("<p>no scripts</p>");
  });
});

/**
 * Every page asks for its scripts only once its content has loaded and been drawn: on a slow link
 * the pictures and fonts have the connection to themselves, and the page works before it hydrates
 * (every form posts without JavaScript). Later visits have the scripts in their cache. Remix's
 * `<Scripts>` has no option for it, so its markup is rewritten:
 *
 * - its `modulepreload` links stay in place (React hydrates them) but apply to no media, so the
 *   browser does not fetch them as it reads the page;
 * - its module script, which imports the matched routes' modules and then `entry.client`, first
 *   waits for the `load` event and the next frame, then imports the same modules all at once.
 */
export function scriptsAfterContent(html: string): string {
  const preloads: string[] = [];
  const heldBack = html.replace(/<link rel="modulepreload" href="([^"]+)"\/>/g, (_, href: string) => {
    preloads.push(href);
    return `<link rel="modulepreload" href="${href}" media="not all"/>`;
  });
  const routes: { name: string; href: string }[] = [];
  const script = heldBack.replace(
    /import \* as (route\d+) from "([^"]+)";\n/g,
    (_, name: string, href: string) => {
      routes.push({ name, href });
      return "";
    },
  );
  const entry = /\bimport\("([^"]+)"\);/.exec(script)?.[1];
  const start = MODULE_SCRIPT.exec(script)?.[0];
  // Remix's markup changed under us: the page as Remix wrote it is still correct, only earlier.
  if (routes.length === 0 || entry === undefined || start === undefined) return html;

  // The routes' shared chunks are fetched with them rather than after them; the entry comes last,
  // once the routes are in place (Remix's own order).
  const shared = preloads.filter((href) => href !== entry && !routes.some((route) => route.href === href));
  const modules = [...routes.map((route) => route.href), ...shared];
  const imports = modules.map((href) => `import(${JSON.stringify(href)})`).join(", ");
  const afterContent =
    'await new Promise((go) => document.readyState === "complete" ? go() : addEventListener("load", go, { once: true }));\n' +
    "await new Promise((go) => requestAnimationFrame(() => setTimeout(go)));\n" +
    `const [${routes.map((route) => route.name).join(", ")}] = await Promise.all([${imports}]);\n`;
  return script.replace(start, `${start}${afterContent}`);
}

/** The start of Remix's module script, with the page's nonce when it has one. */
const MODULE_SCRIPT = /<script (?:nonce="[^"]*" )?type="module" async="">;\n/;

/**
 * The MDN HTTP Observatory's scoring rules (https://developer.mozilla.org/en-US/observatory/docs/
 * tests_and_scoring), applied to one response: start at 100, add each test's modifier, and count
 * bonuses only when the score without them is at least 90. Redirection (HTTP to HTTPS) is the TLS
 * terminator's job in a deployment (docker/Caddyfile) and is taken as passed.
 */
export interface Finding {
  test: string;
  result: string;
  modifier: number;
}

const PRIVATE_REFERRERS = ["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"];

function parseCsp(header: string | undefined): Map<string, string[]> | undefined {
  if (!header) return undefined;
  const directives = new Map<string, string[]>();
  for (const part of header.split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

function csp(headers: Headers): Finding {
  const policy = parseCsp(headers.get("content-security-policy") ?? undefined);
  if (!policy) return { test: "content-security-policy", result: "csp-not-implemented", modifier: -25 };
  const source = (name: string) => policy.get(name) ?? policy.get("default-src") ?? [];
  const script = source("script-src");
  const style = source("style-src");
  const all = [...policy.values()].flat();
  if (
    script.includes("'unsafe-inline'") &&
    !script.some((s) => s.startsWith("'nonce-") || s.startsWith("'sha"))
  )
    return { test: "content-security-policy", result: "csp-implemented-with-unsafe-inline", modifier: -20 };
  if (all.some((s) => s === "http:" || s.startsWith("http://")))
    return { test: "content-security-policy", result: "csp-implemented-with-insecure-scheme", modifier: -20 };
  if (script.includes("'unsafe-eval'"))
    return { test: "content-security-policy", result: "csp-implemented-with-unsafe-eval", modifier: -10 };
  if (style.includes("'unsafe-inline'"))
    return {
      test: "content-security-policy",
      result: "csp-implemented-with-unsafe-inline-in-style-src-only",
      modifier: 0,
    };
  const defaultNone = policy.get("default-src")?.join(" ") === "'none'";
  return defaultNone
    ? {
        test: "content-security-policy",
        result: "csp-implemented-with-no-unsafe-default-src-none",
        modifier: 10,
      }
    : { test: "content-security-policy", result: "csp-implemented-with-no-unsafe", modifier: 5 };
}

function cookies(setCookies: string[], hsts: boolean): Finding {
  if (setCookies.length === 0) return { test: "cookies", result: "cookies-not-found", modifier: 0 };
  let worst: Finding = {
    test: "cookies",
    result: "cookies-secure-with-httponly-sessions-and-samesite",
    modifier: 5,
  };
  const lower = (f: Finding, g: Finding) => (g.modifier < f.modifier ? g : f);
  for (const cookie of setCookies) {
    const [pair, ...attributes] = cookie.split(";").map((part) => part.trim().toLowerCase());
    const name = pair?.split("=")[0] ?? "";
    const session = /sess|login|token|auth|admin/.test(name);
    const has = (attribute: string) =>
      attributes.some((a) => a === attribute || a.startsWith(`${attribute}=`));
    if (!has("secure")) {
      worst = lower(
        worst,
        session
          ? hsts
            ? {
                test: "cookies",
                result: "cookies-session-without-secure-flag-but-protected-by-hsts",
                modifier: -10,
              }
            : { test: "cookies", result: "cookies-session-without-secure-flag", modifier: -40 }
          : hsts
            ? { test: "cookies", result: "cookies-without-secure-flag-but-protected-by-hsts", modifier: -5 }
            : { test: "cookies", result: "cookies-without-secure-flag", modifier: -20 },
      );
    }
    if (session && !has("httponly"))
      worst = lower(worst, {
        test: "cookies",
        result: "cookies-session-without-httponly-flag",
        modifier: -30,
      });
    if (!has("samesite"))
      worst = lower(worst, { test: "cookies", result: "cookies-secure-with-httponly-sessions", modifier: 0 });
  }
  return worst;
}

function hsts(headers: Headers): Finding {
  const value = headers.get("strict-transport-security");
  if (!value) return { test: "strict-transport-security", result: "hsts-not-implemented", modifier: -20 };
  const maxAge = Number(value.match(/max-age=(\d+)/i)?.[1] ?? 0);
  return maxAge >= 15_768_000
    ? {
        test: "strict-transport-security",
        result: "hsts-implemented-max-age-at-least-six-months",
        modifier: 0,
      }
    : {
        test: "strict-transport-security",
        result: "hsts-implemented-max-age-less-than-six-months",
        modifier: -10,
      };
}

function referrer(headers: Headers): Finding {
  const values = (headers.get("referrer-policy") ?? "").split(",").map((v) => v.trim().toLowerCase());
  const effective = values.at(-1) ?? "";
  if (!effective) return { test: "referrer-policy", result: "referrer-policy-not-implemented", modifier: 0 };
  return PRIVATE_REFERRERS.includes(effective)
    ? { test: "referrer-policy", result: "referrer-policy-private", modifier: 5 }
    : { test: "referrer-policy", result: "referrer-policy-unsafe", modifier: -5 };
}

function frameOptions(headers: Headers): Finding {
  const ancestors = parseCsp(headers.get("content-security-policy") ?? undefined)?.get("frame-ancestors");
  if (ancestors && (ancestors.join(" ") === "'none'" || ancestors.join(" ") === "'self'"))
    return { test: "x-frame-options", result: "x-frame-options-implemented-via-csp", modifier: 5 };
  const value = headers.get("x-frame-options")?.toLowerCase();
  return value === "deny" || value === "sameorigin"
    ? { test: "x-frame-options", result: "x-frame-options-sameorigin-or-deny", modifier: 0 }
    : { test: "x-frame-options", result: "x-frame-options-not-implemented", modifier: -20 };
}

function subresourceIntegrity(html: string): Finding {
  const sources = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1] ?? "");
  if (sources.length === 0)
    return {
      test: "subresource-integrity",
      result: "sri-not-implemented-but-no-scripts-loaded",
      modifier: 0,
    };
  const external = sources.filter((src) => /^(https?:)?\/\//.test(src));
  if (external.length === 0)
    return {
      test: "subresource-integrity",
      result: "sri-not-implemented-but-all-scripts-loaded-from-secure-origin",
      modifier: 0,
    };
  return {
    test: "subresource-integrity",
    result: "sri-not-implemented-and-external-scripts-loaded-securely",
    modifier: -5,
  };
}

export function observatoryScore(headers: Headers, setCookies: string[], html: string) {
  const findings: Finding[] = [
    csp(headers),
    cookies(setCookies, headers.has("strict-transport-security")),
    hsts(headers),
    referrer(headers),
    frameOptions(headers),
    subresourceIntegrity(html),
    headers.get("x-content-type-options")?.toLowerCase() === "nosniff"
      ? { test: "x-content-type-options", result: "x-content-type-options-nosniff", modifier: 0 }
      : { test: "x-content-type-options", result: "x-content-type-options-not-implemented", modifier: -5 },
    headers.get("access-control-allow-origin") === "*"
      ? {
          test: "cross-origin-resource-sharing",
          result: "cross-origin-resource-sharing-implemented-with-public-access",
          modifier: 0,
        }
      : {
          test: "cross-origin-resource-sharing",
          result: "cross-origin-resource-sharing-not-implemented",
          modifier: 0,
        },
    { test: "redirection", result: "redirection-to-https (TLS terminator)", modifier: 0 },
  ];
  const base = 100 + findings.filter((f) => f.modifier < 0).reduce((sum, f) => sum + f.modifier, 0);
  const bonus =
    base >= 90 ? findings.filter((f) => f.modifier > 0).reduce((sum, f) => sum + f.modifier, 0) : 0;
  return { score: base + bonus, findings };
}

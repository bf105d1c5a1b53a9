#!/usr/bin/env node
/**
 * SOULS — artwork generator.
 *
 * Writes every illustration used by the web app (product shots, magazine
 * illustrations, hero still life, logo, favicon) as hand-built SVG, then
 * renders the two PNGs (Open Graph image, Apple touch icon) with the
 * Chromium that ships for Playwright.
 *
 *   node apps/web/scripts/artwork/generate.mjs          (from the repo root)
 *
 * Only Node built-ins are used, plus `@playwright/test` for the PNG step.
 * Everything is deterministic: running it twice produces identical files.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const WEB = path.resolve(HERE, "../..");
const PUBLIC = path.join(WEB, "public");
const require = createRequire(import.meta.url);

/* ------------------------------------------------------------------------ */
/* Small helpers                                                             */
/* ------------------------------------------------------------------------ */

/** Number formatting: one decimal, no trailing zeros, no "-0". */
const num = (v) => {
  const r = Math.round(v * 10) / 10;
  return Object.is(r, -0) ? "0" : String(r);
};
/** Tagged template that rounds every interpolated number. */
const s = (strings, ...vals) =>
  strings.reduce(
    (acc, part, i) =>
      acc + part + (i < vals.length ? (typeof vals[i] === "number" ? num(vals[i]) : vals[i]) : ""),
    "",
  );

/** Deterministic PRNG (mulberry32). */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const lerp = (a, b, t) => a + (b - a) * t;
const deg = (rad) => (rad * 180) / Math.PI;

/** Point and tangent angle on a cubic Bézier. */
function cubicAt([p0, p1, p2, p3], t) {
  const mt = 1 - t;
  const x = mt * mt * mt * p0[0] + 3 * mt * mt * t * p1[0] + 3 * mt * t * t * p2[0] + t * t * t * p3[0];
  const y = mt * mt * mt * p0[1] + 3 * mt * mt * t * p1[1] + 3 * mt * t * t * p2[1] + t * t * t * p3[1];
  const dx = 3 * mt * mt * (p1[0] - p0[0]) + 6 * mt * t * (p2[0] - p1[0]) + 3 * t * t * (p3[0] - p2[0]);
  const dy = 3 * mt * mt * (p1[1] - p0[1]) + 6 * mt * t * (p2[1] - p1[1]) + 3 * t * t * (p3[1] - p2[1]);
  return { x, y, a: Math.atan2(dy, dx) };
}

/** Sub-segment [t0, t1] of a cubic Bézier (de Casteljau). */
function cubicSplit(c, t0, t1) {
  const split = ([p0, p1, p2, p3], t) => {
    const L = (a, b) => [lerp(a[0], b[0], t), lerp(a[1], b[1], t)];
    const a = L(p0, p1),
      b = L(p1, p2),
      c2 = L(p2, p3);
    const d = L(a, b),
      e = L(b, c2),
      f = L(d, e);
    return [
      [p0, a, d, f],
      [f, e, c2, p3],
    ];
  };
  const right = split(c, t0)[1];
  return split(right, (t1 - t0) / (1 - t0))[0];
}

/** A chain of cubic Béziers given as [p0, c1, c2, p1, c3, c4, p2, ...]. */
const chainD = (pts) => {
  let d = s`M${pts[0][0]} ${pts[0][1]}`;
  for (let i = 1; i < pts.length; i += 3) {
    d += s`C${pts[i][0]} ${pts[i][1]} ${pts[i + 1][0]} ${pts[i + 1][1]} ${pts[i + 2][0]} ${pts[i + 2][1]}`;
  }
  return d;
};
const chainSeg = (pts, i) => [pts[i * 3], pts[i * 3 + 1], pts[i * 3 + 2], pts[i * 3 + 3]];

/** An SVG document under construction: collects <defs> and body, hands out unique ids. */
class Doc {
  constructor(w, h) {
    this.w = w;
    this.h = h;
    this.defs = [];
    this.body = [];
    this.n = 0;
    this.cache = new Map();
  }
  id(prefix = "i") {
    return prefix + (this.n++).toString(36);
  }
  def(str) {
    this.defs.push(str);
  }
  add(...str) {
    this.body.push(...str);
  }
  once(key, make) {
    if (!this.cache.has(key)) this.cache.set(key, make());
    return this.cache.get(key);
  }
  toString() {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${this.w} ${this.h}" width="${this.w}" height="${this.h}">` +
      (this.defs.length ? `<defs>${this.defs.join("")}</defs>` : "") +
      this.body.join("") +
      "</svg>\n"
    );
  }
}

/* Reusable definitions ---------------------------------------------------- */

function blur(doc, sd) {
  return doc.once(`blur${sd}`, () => {
    const id = doc.id("b");
    doc.def(
      `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${sd}"/></filter>`,
    );
    return id;
  });
}

function linear(doc, stops, { x1 = 0, y1 = 0, x2 = 0, y2 = 1, user = false } = {}) {
  const id = doc.id("g");
  const units = user ? ' gradientUnits="userSpaceOnUse"' : "";
  doc.def(
    s`<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"${units}>` +
      stops
        .map(
          ([o, c, op = 1]) =>
            `<stop offset="${o}" stop-color="${c}"${op !== 1 ? ` stop-opacity="${op}"` : ""}/>`,
        )
        .join("") +
      "</linearGradient>",
  );
  return id;
}

function radial(doc, stops, { cx = 0.5, cy = 0.5, r = 0.5, fx, fy, user = false, transform } = {}) {
  const id = doc.id("g");
  const units = user ? ' gradientUnits="userSpaceOnUse"' : "";
  const f = fx !== undefined ? s` fx="${fx}" fy="${fy}"` : "";
  const tr = transform ? ` gradientTransform="${transform}"` : "";
  doc.def(
    s`<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}"${f}${units}${tr}>` +
      stops
        .map(
          ([o, c, op = 1]) =>
            `<stop offset="${o}" stop-color="${c}"${op !== 1 ? ` stop-opacity="${op}"` : ""}/>`,
        )
        .join("") +
      "</radialGradient>",
  );
  return id;
}

/** Fine film grain, used sparingly (one rect per image). */
function grain(doc, { opacity = 0.05, freq = 0.85, color = "#3a2a1c" } = {}) {
  const id = doc.once("grain", () => {
    const fid = doc.id("n");
    const c = hexToRgb(color).map((v) => num(v / 255));
    doc.def(
      `<filter id="${fid}" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="${freq}" numOctaves="2" seed="7" stitchTiles="stitch"/>` +
        `<feColorMatrix values="0 0 0 0 ${c[0]} 0 0 0 0 ${c[1]} 0 0 0 0 ${c[2]} ${+(opacity * 5).toFixed(3)} 0 0 0 -${+(opacity * 2).toFixed(3)}"/></filter>`,
    );
    return fid;
  });
  return `<rect width="${doc.w}" height="${doc.h}" filter="url(#${id})"/>`;
}

function hexToRgb(hex) {
  let h = hex.replace("#", "");
  if (h.length === 3) h = [...h].map((c) => c + c).join("");
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
}
function mix(a, b, t) {
  const A = hexToRgb(a),
    B = hexToRgb(b);
  return (
    "#" +
    A.map((v, i) =>
      Math.round(lerp(v, B[i], t))
        .toString(16)
        .padStart(2, "0"),
    ).join("")
  );
}

/* ------------------------------------------------------------------------ */
/* Palettes                                                                  */
/* ------------------------------------------------------------------------ */

const INK = "#2b211b";
const TERRACOTTA = "#b4532a";
const IVORY = "#f6f0e6";

const MODELS = {
  aicha: {
    ground: "#c38a2e",
    groundHi: "#e2b45c",
    groundLo: "#8f5e19",
    a: "#e58ea4",
    aDeep: "#b54565",
    leaf: "#5c7b3f",
    leafHi: "#8daa62",
    accent: "#8e2f1e",
    dark: "#3a2413",
    binding: "#6b3b1f",
    strap: "#5e3a22",
    stitch: "#e6cf9e",
    tape: "#332114",
  },
  nadia: {
    ground: "#14889a",
    groundHi: "#4bb5c1",
    groundLo: "#0b5b69",
    a: "#c9362a",
    aDeep: "#85191a",
    leaf: "#2f7f45",
    leafHi: "#5fae63",
    accent: "#e3b24a",
    dark: "#0b3440",
    binding: "#12344a",
    strap: "#1b3044",
    stitch: "#d9c9a3",
    tape: "#10222e",
  },
  bilin: {
    ground: "#e1aa1f",
    groundHi: "#f4cf52",
    groundLo: "#b27a0b",
    a: "#f8efd4",
    aDeep: "#dc6641",
    leaf: "#6f7a2c",
    leafHi: "#9aa54a",
    accent: "#c7461f",
    dark: "#5a3c09",
    binding: "#8a3f1d",
    strap: "#58552a",
    stitch: "#f1dfae",
    tape: "#3a3013",
  },
  ilian: {
    ground: "#a6c3d9",
    groundHi: "#d2e3ee",
    groundLo: "#7897b0",
    a: "#eab5b2",
    aDeep: "#c98883",
    leaf: "#8fa893",
    leafHi: "#b7c9b5",
    accent: "#f5f2ea",
    dark: "#4f6a82",
    binding: "#d2bc96",
    strap: "#ad9571",
    stitch: "#f6efe0",
    tape: "#5d7387",
  },
};
const MODEL_IDS = ["aicha", "nadia", "bilin", "ilian"];

const BRASS = [
  [0, "#7a5a24"],
  [0.28, "#e9d08c"],
  [0.5, "#a5803c"],
  [0.72, "#f2e0aa"],
  [1, "#6e5020"],
];

/* ------------------------------------------------------------------------ */
/* Jacquard fabrics — one woven repeat per model                             */
/* ------------------------------------------------------------------------ */

/** Petal pointing up from the origin. */
const petal = (L, W) =>
  s`M0 0C${W} ${-L * 0.2} ${W * 0.9} ${-L} 0 ${-L}C${-W * 0.9} ${-L} ${-W} ${-L * 0.2} 0 0Z`;
/** Leaf pointing right from the origin. */
const leaf = (L, W) =>
  s`M0 0C${L * 0.3} ${-W} ${L * 0.72} ${-W} ${L} 0C${L * 0.72} ${W * 0.85} ${L * 0.3} ${W * 0.85} 0 0Z`;
const ring = (n, href, { r0 = 0, sc = 1, fill, stroke, sw } = {}) => {
  let out = "";
  for (let k = 0; k < n; k++) {
    const a = r0 + (360 / n) * k;
    out += `<use href="#${href}" transform="rotate(${num(a)})${sc !== 1 ? ` scale(${sc})` : ""}"${fill ? ` fill="${fill}"` : ""}${stroke ? ` stroke="${stroke}" stroke-width="${sw}"` : ""}/>`;
  }
  return out;
};
const at = (href, pts) => pts.map(([x, y]) => s`<use href="#${href}" x="${x}" y="${y}"/>`).join("");

/** The woven ground texture (twill diagonal + weft sheen), shared by all fabrics. */
function weave(doc) {
  return doc.once("weave", () => {
    const id = doc.id("w");
    doc.def(
      `<pattern id="${id}" width="4" height="4" patternUnits="userSpaceOnUse">` +
        '<path d="M0 4L4 0M-1 1L1-1M3 5L5 3" stroke="#1a0f05" stroke-opacity=".17" stroke-width=".9"/>' +
        '<path d="M0 .6H4M0 2.6H4" stroke="#fff" stroke-opacity=".09" stroke-width=".5"/></pattern>',
    );
    return id;
  });
}

/** Soft drop shadow that makes the woven motifs stand slightly proud of the ground. */
function relief(doc) {
  return doc.once("relief", () => {
    const id = doc.id("r");
    doc.def(
      `<filter id="${id}" x="-10%" y="-10%" width="120%" height="120%" color-interpolation-filters="sRGB">` +
        '<feTurbulence type="fractalNoise" baseFrequency=".035 .95" numOctaves="2" seed="4"/>' +
        '<feColorMatrix values="1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 0 0 0 0 1"/>' +
        '<feComposite in="SourceGraphic" operator="arithmetic" k1=".8" k2=".6"/>' +
        '<feComposite in2="SourceGraphic" operator="in"/>' +
        '<feDropShadow dx=".5" dy=".8" stdDeviation=".5" flood-color="#1d1005" flood-opacity=".45"/></filter>',
    );
    return id;
  });
}

const TILES = {
  aicha(doc, p, k) {
    const ids = { P: k + "p", L: k + "l", F: k + "f", C: k + "c", B: k + "n" };
    const og = "M60 0C60 30 0 30 0 60S60 90 60 120M60 0C60 30 120 30 120 60S60 90 60 120";
    const defs =
      `<path id="${ids.P}" d="${petal(22, 12)}"/>` +
      `<path id="${ids.L}" d="${leaf(36, 10)}"/>` +
      `<g id="${ids.F}">` +
      `<g fill="${p.leaf}" stroke="${p.leafHi}" stroke-width=".8">${ring(4, ids.L, { r0: 45 })}</g>` +
      `<g fill="${p.leafHi}" stroke="${p.leaf}" stroke-width=".6">${ring(4, ids.L, { sc: 0.72 })}</g>` +
      `<g fill="${p.a}" stroke="${p.aDeep}" stroke-width=".8">${ring(8, ids.P, { r0: 22.5 })}</g>` +
      `<g fill="${mix(p.a, p.aDeep, 0.45)}" stroke="${p.aDeep}" stroke-width=".6">${ring(8, ids.P, { sc: 0.72 })}</g>` +
      `<g fill="${p.aDeep}">${ring(6, ids.P, { sc: 0.45, r0: 30 })}</g>` +
      `<circle r="5" fill="${p.groundHi}" stroke="${p.dark}" stroke-width=".7"/>` +
      `<g fill="${p.groundHi}">${[0, 60, 120, 180, 240, 300].map((a) => s`<circle cx="${Math.cos((a * Math.PI) / 180) * 8.5}" cy="${Math.sin((a * Math.PI) / 180) * 8.5}" r="1.3"/>`).join("")}</g></g>` +
      `<g id="${ids.C}"><g fill="${p.leaf}" stroke="${p.leafHi}" stroke-width=".6">${ring(4, ids.L, { sc: 0.6 })}</g>` +
      `<g fill="${p.a}" stroke="${p.aDeep}" stroke-width=".6">${ring(6, ids.P, { sc: 0.6 })}</g><circle r="3.4" fill="${p.aDeep}"/><circle r="1.4" fill="${p.groundHi}"/></g>` +
      `<g id="${ids.B}"><path d="M0-8L8 0L0 8L-8 0Z" fill="${p.groundLo}" stroke="${p.accent}" stroke-width="1.6"/><path d="M0-3.5L3.5 0L0 3.5L-3.5 0Z" fill="${p.dark}"/>` +
      `<path d="M0-13V-10M0 13V10M-13 0H-10M13 0H10" stroke="${p.accent}" stroke-width="1.6"/></g>`;
    const body =
      `<path d="M60 0C60 30 0 30 0 60S60 90 60 120C60 90 120 90 120 60S60 30 60 0Z" fill="${p.groundHi}" fill-opacity=".45"/>` +
      `<path d="${og}" fill="none" stroke="${p.groundLo}" stroke-width="5" stroke-opacity=".6"/>` +
      `<path d="${og}" fill="none" stroke="${p.accent}" stroke-width="1.4" stroke-dasharray="2.2 2.6"/>` +
      `<g filter="url(#${relief(doc)})">` +
      at(ids.C, [
        [0, 0],
        [120, 0],
        [0, 120],
        [120, 120],
      ]) +
      at(ids.F, [[60, 60]]) +
      at(ids.B, [
        [60, 0],
        [60, 120],
        [0, 60],
        [120, 60],
      ]) +
      "</g>";
    return { w: 120, h: 120, defs, body };
  },

  nadia(doc, p, k) {
    const ids = { F: k + "f", S: k + "s", L: k + "l" };
    const lattice = "M0 0L140 160M140 0L0 160";
    const defs =
      `<path id="${ids.L}" d="M0 22C-10 16-25 15-29 1C-19 3-8 9 0 22Z"/>` +
      `<g id="${ids.F}" transform="scale(1.35)">` +
      `<path d="M0 27V6" stroke="${p.leaf}" stroke-width="2.6"/>` +
      `<g fill="${p.leaf}" stroke="${p.leafHi}" stroke-width=".8"><use href="#${ids.L}"/><use href="#${ids.L}" transform="scale(-1 1)"/></g>` +
      `<path d="M0 10C-14 10-23 0-21-15C-17-10-12-10-10-14C-9-23-4-27 0-31C4-27 9-23 10-14C12-10 17-10 21-15C23 0 14 10 0 10Z" fill="${p.a}" stroke="${p.accent}" stroke-width="1.6"/>` +
      `<path d="M0 4C-7 4-10-2-9-10C-5-8-2-12 0-19C2-12 5-8 9-10C10-2 7 4 0 4Z" fill="${p.aDeep}" stroke="${p.accent}" stroke-width=".8"/>` +
      `<g fill="${p.accent}"><circle cx="-3" cy="-4" r="1.3"/><circle cx="3" cy="-4" r="1.3"/><circle cy="-9" r="1.3"/><circle cy="0" r="1.3"/>` +
      `<path d="M-9 10Q0 17 9 10Q0 13-9 10Z"/></g></g>` +
      `<g id="${ids.S}" transform="scale(1.3)"><path d="M-6-6H6V6H-6ZM0-8.5L8.5 0L0 8.5L-8.5 0Z" fill="${p.accent}"/><circle r="3" fill="${p.groundLo}"/><circle r="1.2" fill="${p.a}"/></g>`;
    const body =
      `<path d="${lattice}" stroke="${p.groundLo}" stroke-width="6" stroke-opacity=".35"/>` +
      `<path d="${lattice}" stroke="${p.groundHi}" stroke-width="1.1" stroke-opacity=".8"/>` +
      `<path d="${lattice}" stroke="${p.accent}" stroke-width="1.8" stroke-linecap="round" stroke-dasharray="0 7.5"/>` +
      `<g filter="url(#${relief(doc)})">` +
      at(ids.F, [
        [70, 0],
        [70, 160],
        [0, 80],
        [140, 80],
      ]) +
      at(ids.S, [
        [70, 80],
        [0, 0],
        [140, 0],
        [0, 160],
        [140, 160],
      ]) +
      "</g>";
    return { w: 140, h: 160, defs, body };
  },

  bilin(doc, p, k) {
    const ids = { D: k + "d", P: k + "p", B: k + "b", Z: k + "z", L: k + "l" };
    let zig = "M-5 0";
    for (let y = 7.5; y <= 120; y += 7.5) zig += ((y / 7.5) % 2 ? "L5 " : "L-5 ") + y;
    const defs =
      `<path id="${ids.P}" d="${petal(11, 3.4)}"/>` +
      `<path id="${ids.L}" d="${leaf(13, 4.5)}"/>` +
      `<g id="${ids.D}" transform="scale(1.3)"><g fill="${p.a}" stroke="#e5d0a0" stroke-width=".5">${ring(11, ids.P)}</g>` +
      `<circle r="4" fill="${p.aDeep}"/><circle r="1.6" fill="${p.dark}"/></g>` +
      `<g id="${ids.B}"><path d="M0 5C-4 2-4-5 0-9C4-5 4 2 0 5Z" fill="${p.aDeep}"/><path d="M-4 3Q0 8 4 3Q0 5-4 3Z" fill="${p.leaf}"/></g>` +
      `<g id="${ids.Z}"><path d="M-9 0H9V120H-9Z" fill="${p.groundLo}"/><path d="M-7.5 0V120M7.5 0V120" stroke="${p.a}" stroke-width="1"/>` +
      `<path d="${zig}" fill="none" stroke="${p.a}" stroke-width="1.3"/><path d="M0 3.75V120" stroke="${p.accent}" stroke-width="2" stroke-dasharray="1.5 6"/></g>`;
    const body =
      `<g filter="url(#${relief(doc)})">` +
      at(ids.Z, [
        [0, 0],
        [100, 0],
      ]) +
      `<path d="M50 0C38 20 38 40 50 60S62 100 50 120" fill="none" stroke="${p.leaf}" stroke-width="2.2"/>` +
      `<g fill="${p.leaf}" stroke="${p.leafHi}" stroke-width=".5">` +
      `<use href="#${ids.L}" transform="translate(44 14) rotate(200)"/><use href="#${ids.L}" transform="translate(42 48) rotate(-20)"/>` +
      `<use href="#${ids.L}" transform="translate(56 74) rotate(-20)"/><use href="#${ids.L}" transform="translate(58 106) rotate(200)"/></g>` +
      at(ids.D, [
        [33, 31],
        [67, 91],
      ]) +
      `<use href="#${ids.B}" transform="translate(61 52) rotate(30)"/><use href="#${ids.B}" transform="translate(39 112) rotate(-30)"/><use href="#${ids.B}" transform="translate(39 -8) rotate(-30)"/>` +
      `<g fill="${p.a}"><circle cx="24" cy="72" r="1.6"/><circle cx="28" cy="76" r="1.6"/><circle cx="21" cy="77" r="1.6"/>` +
      `<circle cx="76" cy="12" r="1.6"/><circle cx="80" cy="16" r="1.6"/><circle cx="73" cy="17" r="1.6"/></g>` +
      "</g>";
    return { w: 100, h: 120, defs, body };
  },

  ilian(doc, p, k) {
    const ids = { F: k + "f", B: k + "b", C: k + "c" };
    const defs =
      `<g id="${ids.F}" fill="${p.groundHi}" stroke="${p.accent}" stroke-width=".9">` +
      '<path d="M0-36C8-24 12-9 0 6C-12-9-8-24 0-36Z"/>' +
      '<path id="' +
      k +
      'h" d="M-2 7C-14 3-29-5-29-20C-29-31-18-33-16-25C-20-27-24-23-22-17C-19-8-9-2-2 7Z"/><use href="#' +
      k +
      'h" transform="scale(-1 1)"/>' +
      '<path d="M-13 12C-6 7 6 7 13 12C6 18-6 18-13 12Z"/><path d="M0 17V30" fill="none"/><circle cy="33" r="3.2"/></g>' +
      `<g id="${ids.C}" fill="${p.a}" stroke="${p.aDeep}" stroke-width=".5">${[0, 72, 144, 216, 288].map((a) => s`<circle cx="${Math.cos(((a - 90) * Math.PI) / 180) * 4.6}" cy="${Math.sin(((a - 90) * Math.PI) / 180) * 4.6}" r="4"/>`).join("")}<circle r="2" fill="${p.accent}" stroke="none"/></g>` +
      `<g id="${ids.B}" transform="scale(1.3)"><g fill="${p.leaf}" stroke="${p.leafHi}" stroke-width=".5"><path transform="rotate(30)" d="${leaf(16, 5)}"/><path transform="rotate(150)" d="${leaf(16, 5)}"/><path transform="rotate(-90)" d="${leaf(11, 4)}"/></g>` +
      `<use href="#${ids.C}"/><use href="#${ids.C}" transform="translate(-15 13) scale(.55)"/><use href="#${ids.C}" transform="translate(15 13) scale(.55)"/></g>`;
    const body =
      `<path d="M60 0L120 70L60 140L0 70Z" fill="none" stroke="${p.groundLo}" stroke-width="5" stroke-opacity=".3"/>` +
      `<path d="M60 0L120 70L60 140L0 70Z" fill="none" stroke="${p.accent}" stroke-width="1.2" stroke-opacity=".85"/>` +
      `<path d="M60 12L110 70L60 128L10 70Z" fill="none" stroke="${p.accent}" stroke-width="1.6" stroke-linecap="round" stroke-dasharray="0 5.5" stroke-opacity=".7"/>` +
      `<g filter="url(#${relief(doc)})">` +
      `<use href="#${ids.F}" x="60" y="68"/>` +
      at(ids.B, [
        [0, 0],
        [120, 0],
        [0, 140],
        [120, 140],
      ]) +
      `<g fill="${p.accent}">${[
        [60, 0],
        [60, 140],
        [0, 70],
        [120, 70],
      ]
        .map(([x, y]) => s`<circle cx="${x}" cy="${y}" r="2.4"/>`)
        .join("")}</g>` +
      "</g>";
    return { w: 120, h: 140, defs, body };
  },
};

/**
 * A jacquard fill for `model`. Returns a pattern id; `scale`/`rotate` are baked
 * into a light-weight pattern that inherits the woven tile through `href`.
 */
function fabric(doc, model, { scale = 1, rotate = 0, x = 0, y = 0 } = {}) {
  const base = doc.once(`tile-${model}`, () => {
    const p = MODELS[model];
    const id = doc.id("t");
    const tile = TILES[model](doc, p, id);
    doc.def(tile.defs);
    doc.def(
      `<pattern id="${id}" width="${tile.w}" height="${tile.h}" patternUnits="userSpaceOnUse">` +
        `<rect width="${tile.w}" height="${tile.h}" fill="${p.ground}"/>${tile.body}` +
        `<rect width="${tile.w}" height="${tile.h}" fill="url(#${weave(doc)})"/></pattern>`,
    );
    return id;
  });
  return doc.once(`fab-${model}-${scale}-${rotate}-${x}-${y}`, () => {
    const id = doc.id("f");
    doc.def(
      s`<pattern id="${id}" href="#${base}" patternTransform="translate(${x} ${y}) rotate(${rotate}) scale(${scale})"/>`,
    );
    return id;
  });
}

/* ------------------------------------------------------------------------ */
/* Scenery                                                                   */
/* ------------------------------------------------------------------------ */

/** Seamless paper sweep: warm ivory, a soft pool of light, gentle vignette, grain. */
function backdrop(doc, { spot = [0.45, 0.4], spotR = 0.6, tone = 0, grainOp = 0.045 } = {}) {
  const top = mix("#efe5d5", "#e6d9c4", tone),
    midC = mix(IVORY, "#efe4d2", tone),
    bot = mix("#ebe0cd", "#dfd0b8", tone);
  const g = linear(doc, [
    [0, top],
    [0.55, midC],
    [1, bot],
  ]);
  const l = radial(
    doc,
    [
      [0, "#fffaf1", 0.75],
      [0.5, "#fffaf1", 0.25],
      [1, "#fffaf1", 0],
    ],
    { cx: spot[0], cy: spot[1], r: spotR },
  );
  const v = radial(
    doc,
    [
      [0.55, "#6b4f33", 0],
      [1, "#6b4f33", 0.16],
    ],
    { r: 0.75 },
  );
  doc.add(
    `<rect width="${doc.w}" height="${doc.h}" fill="url(#${g})"/>`,
    `<rect width="${doc.w}" height="${doc.h}" fill="url(#${l})"/>`,
    `<rect width="${doc.w}" height="${doc.h}" fill="url(#${v})"/>`,
  );
  if (grainOp) doc.add(grain(doc, { opacity: grainOp }));
}

function brass(doc, dir = "v") {
  return doc.once("brass" + dir, () => linear(doc, BRASS, dir === "v" ? {} : { x2: 1, y2: 0 }));
}

/* ------------------------------------------------------------------------ */
/* The bag                                                                   */
/* ------------------------------------------------------------------------ */

// Local geometry, centred on the pouch; 620 units from tip to tip.
const BAG = {
  out: "M-285-95C-150-22 150-22 285-95C311-80 318-44 300-20C232 108 104 160 0 160C-104 160-232 108-300-20C-318-44-311-80-285-95Z",
  band: "M-285-95C-150-22 150-22 285-95L281-101C150-53-150-53-281-101Z",
  top: [
    [-285, -95],
    [-150, -22],
    [150, -22],
    [285, -95],
  ],
  zip: [
    [-276, -98],
    [-150, -38],
    [150, -38],
    [276, -98],
  ],
  lipBack: [
    [-276, -98],
    [-150, -150],
    [150, -150],
    [276, -98],
  ],
  tipL: [-300, -62],
  tipR: [300, -62],
};
const rotPt = ([x, y], a) => [x * Math.cos(a) - y * Math.sin(a), x * Math.sin(a) + y * Math.cos(a)];
/** Where a local bag point lands after translate(x,y) rotate(r) scale(k). */
function bagPoint(pt, { x = 0, y = 0, r = 0, k = 1 }) {
  const [px, py] = rotPt([pt[0] * k, pt[1] * k], (r * Math.PI) / 180);
  return [x + px, y + py];
}

/** Soft shadow of the pouch silhouette (drawn before the bag). */
function bagShadow(doc, t, { dx = 18, dy = 26, sd = 14, op = 0.3 } = {}) {
  return (
    s`<g transform="translate(${t.x + dx} ${t.y + dy}) rotate(${t.r ?? 0}) scale(${t.k ?? 1})" filter="url(#${blur(doc, sd)})">` +
    `<path d="${BAG.out}" fill="#3b2614" fill-opacity="${op}"/></g>`
  );
}

/**
 * The pouch itself. t = {x, y, r, k} placement; opts.open shows the unzipped
 * top with the cotton lining; opts.pull = angle (deg, in page space) of the zip pull.
 */
function bag(doc, model, t, { open = false, pull = 90, fabricScale = 1.35, tabs = true, light = 0 } = {}) {
  const p = MODELS[model];
  const fab = fabric(doc, model, { scale: fabricScale, x: 14, y: -6 });
  const clip = doc.id("c");
  doc.def(`<clipPath id="${clip}"><path d="${BAG.out}"/></clipPath>`);
  const shV = doc.once("shV", () =>
    linear(
      doc,
      [
        [0, "#fff", 0.2],
        [0.3, "#fff", 0],
        [0.62, "#000", 0.06],
        [1, "#140a03", 0.45],
      ],
      { y1: -100, y2: 165, user: true },
    ),
  );
  const shR = doc.once("shR", () =>
    radial(
      doc,
      [
        [0, "#fff", 0.16],
        [0.45, "#fff", 0],
        [0.8, "#000", 0.1],
        [1, "#000", 0.42],
      ],
      { cx: -60, cy: 0, r: 345, user: true, transform: "translate(-60 0) scale(1 .62) translate(60 0)" },
    ),
  );
  const b4 = blur(doc, 4),
    b9 = blur(doc, 9);
  const bindDark = mix(p.binding, "#000", 0.35),
    bindHi = mix(p.binding, "#fff", 0.35);

  let g = s`<g transform="translate(${t.x} ${t.y}) rotate(${t.r ?? 0}) scale(${t.k ?? 1})">`;

  // Back panel peeking above the zip when the bag is open.
  if (open) {
    const lining = doc.once("lining", () => {
      const id = doc.id("L");
      doc.def(
        `<pattern id="${id}" width="14" height="14" patternUnits="userSpaceOnUse" patternTransform="rotate(-8)"><rect width="14" height="14" fill="#efe5d1"/>` +
          `<path d="M0 3.5H14M0 10.5H14" stroke="#d9c8aa" stroke-width="1.2"/><path d="M3.5 0V14M10.5 0V14" stroke="#fff" stroke-opacity=".35" stroke-width=".8"/>` +
          `<rect width="14" height="14" fill="url(#${weave(doc)})" opacity=".7"/></pattern>`,
      );
      return id;
    });
    const back = `M-285-95C-150-160 150-160 285-95C300-86 300-70 285-62C150-20-150-20-285-62C-300-70-300-86-285-95Z`;
    const depth = linear(
      doc,
      [
        [0, "#000", 0],
        [0.55, "#1d1206", 0.3],
        [1, "#140b04", 0.75],
      ],
      { y1: -150, y2: -40, user: true },
    );
    g +=
      `<path d="${back}" fill="url(#${fab})"/><path d="${back}" fill="#000" fill-opacity=".18"/>` +
      `<path d="${back}" fill="none" stroke="${p.binding}" stroke-width="8"/>` +
      `<path d="M-270-96C-150-146 150-146 270-96C150-40-150-40-270-96Z" fill="url(#${lining})"/>` +
      // a small blank woven label sewn into the lining
      `<path d="M-30-112H6V-86H-30Z" fill="#fbf7ef" stroke="#d8c8ab" stroke-width="1"/><path d="M-12-105a6 6 0 1 0 6 9a5 5 0 1 1-6-9Z" fill="${TERRACOTTA}" opacity=".85"/>` +
      `<path d="M-270-96C-150-146 150-146 270-96C150-40-150-40-270-96Z" fill="url(#${depth})"/>` +
      `<path d="${chainD(BAG.lipBack)}" fill="none" stroke="${p.tape}" stroke-width="9"/>` +
      `<path d="${chainD(BAG.lipBack)}" fill="none" stroke="url(#${brass(doc)})" stroke-width="5" stroke-dasharray="1.6 1.5"/>`;
  }

  // Front panel: jacquard + volume shading.
  g +=
    `<path d="${BAG.out}" fill="url(#${fab})"/>` +
    `<g clip-path="url(#${clip})">` +
    `<path d="${BAG.out}" fill="url(#${shV})"/><path d="${BAG.out}" fill="url(#${shR})"/>` +
    `<path d="${BAG.out}" fill="none" stroke="#1a0d05" stroke-opacity=".35" stroke-width="30" filter="url(#${b9})"/>` +
    `<path d="${chainD(BAG.top)}" fill="none" stroke="#1a0d05" stroke-opacity=".45" stroke-width="12" transform="translate(0 6)" filter="url(#${b4})"/>` +
    // puckers where the strap pulls on the ends
    `<g fill="none" stroke-linecap="round" filter="url(#${b9})">` +
    '<path d="M-258-56C-224-30-204 0-194 34M258-56C224-30 204 0 194 34" stroke="#fff" stroke-opacity=".12" stroke-width="22"/>' +
    '<path d="M-236-38C-206-12-188 18-178 52M236-38C206-12 188 18 178 52" stroke="#000" stroke-opacity=".12" stroke-width="20"/>' +
    // soft sheen across the upper belly, reflected light along the bottom
    '<path d="M-200 0C-100 40 100 40 200 0" stroke="#fff" stroke-opacity=".1" stroke-width="44"/>' +
    '<path d="M-150 140C-70 156 70 156 150 140" stroke="#fff" stroke-opacity=".07" stroke-width="12"/></g>' +
    (light ? `<path d="${BAG.out}" fill="#fff" fill-opacity="${light}"/>` : "") +
    "</g>";

  // Piping around the front panel.
  g +=
    `<path d="${BAG.out}" fill="none" stroke="${bindDark}" stroke-width="11"/>` +
    `<path d="${BAG.out}" fill="none" stroke="${p.binding}" stroke-width="7.5"/>` +
    `<path d="${BAG.out}" fill="none" stroke="${bindHi}" stroke-opacity=".5" stroke-width="1.6" transform="translate(-1 -1.5)"/>`;

  // Zip along the top.
  if (!open) {
    g +=
      `<path d="${BAG.band}" fill="${p.tape}" stroke="${bindDark}" stroke-width="2"/>` +
      `<path d="${chainD(BAG.zip)}" fill="none" stroke="url(#${brass(doc)})" stroke-width="6" stroke-dasharray="1.7 1.5"/>` +
      `<path d="${chainD(BAG.zip)}" fill="none" stroke="#fff" stroke-opacity=".25" stroke-width="1" transform="translate(0 -2)"/>`;
  } else {
    g +=
      `<path d="${chainD(BAG.zip)}" fill="none" stroke="${p.tape}" stroke-width="9"/>` +
      `<path d="${chainD(BAG.zip)}" fill="none" stroke="url(#${brass(doc)})" stroke-width="5" stroke-dasharray="1.6 1.5"/>`;
  }

  // Zip slider + leather pull.
  {
    const z = cubicAt(BAG.zip, open ? 0.06 : 0.8);
    const pa = pull - (t.r ?? 0) - deg(z.a);
    g +=
      s`<g transform="translate(${z.x} ${z.y}) rotate(${deg(z.a)})">` +
      s`<g transform="rotate(${pa})"><path d="M4-4.5L46-5.5Q52 0 46 5.5L4 4.5Z" fill="#000" fill-opacity=".3" transform="translate(3 4)" filter="url(#${b4})"/>` +
      `<path d="M4-4.5L46-5.5Q53 0 46 5.5L4 4.5Q0 0 4-4.5Z" fill="${p.binding}" stroke="${bindDark}" stroke-width="1"/>` +
      `<path d="M10-2.2L44-2.8M10 2.2L44 2.8" stroke="${p.stitch}" stroke-width=".7" stroke-dasharray="2 1.5" opacity=".8"/>` +
      `<circle cx="4" r="4.5" fill="none" stroke="url(#${brass(doc)})" stroke-width="2.2"/></g>` +
      `<path d="M-13-7.5H9Q14-7.5 14 0Q14 7.5 9 7.5H-13Q-16 0-13-7.5Z" fill="url(#${brass(doc)})" stroke="#5e4418" stroke-width=".8"/>` +
      `<path d="M-10-3.5H8" stroke="#fff" stroke-opacity=".45" stroke-width="1.4"/></g>`;
  }

  // Leather tabs where the strap is sewn into the side seams.
  if (tabs) {
    for (const side of [-1, 1]) {
      const [tx, ty] = side < 0 ? BAG.tipL : BAG.tipR;
      g +=
        s`<g transform="translate(${tx} ${ty}) rotate(${side < 0 ? -25 : 25})">` +
        `<path d="M-14-17H14V17H-14Z" fill="${p.binding}" stroke="${bindDark}" stroke-width="1.2"/>` +
        `<path d="M-10-13H10V13H-10ZM-10-13L10 13M10-13L-10 13" fill="none" stroke="${p.stitch}" stroke-width=".8" stroke-dasharray="2 1.4" opacity=".85"/></g>`;
    }
  }
  return g + "</g>";
}

/* Straps ------------------------------------------------------------------ */

/** Cotton webbing strap along path `d` (ribbed weave, stitched edges, soft shadow). */
function strap(doc, model, d, { w = 32, shadow = { dx: 10, dy: 14, sd: 6, op: 0.28 } } = {}) {
  const p = MODELS[model];
  let out = "";
  if (shadow)
    out += s`<path d="${d}" fill="none" stroke="#2a1a0e" stroke-opacity="${shadow.op}" stroke-width="${w}" transform="translate(${shadow.dx} ${shadow.dy})" filter="url(#${blur(doc, shadow.sd)})"/>`;
  out +=
    '<g fill="none">' +
    `<path d="${d}" stroke="${mix(p.strap, "#000", 0.4)}" stroke-width="${w}"/>` +
    `<path d="${d}" stroke="${p.strap}" stroke-width="${w - 3}"/>` +
    `<path d="${d}" stroke="${p.stitch}" stroke-opacity=".75" stroke-width="${num(w * 0.72)}" stroke-dasharray="${num(w / 8)} ${num(w / 12)}"/>` +
    `<path d="${d}" stroke="${p.strap}" stroke-width="${num(w * 0.65)}"/>` +
    `<path d="${d}" stroke="#000" stroke-opacity=".2" stroke-width="${w - 3}" stroke-dasharray="${num(Math.max(0.6, w / 29))} ${num(Math.max(0.8, w / 21))}"/>` +
    `<path d="${d}" stroke="#fff" stroke-opacity=".08" stroke-width="${w * 0.35}"/>` +
    "</g>";
  return out;
}

/** Brass ladder-lock slider at (x, y), strap running along angle a (deg). */
function buckle(doc, x, y, a, w = 32) {
  const h = w / 2 + 6;
  return (
    s`<g transform="translate(${x} ${y}) rotate(${a})">` +
    s`<path d="M-13-${h}H13V${h}H-13Z" fill="#2a1a0e" fill-opacity=".35" transform="translate(5 7)" filter="url(#${blur(doc, 4)})"/>` +
    s`<path d="M-10-${h}H10Q13-${h} 13-${h - 3}V${h - 3}Q13 ${h} 10 ${h}H-10Q-13 ${h}-13 ${h - 3}V-${h - 3}Q-13-${h}-10-${h}ZM-8.5-${h - 3.5}V${h - 3.5}H-2V-${h - 3.5}ZM2-${h - 3.5}V${h - 3.5}H8.5V-${h - 3.5}Z" fill-rule="evenodd" fill="url(#${brass(doc, "h")})" stroke="#5e4418" stroke-width=".8"/>` +
    s`<path d="M-11-${h - 1.5}H11" stroke="#fff" stroke-opacity=".5" stroke-width="1.2"/></g>`
  );
}

/**
 * Strap from a chain of cubic points with a slider on segment `seg` at `tb`
 * and the doubled-back adjustable tail after it.
 */
function strapWithBuckle(doc, model, pts, { seg = 0, tb = 0.4, tail = 0.22, w = 32, shadow } = {}) {
  const c = chainSeg(pts, seg);
  const b = cubicAt(c, tb);
  const sub = cubicSplit(c, tb, Math.min(0.98, tb + tail));
  const off = 3.5;
  const nx = -Math.sin(b.a) * off,
    ny = Math.cos(b.a) * off;
  const tailD = chainD(sub.map(([x, y]) => [x + nx, y + ny]));
  const end = cubicAt(sub, 1);
  let out = strap(doc, model, chainD(pts), { w, shadow });
  out += strap(doc, model, tailD, { w: w - 1, shadow: { dx: 3, dy: 4, sd: 3, op: 0.35 } });
  out += s`<g transform="translate(${end.x + nx} ${end.y + ny}) rotate(${deg(end.a)})"><path d="M-4-${w / 2}H3Q9-${w / 2} 9-${w / 2 - 6}V${w / 2 - 6}Q9 ${w / 2} 3 ${w / 2}H-4Z" fill="url(#${brass(doc, "v")})" stroke="#5e4418" stroke-width=".8"/></g>`;
  out += buckle(doc, b.x, b.y, deg(b.a), w);
  return out;
}

/* ------------------------------------------------------------------------ */
/* Product shots (1000 × 1250)                                               */
/* ------------------------------------------------------------------------ */

/** 1 — front view, hanging against the paper sweep, shadow cast on the backdrop. */
function productFront(model) {
  const doc = new Doc(1000, 1250);
  backdrop(doc, { spot: [0.42, 0.45] });
  const t = { x: 500, y: 770, k: 1.3 };
  const L = bagPoint(BAG.tipL, t);
  const R = bagPoint(BAG.tipR, t);
  const left = [L, [L[0] - 10, L[1] - 150], [380, 240], [462, -30]];
  const right = [R, [R[0] + 10, R[1] - 150], [620, 240], [538, -30]];
  // shadow of the whole piece on the backdrop
  doc.add(
    `<g transform="translate(38 46)" filter="url(#${blur(doc, 20)})" opacity=".28">` +
      `<path d="${chainD(left)}${chainD(right)}" fill="none" stroke="#3b2614" stroke-width="36"/>` +
      s`<path d="${BAG.out}" transform="translate(${t.x} ${t.y}) scale(${t.k})" fill="#3b2614"/></g>`,
    `<g transform="translate(10 14)" filter="url(#${blur(doc, 6)})" opacity=".16">` +
      s`<path d="${BAG.out}" transform="translate(${t.x} ${t.y}) scale(${t.k})" fill="#3b2614"/></g>`,
  );
  doc.add(strapWithBuckle(doc, model, left, { tb: 0.5, w: 36, shadow: null }));
  doc.add(strap(doc, model, chainD(right), { w: 36, shadow: null }));
  doc.add(bag(doc, model, t, { pull: 93 }));
  return doc;
}

/** Linen cloth texture (slubby warp and weft). */
function linen(doc, base = "#e2d3bb") {
  return doc.once("linen" + base, () => {
    const id = doc.id("l");
    doc.def(
      `<pattern id="${id}" width="3" height="3" patternUnits="userSpaceOnUse" patternTransform="rotate(-2.5)"><rect width="3" height="3" fill="${base}"/>` +
        '<path d="M0 .75H3M.75 0V3" stroke="#5e4628" stroke-opacity=".07" stroke-width=".8"/></pattern>',
    );
    return id;
  });
}

/** Slubby warp/weft irregularities of linen, as a filter over a flat rect. */
function slub(doc) {
  return doc.once("slub", () => {
    const id = doc.id("s");
    doc.def(
      `<filter id="${id}" x="0" y="0" width="100%" height="100%">` +
        '<feTurbulence type="fractalNoise" baseFrequency=".5 .018" numOctaves="2" seed="3" result="a"/>' +
        '<feTurbulence type="fractalNoise" baseFrequency=".018 .5" numOctaves="2" seed="9"/>' +
        '<feComposite in2="a" operator="arithmetic" k2=".5" k3=".5"/>' +
        '<feColorMatrix values="0 0 0 0 .3 0 0 0 0 .22 0 0 0 0 .12 -1.5 0 0 0 .8"/></filter>',
    );
    return id;
  });
}

/** A folded linen napkin: two layers, rounded fold on one side, stitched hems, soft wrinkles. */
function linenCloth(doc, quad, { base = "#e2d3bb", fold = "left" } = {}) {
  const [A, B, C, D] = quad;
  const P = (pts) => `M${pts.map((q) => `${num(q[0])} ${num(q[1])}`).join("L")}Z`;
  const inset = (pts, d) => {
    const cx = pts.reduce((s2, q) => s2 + q[0], 0) / 4;
    const cy = pts.reduce((s2, q) => s2 + q[1], 0) / 4;
    return pts.map(([x, y]) => {
      const l = Math.hypot(x - cx, y - cy);
      return [x - ((x - cx) / l) * d, y - ((y - cy) / l) * d];
    });
  };
  const lower = quad.map(([x, y]) => [x + 12, y + 10]);
  const clip = doc.id("c");
  doc.def(`<clipPath id="${clip}"><path d="${P(quad)}"/></clipPath>`);
  const tex = linen(doc, base);
  const lowTex = linen(doc, mix(base, "#8a7458", 0.12));
  const sheen = linear(doc, [[0, "#fff", 0.22], [0.45, "#fff", 0], [1, "#3b2614", 0.12]], { x1: 0, y1: 0, x2: 1, y2: 1 });
  const foldEdge = fold === "left" ? [A, D] : [A, B];
  let out =
    `<path d="${P(lower)}" fill="#3b2614" fill-opacity=".3" transform="translate(6 9)" filter="url(#${blur(doc, 9)})"/>` +
    `<path d="${P(lower)}" fill="url(#${lowTex})"/>` +
    `<path d="${P(inset(lower, 16))}" fill="none" stroke="#a8926f" stroke-opacity=".6" stroke-width="1.4" stroke-dasharray="6 4"/>` +
    `<path d="${P(quad)}" fill="#3b2614" fill-opacity=".28" transform="translate(2 4)" filter="url(#${blur(doc, 4)})"/>` +
    `<path d="${P(quad)}" fill="url(#${tex})"/>` +
    `<g clip-path="url(#${clip})"><rect x="${num(Math.min(A[0], D[0]))}" y="${num(Math.min(A[1], B[1]))}" width="${num(Math.max(B[0], C[0]) - Math.min(A[0], D[0]))}" height="${num(Math.max(C[1], D[1]) - Math.min(A[1], B[1]))}" filter="url(#${slub(doc)})"/></g>` +
    `<path d="${P(quad)}" fill="url(#${sheen})"/>` +
    `<path d="${P(inset(quad, 16))}" fill="none" stroke="#b19c7a" stroke-opacity=".7" stroke-width="1.4" stroke-dasharray="6 4"/>` +
    `<g clip-path="url(#${clip})" fill="none" stroke-linecap="round">`;
  // rounded fold: a soft highlight just inside the folded edge
  out += `<path d="M${num(foldEdge[0][0])} ${num(foldEdge[0][1])}L${num(foldEdge[1][0])} ${num(foldEdge[1][1])}" stroke="#fff" stroke-opacity=".45" stroke-width="16" filter="url(#${blur(doc, 5)})"/>`;
  // long soft wrinkles
  const r = rng(Math.round(A[0] + A[1] * 3));
  for (let i = 0; i < 5; i++) {
    const x0 = lerp(A[0], B[0], 0.1 + r() * 0.8);
    const y0 = lerp(A[1], D[1], 0.1 + r() * 0.6);
    const len = 140 + r() * 220;
    const ang = -0.4 + r() * 0.8 + Math.PI / 2;
    const x1 = x0 + Math.cos(ang) * len;
    const y1 = y0 + Math.sin(ang) * len;
    const d = s`M${x0} ${y0}Q${(x0 + x1) / 2 + 70} ${(y0 + y1) / 2} ${x1} ${y1}`;
    out += `<path d="${d}" stroke="#fff" stroke-opacity=".16" stroke-width="22" filter="url(#${blur(doc, 12)})"/>`;
    out += `<path d="${d}" stroke="#4a3419" stroke-opacity=".08" stroke-width="16" transform="translate(16 6)" filter="url(#${blur(doc, 12)})"/>`;
  }
  return out + "</g>";
}

/** A sprig of dried olive leaves (styling prop). */
function olive(doc, x, y, rot, k = 1) {
  const r = rng(Math.round(x * 7 + y));
  let leaves = "";
  for (let i = 0; i < 9; i++) {
    const tt = 0.12 + i * 0.1;
    const px = 220 * tt;
    const py = -Math.sin(tt * 2.4) * 26;
    const side = i % 2 ? 1 : -1;
    const a = side * (38 + r() * 18) - 8;
    const c = r() > 0.45 ? "#7f8b66" : "#a7ae8f";
    leaves += s`<path transform="translate(${px} ${py}) rotate(${a})" d="${leaf(46 + r() * 16, 7)}" fill="${c}" stroke="#5d6748" stroke-width=".8"/>`;
  }
  const sprig = `<path d="M0 0C60-20 140-40 230-20" fill="none" stroke="#6b6046" stroke-width="3" stroke-linecap="round"/>${leaves}<ellipse cx="120" cy="-12" rx="8" ry="10" fill="#3d3a2a"/><ellipse cx="118" cy="-15" rx="2.5" ry="3" fill="#fff" fill-opacity=".3"/>`;
  return (
    s`<g transform="translate(${x} ${y}) rotate(${rot}) scale(${k})">` +
    `<g transform="translate(6 9)" opacity=".22" filter="url(#${blur(doc, 5)})">${sprig.replace(/fill="#[0-9a-f]{6}"/g, 'fill="#2a1a0e"').replace(/stroke="#[0-9a-f]{6}"/g, 'stroke="#2a1a0e"')}</g>` +
    `${sprig}</g>`
  );
}

/** 2 — styled: lying on a folded linen cloth, strap looped around, with an olive sprig. */
function productStyled(model) {
  const doc = new Doc(1000, 1250);
  backdrop(doc, { spot: [0.4, 0.35], tone: 0.35 });
  doc.add(linenCloth(doc, [[120, 250], [915, 212], [948, 1080], [150, 1124]]));
  doc.add(olive(doc, 660, 160, 26, 1.3));
  const t = { x: 540, y: 610, r: -11, k: 1.06 };
  const L = bagPoint(BAG.tipL, t);
  const R = bagPoint(BAG.tipR, t);
  const loop = [L, [L[0] - 120, L[1] + 60], [170, 990], [430, 1010], [690, 1030], [900, 960], [890, 800], [882, 690], [R[0] + 90, R[1] + 30], R];
  doc.add(strapWithBuckle(doc, model, loop, { seg: 1, tb: 0.32, w: 36, shadow: { dx: 6, dy: 9, sd: 5, op: 0.3 } }));
  doc.add(bagShadow(doc, t, { dx: 12, dy: 18, sd: 12, op: 0.42 }));
  doc.add(bag(doc, model, t, { pull: 120 }));
  doc.add(grain(doc, { opacity: 0.035 }));
  return doc;
}

/** 3 — close-up of the jacquard, with the brass zip and leather pull across the top. */
function productDetail(model) {
  const doc = new Doc(1000, 1250);
  const p = MODELS[model];
  const fab = fabric(doc, model, { scale: 2.9, rotate: -4, x: 37, y: 11 });
  const back = fabric(doc, model, { scale: 2.9, rotate: 3, x: 80, y: 40 });
  const zip = [[-30, 176], [200, 138], [480, 138], [720, 186]];
  const edgeTop = zip.map(([x, y]) => [x, y - 36]);
  const edgeBot = zip.map(([x, y]) => [x, y + 40]);
  doc.add('<g transform="scale(1.45)">');
  const bindDark = mix(p.binding, "#000", 0.4);
  const folds = linear(
    doc,
    [
      [0, "#fff", 0.14],
      [0.22, "#000", 0.1],
      [0.45, "#fff", 0.12],
      [0.7, "#000", 0.14],
      [1, "#000", 0.32],
    ],
    { x1: 0.1, y1: 0.15, x2: 0.9, y2: 1 },
  );
  const vig = radial(doc, [[0.5, "#000", 0], [1, "#120904", 0.45]], { cx: 0.45, cy: 0.55, r: 0.8 });
  const b6 = blur(doc, 6);
  const b14 = blur(doc, 14);
  // back panel (beyond the zip, falling away from the light)
  doc.add(`<rect width="1000" height="1250" fill="url(#${back})"/><rect width="1000" height="220" fill="#1a0e05" fill-opacity=".42"/>`);
  // front panel
  const front = `${chainD(edgeBot)}V1250H-40Z`;
  doc.add(
    `<path d="${front}" fill="url(#${fab})"/>`,
    `<path d="${front}" fill="url(#${folds})"/>`,
    `<path d="${chainD(edgeBot)}" fill="none" stroke="#140a03" stroke-opacity=".5" stroke-width="26" transform="translate(0 20)" filter="url(#${b14})"/>`,
  );
  // piping + zip tape + teeth
  doc.add(
    `<path d="${chainD(edgeTop)}${chainD(edgeBot).replace("M", "L")}" fill="none"/>`,
    `<path d="${chainD(edgeBot)}" fill="none" stroke="${bindDark}" stroke-width="30"/>`,
    `<path d="${chainD(edgeBot)}" fill="none" stroke="${p.binding}" stroke-width="24"/>`,
    `<path d="${chainD(edgeBot)}" fill="none" stroke="#fff" stroke-opacity=".28" stroke-width="5" transform="translate(0 -6)" filter="url(#${blur(doc, 2)})"/>`,
    `<path d="${chainD(edgeTop)}" fill="none" stroke="${bindDark}" stroke-width="26"/>`,
    `<path d="${chainD(edgeTop)}" fill="none" stroke="${mix(p.binding, "#000", 0.2)}" stroke-width="20"/>`,
    `<path d="${chainD(zip)}" fill="none" stroke="${p.tape}" stroke-width="58"/>`,
    `<path d="${chainD(zip)}" fill="none" stroke="#fff" stroke-opacity=".06" stroke-width="58" stroke-dasharray="1 2"/>`,
    `<path d="${chainD(zip)}" fill="none" stroke="#000" stroke-opacity=".5" stroke-width="24" transform="translate(1 3)" stroke-dasharray="7 4.5"/>`,
    `<path d="${chainD(zip)}" fill="none" stroke="url(#${brass(doc)})" stroke-width="22" stroke-dasharray="7 4.5"/>`,
    `<path d="${chainD(zip)}" fill="none" stroke="#fff8e0" stroke-opacity=".55" stroke-width="3" stroke-dasharray="7 4.5" transform="translate(0 -7)"/>`,
  );
  // slider + long leather pull lying on the fabric
  const z = cubicAt(zip, 0.63);
  doc.add(
    s`<g transform="translate(${z.x} ${z.y}) rotate(${deg(z.a)})">` +
      s`<g transform="rotate(${84 - deg(z.a)})">` +
      `<path d="M16-16L250-20Q282 0 250 20L16 16Z" fill="#140a03" fill-opacity=".45" transform="translate(16 22)" filter="url(#${b6})"/>` +
      `<path d="M18-15L250-19Q283 0 250 19L18 15Q4 0 18-15Z" fill="${p.binding}" stroke="${bindDark}" stroke-width="2"/>` +
      `<path d="M18-15L250-19Q283 0 250 19L18 15Q4 0 18-15Z" fill="url(#${linear(doc, [[0, "#fff", 0.22], [0.5, "#fff", 0], [1, "#000", 0.3]])})"/>` +
      `<path d="M40-9L248-12Q266 0 248 12L40 9" fill="none" stroke="${p.stitch}" stroke-width="2.2" stroke-dasharray="7 5" opacity=".85"/>` +
      `<circle cx="16" r="14" fill="none" stroke="#3b2a10" stroke-opacity=".5" stroke-width="8" transform="translate(3 4)"/>` +
      `<circle cx="16" r="14" fill="none" stroke="url(#${brass(doc)})" stroke-width="7"/></g>` +
      `<path d="M-55-30H30Q52-30 52 0Q52 30 30 30H-55Q-66 0-55-30Z" fill="#140a03" fill-opacity=".4" transform="translate(8 12)" filter="url(#${b6})"/>` +
      `<path d="M-55-30H30Q52-30 52 0Q52 30 30 30H-55Q-66 0-55-30Z" fill="url(#${brass(doc)})" stroke="#5e4418" stroke-width="2"/>` +
      `<path d="M-46-18H32Q40-18 40-8" fill="none" stroke="#fff6d8" stroke-opacity=".7" stroke-width="4" stroke-linecap="round"/>` +
      `<path d="M-40 14H30" stroke="#5e4418" stroke-opacity=".45" stroke-width="3" stroke-linecap="round"/></g>`,
  );
  doc.add("</g>", `<rect width="1000" height="1250" fill="url(#${vig})"/>`, grain(doc, { opacity: 0.05 }));
  return doc;
}

/** Satin dust bag with a gathered drawstring top, lying flat. */
function dustBag(doc, x, y, rot, k = 1) {
  const body = "M-150-232C-190-200-230-172-230-120V228Q-230 270-188 270H188Q230 270 230 228V-120C230-172 190-200 150-232Z";
  let head = "M-150-232L-186-290";
  for (let i = 0; i < 7; i++) {
    const x0 = -186 + i * 53;
    head += s`Q${x0 + 13}-${304} ${x0 + 26}-293Q${x0 + 40}-306 ${x0 + 53}-${i === 6 ? 290 : 293}`;
  }
  head += "L150-232Z";
  const satin = linear(
    doc,
    [
      [0, "#d5c09c"], [0.18, "#efe3cd"], [0.3, "#fdf8ee"], [0.43, "#e0cdae"],
      [0.6, "#f6eddd"], [0.78, "#d0b993"], [1, "#e8d9be"],
    ],
    { x1: 0, y1: 0, x2: 1, y2: 0.8 },
  );
  const headG = linear(doc, [[0, "#f5ecdb"], [0.5, "#dcc8a6"], [1, "#f2e7d2"]], { x1: 0, y1: 0, x2: 1, y2: 0 });
  const clip = doc.id("c");
  doc.def(`<clipPath id="${clip}"><path d="${body}"/></clipPath>`);
  let gathers = "";
  for (let i = -5; i <= 5; i++) {
    const x0 = i * 26;
    const x1 = i * 46;
    gathers += s`<path d="M${x0}-230C${x0}-180 ${x1}-130 ${x1 * 1.05}-40" stroke="${i % 2 ? "#fffdf6" : "#9c8058"}" stroke-opacity="${i % 2 ? 0.5 : 0.28}" stroke-width="${i % 2 ? 10 : 8}"/>`;
  }
  const b = blur(doc, 7);
  return (
    s`<g transform="translate(${x} ${y}) rotate(${rot}) scale(${k})">` +
    `<g transform="translate(10 16)" filter="url(#${blur(doc, 12)})" fill="#3b2614" fill-opacity=".3"><path d="${body}"/><path d="${head}"/></g>` +
    `<path d="${body}" fill="url(#${satin})"/>` +
    `<g clip-path="url(#${clip})" fill="none" stroke-linecap="round"><g filter="url(#${b})">${gathers}` +
    '<path d="M-200 120C-80 60 60 170 220 90" stroke="#fffcf3" stroke-opacity=".45" stroke-width="16"/>' +
    '<path d="M-200 150C-80 90 60 200 220 120" stroke="#8c7150" stroke-opacity=".16" stroke-width="14"/></g>' +
    '<path d="M-230-140V228Q-230 270-188 270H188" stroke="#7b6140" stroke-opacity=".25" stroke-width="8" filter="url(#' + blur(doc, 4) + ')"/></g>' +
    `<path d="${body}" fill="none" stroke="#bda47e" stroke-width="1.5"/>` +
    `<path d="M-214-118V222Q-214 254-184 254H184Q214 254 214 222V-118" fill="none" stroke="#c4ad88" stroke-width="1.2" stroke-dasharray="5 4"/>` +
    `<path d="${head}" fill="url(#${headG})" stroke="#bda47e" stroke-width="1.2"/>` +
    '<path d="M-120-285L-110-240M-60-288L-55-238M0-290V-236M60-288L55-238M120-285L110-240" stroke="#a88c63" stroke-opacity=".45" stroke-width="3" filter="url(#' + blur(doc, 2) + ')"/>' +
    // drawstring cord with two ends trailing
    '<path d="M-156-236Q0-222 156-236" fill="none" stroke="#8f7550" stroke-width="9"/>' +
    '<path d="M-156-236Q0-222 156-236" fill="none" stroke="#cdb48a" stroke-width="6" stroke-dasharray="3 2"/>' +
    '<path d="M150-236C210-250 260-210 250-150M152-232C230-220 270-170 300-150" fill="none" stroke="#3b2614" stroke-opacity=".25" stroke-width="8" transform="translate(5 8)" filter="url(#' + blur(doc, 3) + ')"/>' +
    '<path d="M150-236C210-250 260-210 250-150M152-232C230-220 270-170 300-150" fill="none" stroke="#8f7550" stroke-width="8"/>' +
    '<path d="M150-236C210-250 260-210 250-150M152-232C230-220 270-170 300-150" fill="none" stroke="#d2ba91" stroke-width="5" stroke-dasharray="3 2"/>' +
    `<circle cx="250" cy="-146" r="9" fill="url(#${brass(doc)})"/><circle cx="302" cy="-148" r="9" fill="url(#${brass(doc)})"/>` +
    "</g>"
  );
}

/** 4 — open, showing the cotton lining; strap laid out with its buckle; satin dust bag. */
function productInside(model) {
  const doc = new Doc(1000, 1250);
  backdrop(doc, { spot: [0.45, 0.4], tone: 0.2 });
  doc.add(dustBag(doc, 480, 500, -6, 0.82));
  const t = { x: 545, y: 935, r: 6, k: 1.08 };
  const L = bagPoint(BAG.tipL, t);
  const R = bagPoint(BAG.tipR, t);
  const loop = [L, [L[0] - 90, L[1] - 40], [60, 680], [70, 460], [80, 220], [290, 80], [520, 85], [760, 90], [945, 260], [940, 500], [935, 700], [R[0] + 50, R[1] - 80], R];
  doc.add(strapWithBuckle(doc, model, loop, { seg: 2, tb: 0.3, w: 34, shadow: { dx: 6, dy: 9, sd: 5, op: 0.3 } }));
  doc.add(bagShadow(doc, t, { dx: 12, dy: 18, sd: 12, op: 0.42 }));
  doc.add(bag(doc, model, t, { open: true, pull: 200 }));
  doc.add(grain(doc, { opacity: 0.035 }));
  return doc;
}

const PRODUCT_VIEWS = [productFront, productStyled, productDetail, productInside];

/* ------------------------------------------------------------------------ */
/* Hero still life (1600 × 1000)                                             */
/* ------------------------------------------------------------------------ */

/** Honed travertine texture: warm beige with horizontal veins and small pits. */
function travertine(doc) {
  return doc.once("travertine", () => {
    const id = doc.id("v");
    const r = rng(5);
    let veins = "";
    for (let i = 0; i < 5; i++) {
      const y = 10 + i * 26 + r() * 12;
      const x0 = r() * 120;
      veins += s`<path d="M${x0} ${y}C${x0 + 40} ${y - 2} ${x0 + 70} ${y + 3} ${x0 + 110 + r() * 80} ${y + 1}" fill="none" stroke="${i % 2 ? "#cdb996" : "#f6eee1"}" stroke-opacity=".55" stroke-width="${0.5 + r() * 1.2}" stroke-linecap="round"/>`;
    }
    let pits = "";
    for (let i = 0; i < 60; i++) {
      const x = r() * 240;
      const y = r() * 140;
      pits += s`<ellipse cx="${x}" cy="${y}" rx="${0.6 + r() * 3}" ry="${0.4 + r() * 0.9}" fill="#a8916c" fill-opacity="${0.25 + r() * 0.35}"/>`;
    }
    doc.def(`<pattern id="${id}" width="240" height="140" patternUnits="userSpaceOnUse"><rect width="240" height="140" fill="#e6d9c3"/>${veins}${pits}</pattern>`);
    return id;
  });
}

/** A travertine plinth: front face x0..x1 from top to bottom, top face `depth` deep. */
function plinth(doc, x0, x1, top, bottom, depth = 26) {
  const tex = travertine(doc);
  const face = linear(doc, [[0, "#fff", 0.12], [0.6, "#000", 0], [1, "#3b2614", 0.18]], { x1: 0, y1: 0, x2: 1, y2: 0 });
  const faceV = linear(doc, [[0, "#000", 0], [1, "#3b2614", 0.12]]);
  return (
    // cast shadow on the floor, thrown to the right by the window light
    s`<path d="M${x1 - 10} ${bottom}L${x1 + 120} ${bottom - 40}L${x1 + 150} ${bottom + 10}L${x0 + 40} ${bottom + 22}Z" fill="#3b2614" fill-opacity=".2" filter="url(#${blur(doc, 16)})"/>` +
    s`<path d="M${x0 - 6} ${bottom}H${x1 + 10}" stroke="#3b2614" stroke-opacity=".35" stroke-width="10" filter="url(#${blur(doc, 5)})"/>` +
    s`<path d="M${x0} ${top}H${x1}V${bottom}H${x0}Z" fill="url(#${tex})"/>` +
    s`<path d="M${x0} ${top}H${x1}V${bottom}H${x0}Z" fill="url(#${face})"/><path d="M${x0} ${top}H${x1}V${bottom}H${x0}Z" fill="url(#${faceV})"/>` +
    s`<path d="M${x0 + 12} ${top - depth}H${x1 + 12}L${x1} ${top}H${x0}Z" fill="url(#${tex})"/>` +
    s`<path d="M${x0 + 12} ${top - depth}H${x1 + 12}L${x1} ${top}H${x0}Z" fill="#fffaf0" fill-opacity=".45"/>` +
    s`<path d="M${x0} ${top}H${x1}" stroke="#fffaf0" stroke-opacity=".8" stroke-width="1.5"/>`
  );
}

/** Terracotta vase with a few stems of dried pampas grass. */
function vase(doc, x, y, k = 1) {
  const body = "M-30-150C-32-120-24-110-46-80C-88-20-78 60-40 92H40C78 60 88-20 46-80C24-110 32-120 30-150Z";
  const shade = linear(doc, [[0, "#fff", 0.2], [0.35, "#fff", 0], [0.75, "#000", 0.22], [1, "#000", 0.42]], { x1: 0, y1: 0, x2: 1, y2: 0 });
  const r = rng(8);
  let stems = "";
  let plumes = "";
  for (let i = 0; i < 5; i++) {
    const a = ((-34 + i * 17 + r() * 6) * Math.PI) / 180;
    const len = 330 + r() * 140;
    const ex = Math.sin(a) * len;
    const ey = -140 - Math.cos(a) * len;
    const mx = Math.sin(a) * len * 0.45 + (r() - 0.5) * 20;
    const my = -140 - len * 0.5;
    stems += s`<path d="M0-140Q${mx} ${my} ${ex} ${ey}" stroke="#b99a68" stroke-width="2.4" fill="none"/>`;
    // plume: soft overlapping tufts along the last third of the stem
    for (let j = 0; j < 8; j++) {
      const u = 0.66 + j * 0.045;
      const px = (1 - u) * (1 - u) * 0 + 2 * (1 - u) * u * mx + u * u * ex;
      const py = (1 - u) * (1 - u) * -140 + 2 * (1 - u) * u * my + u * u * ey;
      plumes += s`<ellipse cx="${px}" cy="${py}" rx="${13 - j * 0.5}" ry="${30 - j * 1.5}" transform="rotate(${(a * 180) / Math.PI} ${px} ${py})" fill="${j % 2 ? "#e2cda6" : "#cfb281"}" fill-opacity=".85"/>`;
    }
  }
  return (
    s`<g transform="translate(${x} ${y}) scale(${k})">` +
    `<ellipse cx="40" cy="92" rx="100" ry="14" fill="#3b2614" fill-opacity=".3" filter="url(#${blur(doc, 10)})"/>` +
    stems +
    `<g filter="url(#${blur(doc, 5)})" opacity=".9">${plumes}</g>` +
    `<path d="${body}" fill="${TERRACOTTA}"/><path d="${body}" fill="url(#${shade})"/>` +
    '<path d="M-36-150H36" stroke="#8c3c1c" stroke-width="10" stroke-linecap="round"/><path d="M-32-154H32" stroke="#e08a5c" stroke-opacity=".5" stroke-width="2"/>' +
    '<path d="M-74 0C-40 10 40 10 74 0" stroke="#fff" stroke-opacity=".12" stroke-width="3" fill="none"/></g>'
  );
}

function hero() {
  const doc = new Doc(1600, 1000);
  backdrop(doc, { spot: [0.68, 0.35], spotR: 0.7, grainOp: 0.04 });
  // floor: a slightly deeper tone below the sweep's curve
  const floor = linear(doc, [[0, "#e9dfcf", 0], [0.2, "#e6dac7", 0.8], [1, "#dccdb5", 1]]);
  doc.add(`<rect y="700" width="1600" height="300" fill="url(#${floor})"/>`);
  // arched window light on the wall
  doc.add(
    `<g filter="url(#${blur(doc, 26)})" opacity=".7"><path d="M1180 640V230A150 150 0 0 1 1480 230V640Z" fill="#fffaf2" transform="skewX(-8)"/></g>`,
  );
  const face = ({ model, t, depth }, tb) => {
    const L = bagPoint(BAG.tipL, t);
    const R = bagPoint(BAG.tipR, t);
    const low = t.y + depth * 0.7;
    const pts = [L, [L[0] - 8, low - 40], [t.x - 90, low], [t.x, low], [t.x + 90, low], [R[0] + 8, low - 40], R];
    return strapWithBuckle(doc, model, pts, { seg: 0, tb, w: 18, tail: 0.25, shadow: { dx: 4, dy: 6, sd: 3, op: 0.3 } });
  };
  const A = { model: "aicha", t: { x: 1045, y: 330, k: 0.56 }, depth: 300 };
  const N = { model: "nadia", t: { x: 1345, y: 512, r: -2, k: 0.5 }, depth: 240 };
  // back to front
  doc.add(vase(doc, 1500, 740, 0.9));
  doc.add(plinth(doc, 895, 1190, 422, 820));
  doc.add(face(A, 0.55));
  doc.add(bagShadow(doc, A.t, { dx: 10, dy: 4, sd: 6, op: 0.35 }));
  doc.add(bag(doc, A.model, A.t, { pull: 95, fabricScale: 1.6 }));
  doc.add(plinth(doc, 1165, 1500, 592, 840, 22));
  doc.add(face(N, 0.5));
  doc.add(bagShadow(doc, N.t, { dx: 10, dy: 4, sd: 6, op: 0.35 }));
  doc.add(bag(doc, N.model, N.t, { pull: 95, fabricScale: 1.6 }));

  // bilin: standing on the floor, leaning on the tall plinth, strap propped up behind it
  {
    const t = { x: 800, y: 752, r: -6, k: 0.54 };
    const arc = [[-300, -62], [-340, -330], [-170, -470], [0, -470], [170, -470], [340, -330], [300, -62]].map((q) => bagPoint(q, t));
    doc.add(s`<ellipse cx="${t.x + 40}" cy="${t.y + 82}" rx="190" ry="22" fill="#3b2614" fill-opacity=".3" filter="url(#${blur(doc, 12)})"/>`);
    doc.add(strapWithBuckle(doc, "bilin", arc, { seg: 0, tb: 0.6, w: 18, tail: 0.2, shadow: { dx: 10, dy: 6, sd: 5, op: 0.25 } }));
    doc.add(bag(doc, "bilin", t, { pull: 95, fabricScale: 1.6 }));
  }
  // ilian: lying flat on the floor in front, strap coiled around it (seen in perspective)
  {
    const cx = 1250;
    const cy = 905;
    const t = { x: cx, y: cy, r: 4, k: 0.56 };
    const L = bagPoint(BAG.tipL, t);
    const R = bagPoint(BAG.tipR, t);
    const loop = [L, [L[0] - 90, L[1] - 20], [cx - 230, cy - 190], [cx - 20, cy - 200], [cx + 200, cy - 210], [R[0] + 110, R[1] - 80], R];
    doc.add(
      s`<g transform="translate(0 ${cy}) scale(1 .62) translate(0 -${cy})">` +
        strapWithBuckle(doc, "ilian", loop, { seg: 1, tb: 0.35, w: 19, tail: 0.2, shadow: { dx: 4, dy: 8, sd: 3, op: 0.35 } }) +
        bagShadow(doc, t, { dx: 8, dy: 14, sd: 8, op: 0.45 }) +
        bag(doc, "ilian", t, { pull: 110, fabricScale: 1.6 }) +
        "</g>",
    );
  }
  return doc;
}

/* ------------------------------------------------------------------------ */
/* Magazine illustrations (1600 × 900)                                       */
/* ------------------------------------------------------------------------ */

/** Oiled oak: long wavy grain lines. */
function oak(doc) {
  return doc.once("oak", () => {
    const id = doc.id("o");
    const r = rng(21);
    let g = "";
    for (let i = 0; i < 22; i++) {
      const y = r() * 80;
      const a = 2 + r() * 5;
      g += s`<path d="M0 ${y}C130 ${y - a} 270 ${y + a} 400 ${y}C530 ${y - a} 670 ${y + a} 800 ${y}" fill="none" stroke="${r() > 0.35 ? "#6b4322" : "#d9a974"}" stroke-opacity="${0.12 + r() * 0.22}" stroke-width="${0.5 + r() * 1.6}"/>`;
    }
    doc.def(`<pattern id="${id}" width="800" height="80" patternUnits="userSpaceOnUse"><rect width="800" height="80" fill="#a87448"/>${g}</pattern>`);
    return id;
  });
}

/** A bolt of fabric lying on its side: body from x0 to x1, centre line y, radius r. */
function bolt(doc, model, x0, x1, y, r, { scale = 0.8, unroll = 0 } = {}) {
  const p = MODELS[model];
  const fab = fabric(doc, model, { scale, x: x0, y: y - r });
  const cyl = linear(
    doc,
    [[0, "#fff", 0.1], [0.22, "#fff", 0.28], [0.45, "#fff", 0], [0.8, "#000", 0.25], [1, "#120904", 0.55]],
    { y1: y - r, y2: y + r, user: true },
  );
  const body = s`M${x0} ${y - r}H${x1}A${r * 0.4} ${r} 0 0 1 ${x1} ${y + r}H${x0}Z`;
  let out = s`<ellipse cx="${(x0 + x1) / 2 + 20}" cy="${y + r - 2}" rx="${(x1 - x0) / 2 + 30}" ry="10" fill="#2a1608" fill-opacity=".45" filter="url(#${blur(doc, 8)})"/>`;
  out += `<path d="${body}" fill="url(#${fab})"/><path d="${body}" fill="url(#${cyl})"/>`;
  out += s`<path d="M${x0 + 10} ${y - r * 0.55}H${x1 + r * 0.2}" stroke="#fff" stroke-opacity=".22" stroke-width="${r * 0.12}" stroke-linecap="round" filter="url(#${blur(doc, 3)})"/>`;
  // end grain of the roll: concentric layers and the cardboard tube
  let rings = "";
  for (let i = 1; i <= 9; i++) rings += s`<ellipse cx="${x0}" cy="${y}" rx="${r * 0.4 * (1 - i * 0.07)}" ry="${r * (1 - i * 0.07)}" fill="none" stroke="${i % 3 ? p.groundLo : p.groundHi}" stroke-opacity=".45" stroke-width=".9"/>`;
  out +=
    s`<ellipse cx="${x0}" cy="${y}" rx="${r * 0.4}" ry="${r}" fill="${mix(p.ground, "#fff", 0.08)}"/>` +
    rings +
    s`<ellipse cx="${x0}" cy="${y}" rx="${r * 0.4}" ry="${r}" fill="url(#${doc.once("endSh", () => linear(doc, [[0, "#fff", 0.25], [1, "#000", 0.3]], { x1: 0, y1: 0, x2: 0.4, y2: 1 }))})"/>` +
    s`<ellipse cx="${x0}" cy="${y}" rx="${r * 0.16}" ry="${r * 0.36}" fill="#c9a979" stroke="#a48455" stroke-width="1.5"/><ellipse cx="${x0 + 1}" cy="${y}" rx="${r * 0.1}" ry="${r * 0.26}" fill="#5a3e22"/>`;
  if (unroll) {
    // the loose end unrolled towards the viewer and hanging over the table edge
    const e = unroll; // y of the table's front edge
    const flat = s`M${x0 + 30} ${y + r - 4}H${x1 - 10}L${x1 + 14} ${e}H${x0 + 6}Z`;
    const hang = s`M${x0 + 6} ${e}H${x1 + 14}L${x1 + 12} ${e + 140}Q${(x0 + x1) / 2} ${e + 150} ${x0 + 8} ${e + 140}Z`;
    const fab2 = fabric(doc, model, { scale: scale * 1.05, x: x0, y: y + r });
    const sh = linear(doc, [[0, "#000", 0.4], [0.3, "#000", 0], [1, "#fff", 0.1]]);
    out +=
      `<path d="${flat}" fill="url(#${fab2})"/><path d="${flat}" fill="url(#${sh})"/>` +
      `<path d="${hang}" fill="url(#${fab2})"/><path d="${hang}" fill="#1a0d05" fill-opacity=".32"/>` +
      s`<path d="M${x0 + 6} ${e}H${x1 + 14}" stroke="#fff" stroke-opacity=".35" stroke-width="3"/>`;
  }
  return out;
}

/** A pinked-edge fabric swatch, centred at (x, y). */
function swatch(doc, model, x, y, rot, size = 190) {
  const h = size / 2;
  const teeth = 14;
  let d = "";
  const edge = (ax, ay, bx, by, nx, ny) => {
    for (let i = 0; i < teeth; i++) {
      const t0 = i / teeth;
      const tm = (i + 0.5) / teeth;
      d += s`L${lerp(ax, bx, t0)} ${lerp(ay, by, t0)}L${lerp(ax, bx, tm) + nx * 4} ${lerp(ay, by, tm) + ny * 4}`;
    }
  };
  edge(-h, -h, h, -h, 0, -1);
  edge(h, -h, h, h, 1, 0);
  edge(h, h, -h, h, 0, 1);
  edge(-h, h, -h, -h, -1, 0);
  d = `M${d.slice(1)}Z`;
  return (
    s`<g transform="translate(${x} ${y}) rotate(${rot})">` +
    `<path d="${d}" fill="#2a1608" fill-opacity=".35" transform="translate(5 7)" filter="url(#${blur(doc, 5)})"/>` +
    `<path d="${d}" fill="url(#${fabric(doc, model, { scale: 0.9 })})"/>` +
    `<path d="${d}" fill="url(#${doc.once("swSheen", () => linear(doc, [[0, "#fff", 0.16], [0.5, "#fff", 0], [1, "#000", 0.14]], { x2: 1, y2: 1 }))})"/></g>`
  );
}

function magazineFabrics() {
  const doc = new Doc(1600, 900);
  const wall = linear(doc, [[0, "#dccab1"], [1, "#e8dac6"]], { x1: 0, y1: 0, x2: 1, y2: 0.3 });
  doc.add(`<rect width="1600" height="900" fill="url(#${wall})"/>`);
  doc.add(`<rect width="1600" height="900" fill="url(#${radial(doc, [[0, "#fffaf2", 0.7], [1, "#fffaf2", 0]], { cx: 0.7, cy: 0.25, r: 0.6 })})"/>`);
  // soft window light falling across the wall
  doc.add(
    `<g filter="url(#${blur(doc, 24)})" opacity=".9"><path d="M780 0H1060L1330 540H1070Z" fill="#fffbf3"/><path d="M1150 0H1320L1600 420V560Z" fill="#fffbf3"/></g>`,
    `<path d="M0 470L1600 430V560L0 600Z" fill="url(#${linear(doc, [[0, "#3b2614", 0], [1, "#3b2614", 0.22]])})"/>`,
  );
  // the loom in the background (slightly out of focus)
  const wood = "#6f4a2c";
  const warpCols = ["#f3e9d6", "#f3e9d6", "#c98a3c", "#f3e9d6", TERRACOTTA, "#f3e9d6", "#1e8c9c"];
  const warps = warpCols.map(() => "");
  for (let x = 150, i = 0; x <= 610; x += 5, i++) {
    const c = Math.floor(i / 4) % warpCols.length;
    warps[c] += `M${x} 56V${x % 2 ? 330 : 332}`;
  }
  doc.add(
    `<g filter="url(#${blur(doc, 1.8)})">` +
      `<path d="M70 600H690L700 620H60Z" fill="#3b2614" fill-opacity=".15"/>` +
      `<path d="M150 50H614V340H150Z" fill="#3b2614" fill-opacity=".18"/>` +
      warpCols.map((c, i) => `<path d="${warps[i]}" stroke="${c}" stroke-width="2.2"/>`).join("") +
      // heddle bar with its string loops
      `<path d="M140 150H620" stroke="#8a6440" stroke-width="12"/><path d="M140 146H620" stroke="#fff" stroke-opacity=".25" stroke-width="2"/>` +
      `<path d="M140 212H620" stroke="#8a6440" stroke-width="8"/>` +
      `<path d="M150 150V212M170 150V212M190 150V212M210 150V212M230 150V212M250 150V212M270 150V212M290 150V212M310 150V212M330 150V212M350 150V212M370 150V212M390 150V212M410 150V212M430 150V212M450 150V212M470 150V212M490 150V212M510 150V212M530 150V212M550 150V212M570 150V212M590 150V212M610 150V212" stroke="#d9c7a4" stroke-opacity=".6" stroke-width="1.2"/>` +
      `<path d="M146 330H614V450H146Z" fill="url(#${fabric(doc, "nadia", { scale: 0.55, x: 146, y: 330 })})"/>` +
      `<path d="M146 330H614V345H146Z" fill="#000" fill-opacity=".14"/><path d="M146 330H614" stroke="#f3e9d6" stroke-width="3"/>` +
      // shuttle resting on the woven part
      `<path d="M250 318Q330 306 410 318Q330 330 250 318Z" fill="#a87448" stroke="#5a3a20" stroke-width="1.5"/>` +
      `<path d="M120 40H640" stroke="${wood}" stroke-width="22"/><path d="M110 456H650" stroke="${wood}" stroke-width="26"/><path d="M110 446H650" stroke="#fff" stroke-opacity=".12" stroke-width="4"/>` +
      `<path d="M100 0V610M660 0V610" stroke="${wood}" stroke-width="32"/><path d="M90 0V610M650 0V610" stroke="#fff" stroke-opacity=".14" stroke-width="6"/>` +
      `<path d="M112 0V610M672 0V610" stroke="#000" stroke-opacity=".2" stroke-width="8"/>` +
      `</g>`,
    `<rect width="1600" height="900" fill="url(#${linear(doc, [[0, "#e9dccb", 0.2], [0.5, "#e9dccb", 0]], { x1: 0, y1: 0, x2: 1, y2: 0 })})"/>`,
  );
  // table top + front edge
  const top = "M0 560L1600 520V800H0Z";
  doc.add(
    `<path d="${top}" fill="url(#${oak(doc)})"/>`,
    `<path d="${top}" fill="url(#${linear(doc, [[0, "#000", 0.3], [0.2, "#000", 0], [0.75, "#fff", 0.08], [1, "#000", 0.1]])})"/>`,
    `<path d="M0 560L1600 520" stroke="#fff" stroke-opacity=".25" stroke-width="2"/>`,
    `<path d="M0 800H1600V900H0Z" fill="url(#${oak(doc)})"/><path d="M0 800H1600V900H0Z" fill="#1d0f06" fill-opacity=".45"/>`,
    `<path d="M0 800H1600" stroke="#f3d9b5" stroke-opacity=".45" stroke-width="3"/>`,
  );
  // bolts, back to front
  doc.add(bolt(doc, "ilian", 820, 1420, 470, 58, { scale: 0.8 }));
  doc.add(bolt(doc, "aicha", 760, 1340, 560, 62, { scale: 0.8 }));
  doc.add(bolt(doc, "nadia", 880, 1500, 585, 60, { scale: 0.75, unroll: 0 }));
  doc.add(bolt(doc, "bilin", 640, 1230, 680, 66, { scale: 0.8, unroll: 800 }));
  // swatches fanned on the table
  doc.add(swatch(doc, "ilian", 300, 640, -14), swatch(doc, "nadia", 375, 660, 4), swatch(doc, "aicha", 450, 680, 17));
  // brass tailoring scissors
  doc.add(
    `<g transform="translate(205 760) rotate(-24)">` +
      `<g transform="translate(6 9)" opacity=".35" filter="url(#${blur(doc, 4)})" fill="#2a1608"><path d="M0-7L170-2L170 2L0 7Z"/><circle cx="-40" cy="-22" r="24"/><circle cx="-40" cy="22" r="24"/></g>` +
      `<path d="M-4-6L172-1.5L172 0L-4 2Z" fill="#c9c3b6" stroke="#8d877b" stroke-width=".8"/><path d="M-4 6L172 1.5L172 0L-4-2Z" fill="#e6e1d6" stroke="#8d877b" stroke-width=".8"/>` +
      `<path d="M-40-22m-24 0a24 24 0 1 0 48 0a24 24 0 1 0-48 0ZM-40-22m-15 0a15 15 0 1 1 30 0a15 15 0 1 1-30 0Z" fill-rule="evenodd" fill="url(#${brass(doc)})" stroke="#5e4418" stroke-width="1"/>` +
      `<path d="M-40 22m-24 0a24 24 0 1 0 48 0a24 24 0 1 0-48 0ZM-40 22m-15 0a15 15 0 1 1 30 0a15 15 0 1 1-30 0Z" fill-rule="evenodd" fill="url(#${brass(doc)})" stroke="#5e4418" stroke-width="1"/>` +
      `<path d="M-20-12L2-4M-20 12L2 4" stroke="url(#${brass(doc)})" stroke-width="9" stroke-linecap="round"/><circle cx="4" r="4" fill="#e9d08c" stroke="#5e4418"/></g>`,
  );
  // spool of terracotta thread
  doc.add(
    `<g transform="translate(1490 700)"><ellipse cx="14" cy="62" rx="56" ry="12" fill="#2a1608" fill-opacity=".35" filter="url(#${blur(doc, 6)})"/>` +
      `<path d="M-40 -48H40V48H-40Z" fill="${TERRACOTTA}"/><path d="M-40 -48H40V48H-40Z" fill="url(#${linear(doc, [[0, "#000", 0.3], [0.35, "#fff", 0.2], [1, "#000", 0.35]], { x2: 1, y2: 0 })})"/>` +
      `<path d="M-40-40H40M-40-30H40M-40-20H40M-40-10H40M-40 0H40M-40 10H40M-40 20H40M-40 30H40M-40 40H40" stroke="#6d2a12" stroke-opacity=".35" stroke-width="1"/>` +
      `<path d="M-48-58H48V-48H-48ZM-48 48H48V58H-48Z" fill="#c9a66f"/><path d="M-48-58H48V-54H-48Z" fill="#fff" fill-opacity=".3"/></g>`,
  );
  doc.add(grain(doc, { opacity: 0.04 }));
  return doc;
}

/** A folded white linen shirt, top-down. */
function shirt(doc, x, y, rot) {
  const base = "#efe7da";
  const body = "M-205-238Q-205-252-190-252H190Q205-252 205-238V268Q205 282 190 282H-190Q-205 282-205 268Z";
  const clip = doc.id("c");
  doc.def(`<clipPath id="${clip}"><path d="${body}"/></clipPath>`);
  const tex = linen(doc, base);
  const collarL = "M-86-262C-80-218-48-182-4-160L-2-214C-34-222-60-240-70-268Z";
  const soft = blur(doc, 10);
  let buttons = "";
  for (const by of [-140, -50, 40, 130, 220]) {
    buttons += s`<circle cx="1" cy="${by + 2}" r="8" fill="#3b2614" fill-opacity=".25"/><circle cy="${by}" r="7.5" fill="#f8f4ec" stroke="#d3c6b0" stroke-width="1"/><circle cx="-2.2" cy="${by}" r="1.2" fill="#b9ab93"/><circle cx="2.2" cy="${by}" r="1.2" fill="#b9ab93"/>`;
  }
  return (
    s`<g transform="translate(${x} ${y}) rotate(${rot})">` +
    `<path d="${body}" fill="#3b2614" fill-opacity=".28" transform="translate(14 20)" filter="url(#${blur(doc, 14)})"/>` +
    `<path d="${body}" fill="url(#${tex})"/>` +
    `<g clip-path="url(#${clip})"><rect x="-210" y="-260" width="420" height="550" filter="url(#${slub(doc)})" opacity=".45"/>` +
    // folded sleeves: soft ridges along both sides, a few wrinkles
    `<g fill="none" filter="url(#${soft})"><path d="M-170-250V280M170-250V280" stroke="#fff" stroke-opacity=".6" stroke-width="18"/>` +
    `<path d="M-150-250V280M150-250V280" stroke="#6b5334" stroke-opacity=".16" stroke-width="14"/>` +
    `<path d="M-120 60C-60 90 40 70 120 110M-140-80C-80-60-40-90 40-70" stroke="#6b5334" stroke-opacity=".1" stroke-width="16"/>` +
    `<path d="M-120 40C-60 70 40 50 120 90" stroke="#fff" stroke-opacity=".5" stroke-width="14"/></g>` +
    `<path d="M-186-250V280M186-250V280" stroke="#cbbda4" stroke-width="1.2" stroke-dasharray="4 3"/>` +
    `<path d="M0 282H205V240Q120 260 0 250Z" fill="#3b2614" fill-opacity=".05"/></g>` +
    // yoke seam + placket
    `<path d="M-205-200Q0-185 205-200" fill="none" stroke="#cbbda4" stroke-width="1.2" stroke-dasharray="4 3"/>` +
    `<path d="M-19-200V282M19-200V282" stroke="#c9bba2" stroke-width="1.4"/><path d="M-14-200V282M14-200V282" stroke="#d6c9b3" stroke-width="1" stroke-dasharray="4 3"/>` +
    buttons +
    // collar: inside of the neck, then the two points
    `<path d="M-74-258Q0-222 74-258Q0-286-74-258Z" fill="#d8ccb7"/><path d="M-74-258Q0-222 74-258" fill="none" stroke="#bfae90" stroke-width="2"/>` +
    `<g filter="url(#${blur(doc, 3)})" fill="#3b2614" fill-opacity=".25" transform="translate(4 6)"><path d="${collarL}"/><path d="${collarL}" transform="scale(-1 1)"/></g>` +
    `<path d="${collarL}" fill="url(#${tex})" stroke="#cdbfa6" stroke-width="1.3"/><path d="${collarL}" fill="url(#${tex})" stroke="#cdbfa6" stroke-width="1.3" transform="scale(-1 1)"/>` +
    `<path d="M-74-252C-68-218-42-188-10-170M74-252C68-218 42-188 10-170" fill="none" stroke="#d6c9b3" stroke-width="1" stroke-dasharray="4 3"/>` +
    `<circle cy="-196" r="6" fill="#f8f4ec" stroke="#d3c6b0"/>` +
    "</g>"
  );
}

/** A wide-brimmed straw hat seen from above. */
function strawHat(doc, x, y, R = 290) {
  const rc = R * 0.5;
  let braid = "";
  const tones = ["#dcbc7c", "#cfa862", "#e8cf98", "#c79d58"];
  for (let r = rc + 8, i = 0; r < R - 4; r += 8.5, i++) {
    braid += s`<circle r="${r}" fill="none" stroke="${tones[i % 4]}" stroke-width="8.6" stroke-dasharray="${5 + (i % 3)} 2" transform="rotate(${i * 17})"/>`;
  }
  let crown = "";
  for (let r = 10, i = 0; r < rc; r += 8.5, i++) {
    crown += s`<circle r="${r}" fill="none" stroke="${tones[(i + 1) % 4]}" stroke-width="8.6" stroke-dasharray="${5 + (i % 3)} 2" transform="rotate(${i * 23})"/>`;
  }
  const brimShade = radial(doc, [[0.45, "#000", 0.28], [0.6, "#000", 0.05], [0.85, "#fff", 0.1], [1, "#000", 0.2]], { cx: 0.5, cy: 0.5, r: 0.5 });
  const crownShade = radial(doc, [[0, "#fff", 0.35], [0.6, "#fff", 0], [1, "#2a1608", 0.45]], { cx: 0.38, cy: 0.36, r: 0.7 });
  return (
    s`<g transform="translate(${x} ${y})">` +
    s`<circle r="${R}" fill="#2a1608" fill-opacity=".3" transform="translate(22 30)" filter="url(#${blur(doc, 18)})"/>` +
    s`<circle r="${R}" fill="#d7b472"/>${braid}<circle r="${R}" fill="url(#${brimShade})"/>` +
    s`<circle r="${R - 3}" fill="none" stroke="#b68c4a" stroke-width="5"/>` +
    s`<circle r="${rc + 14}" fill="#2a1608" fill-opacity=".35" transform="translate(10 14)" filter="url(#${blur(doc, 9)})"/>` +
    // ribbon band and a knot
    s`<circle r="${rc + 6}" fill="${TERRACOTTA}"/><circle r="${rc + 6}" fill="url(#${crownShade})"/>` +
    s`<g transform="rotate(38) translate(${rc + 4} 0)"><path d="M0-16C30-30 44-8 70 10L56 20C40 6 24-2 0 10Z" fill="#9c4321"/><path d="M0 10C30 8 44 30 58 52L44 56C34 38 20 24 0 16Z" fill="#a84a25"/><rect x="-10" y="-14" width="20" height="28" rx="5" fill="#b4532a"/></g>` +
    s`<circle r="${rc - 4}" fill="#d7b472"/>${crown}<circle r="${rc - 4}" fill="url(#${crownShade})"/>` +
    "</g>"
  );
}

/** Tortoiseshell sunglasses, folded, seen from above. */
function sunglasses(doc, x, y, rot) {
  const tort = doc.once("tortoise", () => {
    const id = doc.id("T");
    const r = rng(3);
    let spots = "";
    for (let i = 0; i < 18; i++) spots += s`<ellipse cx="${r() * 40}" cy="${r() * 40}" rx="${2 + r() * 5}" ry="${1 + r() * 3}" fill="${r() > 0.5 ? "#2a140a" : "#c98a3c"}" fill-opacity=".75"/>`;
    doc.def(`<pattern id="${id}" width="40" height="40" patternUnits="userSpaceOnUse"><rect width="40" height="40" fill="#6b3a1a"/>${spots}</pattern>`);
    return id;
  });
  const lens = linear(doc, [[0, "#5a4636"], [0.5, "#2b211b"], [1, "#1a120d"]], { x1: 0, y1: 0, x2: 0.3, y2: 1 });
  const frame = "M-62-48Q-10-52-6-8Q-8 44-56 48Q-104 50-110 4Q-112-44-62-48Z";
  const inner = "M-62-38Q-20-41-16-8Q-18 34-56 38Q-94 40-100 4Q-102-35-62-38Z";
  const one = (sx) => `<g transform="scale(${sx} 1)"><path d="${frame}${inner}" fill-rule="evenodd" fill="url(#${tort})" stroke="#2a140a" stroke-width="1"/><path d="${inner}" fill="url(#${lens})" fill-opacity=".92"/><path d="M-88-18Q-74-32-50-30" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="4" stroke-linecap="round"/></g>`;
  return (
    s`<g transform="translate(${x} ${y}) rotate(${rot})">` +
    `<g transform="translate(10 14)" filter="url(#${blur(doc, 7)})" fill="#2a1608" fill-opacity=".35"><path d="${frame}"/><path d="${frame}" transform="scale(-1 1)"/><path d="M-116-8H116V4H-116Z"/></g>` +
    // folded temples seen through the lenses
    `<path d="M-112-20H104M112-12H-100" stroke="url(#${tort})" stroke-width="7" stroke-linecap="round"/>` +
    one(1) +
    one(-1) +
    `<path d="M-10-20Q0-30 10-20" fill="none" stroke="url(#${tort})" stroke-width="8"/>` +
    `<circle cx="-108" cy="-30" r="2.5" fill="#e2c27c"/><circle cx="108" cy="-30" r="2.5" fill="#e2c27c"/></g>`
  );
}

function magazineStyle() {
  const doc = new Doc(1600, 900);
  backdrop(doc, { spot: [0.35, 0.3], spotR: 0.8, tone: 0.45 });
  doc.add(olive(doc, 40, 110, 12, 1.2));
  doc.add(shirt(doc, 330, 480, -7));
  doc.add(strawHat(doc, 1300, 300, 270));
  const t = { x: 820, y: 590, r: -14, k: 0.82 };
  const L = bagPoint(BAG.tipL, t);
  const R = bagPoint(BAG.tipR, t);
  const loop = [L, [L[0] - 40, L[1] - 120], [620, 200], [800, 180], [960, 160], [1010, 300], [1016, 380], [1022, 450], [R[0] + 20, R[1] - 70], R];
  doc.add(strapWithBuckle(doc, "aicha", loop, { seg: 1, tb: 0.3, w: 30, shadow: { dx: 6, dy: 9, sd: 5, op: 0.3 } }));
  doc.add(bagShadow(doc, t, { dx: 14, dy: 20, sd: 12, op: 0.45 }));
  doc.add(bag(doc, "aicha", t, { pull: 100 }));
  doc.add(`<g transform="translate(1230 715) scale(1.3) translate(-1230 -715)">${sunglasses(doc, 1230, 715, 12)}</g>`);
  // a terracotta leather notebook sliding off the frame
  doc.add(
    `<g transform="translate(1500 850) rotate(-18)"><path d="M-120-90H140V160H-120Z" fill="#2a1608" fill-opacity=".3" transform="translate(10 14)" filter="url(#${blur(doc, 8)})"/>` +
      `<path d="M-120-90H140V160H-120Z" fill="${TERRACOTTA}"/><path d="M-120-90H140V160H-120Z" fill="url(#${linear(doc, [[0, "#fff", 0.15], [1, "#000", 0.2]], { x2: 1, y2: 1 })})"/>` +
      `<path d="M100-90V160" stroke="#2b211b" stroke-width="8"/><path d="M-110-80H130V150H-110Z" fill="none" stroke="#fff" stroke-opacity=".25" stroke-dasharray="5 4"/></g>`,
  );
  doc.add(grain(doc, { opacity: 0.035 }));
  return doc;
}

/* ------------------------------------------------------------------------ */
/* Lettering — outlines read from the site's own typeface                   */
/* ------------------------------------------------------------------------ */

/**
 * Minimal WOFF 1.0 + TrueType `glyf` reader: enough to turn a few capitals of
 * Cormorant Garamond (SIL OFL, a development dependency of the web app) into SVG
 * path data, so the wordmark needs no font at display time.
 */
function loadFont(file) {
  const buf = fs.readFileSync(file);
  if (buf.toString("latin1", 0, 4) !== "wOFF") throw new Error(`not a WOFF file: ${file}`);
  const numTables = buf.readUInt16BE(12);
  const tables = {};
  for (let i = 0; i < numTables; i++) {
    const o = 44 + i * 20;
    const tag = buf.toString("latin1", o, o + 4);
    const off = buf.readUInt32BE(o + 4);
    const comp = buf.readUInt32BE(o + 8);
    const orig = buf.readUInt32BE(o + 12);
    const raw = buf.subarray(off, off + comp);
    tables[tag] = comp < orig ? zlib.inflateSync(raw) : raw;
  }
  const head = tables.head;
  const unitsPerEm = head.readUInt16BE(18);
  const longLoca = head.readInt16BE(50) === 1;
  const numHMetrics = tables.hhea.readUInt16BE(34);
  const hmtx = tables.hmtx;
  const loca = tables.loca;
  const glyf = tables.glyf;

  // cmap: Windows Unicode BMP, format 4
  const cmap = tables.cmap;
  let sub = -1;
  for (let i = 0; i < cmap.readUInt16BE(2); i++) {
    const pid = cmap.readUInt16BE(4 + i * 8);
    const eid = cmap.readUInt16BE(6 + i * 8);
    const off = cmap.readUInt32BE(8 + i * 8);
    if (((pid === 3 && eid === 1) || pid === 0) && cmap.readUInt16BE(off) === 4) sub = off;
  }
  if (sub < 0) throw new Error("no format-4 cmap");
  const segX2 = cmap.readUInt16BE(sub + 6);
  const ends = sub + 14;
  const starts = ends + segX2 + 2;
  const deltas = starts + segX2;
  const ranges = deltas + segX2;
  const glyphIndex = (code) => {
    for (let i = 0; i < segX2 / 2; i++) {
      const end = cmap.readUInt16BE(ends + i * 2);
      if (code > end) continue;
      const start = cmap.readUInt16BE(starts + i * 2);
      if (code < start) return 0;
      const delta = cmap.readInt16BE(deltas + i * 2);
      const ro = cmap.readUInt16BE(ranges + i * 2);
      if (!ro) return (code + delta) & 0xffff;
      const g = cmap.readUInt16BE(ranges + i * 2 + ro + (code - start) * 2);
      return g ? (g + delta) & 0xffff : 0;
    }
    return 0;
  };
  const glyphOffset = (g) =>
    longLoca ? [loca.readUInt32BE(g * 4), loca.readUInt32BE(g * 4 + 4)] : [loca.readUInt16BE(g * 2) * 2, loca.readUInt16BE(g * 2 + 2) * 2];
  const advance = (g) => hmtx.readUInt16BE(Math.min(g, numHMetrics - 1) * 4);

  /** Contours of glyph g as arrays of {x, y, on}. */
  function contours(g) {
    const [start, end] = glyphOffset(g);
    if (end <= start) return [];
    let p = start;
    const n = glyf.readInt16BE(p);
    p += 10;
    if (n < 0) {
      // composite glyph: components with x/y offsets only (enough for Latin capitals)
      const out = [];
      let more = true;
      while (more) {
        const flags = glyf.readUInt16BE(p);
        const gi = glyf.readUInt16BE(p + 2);
        p += 4;
        let dx;
        let dy;
        if (flags & 1) {
          dx = glyf.readInt16BE(p);
          dy = glyf.readInt16BE(p + 2);
          p += 4;
        } else {
          dx = glyf.readInt8(p);
          dy = glyf.readInt8(p + 1);
          p += 2;
        }
        if (flags & 8) p += 2;
        else if (flags & 0x40) p += 4;
        else if (flags & 0x80) p += 8;
        for (const c of contours(gi)) out.push(c.map((q) => ({ ...q, x: q.x + dx, y: q.y + dy })));
        more = !!(flags & 0x20);
      }
      return out;
    }
    const endPts = [];
    for (let i = 0; i < n; i++, p += 2) endPts.push(glyf.readUInt16BE(p));
    const count = endPts[n - 1] + 1;
    p += 2 + glyf.readUInt16BE(p);
    const flags = [];
    while (flags.length < count) {
      const f = glyf[p++];
      flags.push(f);
      if (f & 8) for (let r = glyf[p++]; r > 0; r--) flags.push(f);
    }
    const coord = (short, same) => {
      const vals = [];
      let v = 0;
      for (const f of flags) {
        if (f & short) v += (f & same ? 1 : -1) * glyf[p++];
        else if (!(f & same)) {
          v += glyf.readInt16BE(p);
          p += 2;
        }
        vals.push(v);
      }
      return vals;
    };
    const xs = coord(2, 16);
    const ys = coord(4, 32);
    const out = [];
    let s0 = 0;
    for (const e of endPts) {
      const c = [];
      for (let i = s0; i <= e; i++) c.push({ x: xs[i], y: ys[i], on: !!(flags[i] & 1) });
      out.push(c);
      s0 = e + 1;
    }
    return out;
  }

  /** SVG path data for `text`, baseline at y=0, `size` px per em, extra `tracking` (em). */
  function layout(text, { size = 100, tracking = 0, x = 0, y = 0 } = {}) {
    const k = size / unitsPerEm;
    let pen = 0;
    let d = "";
    const boxes = [];
    for (const ch of text) {
      const g = glyphIndex(ch.codePointAt(0));
      let minX = Infinity;
      let maxX = -Infinity;
      for (const c of contours(g)) {
        const P = (q) => [x + (pen + q.x) * k, y - q.y * k];
        let startIdx = c.findIndex((q) => q.on);
        let first;
        if (startIdx < 0) {
          first = { x: (c[0].x + c[1].x) / 2, y: (c[0].y + c[1].y) / 2, on: true };
          startIdx = 0;
        } else first = c[startIdx];
        d += s`M${P(first)[0]} ${P(first)[1]}`;
        let ctrl = null;
        for (let i = 1; i <= c.length; i++) {
          const q = c[(startIdx + i) % c.length];
          minX = Math.min(minX, q.x);
          maxX = Math.max(maxX, q.x);
          if (q.on) {
            d += ctrl ? s`Q${P(ctrl)[0]} ${P(ctrl)[1]} ${P(q)[0]} ${P(q)[1]}` : s`L${P(q)[0]} ${P(q)[1]}`;
            ctrl = null;
          } else {
            if (ctrl) {
              const m = { x: (ctrl.x + q.x) / 2, y: (ctrl.y + q.y) / 2 };
              d += s`Q${P(ctrl)[0]} ${P(ctrl)[1]} ${P(m)[0]} ${P(m)[1]}`;
            }
            ctrl = q;
          }
        }
        if (ctrl) d += s`Q${P(ctrl)[0]} ${P(ctrl)[1]} ${P(first)[0]} ${P(first)[1]}`;
        d += "Z";
      }
      boxes.push({ ch, x0: x + (pen + minX) * k, x1: x + (pen + maxX) * k });
      pen += advance(g) + tracking * unitsPerEm;
    }
    return { d, width: (pen - tracking * unitsPerEm) * k, boxes };
  }
  return { layout, unitsPerEm };
}

function serif(weight = 500) {
  const pkg = path.dirname(require.resolve("@fontsource/cormorant-garamond/package.json", { paths: [WEB] }));
  return loadFont(path.join(pkg, "files", `cormorant-garamond-latin-${weight}-normal.woff`));
}

/** Rough bounding box of path data (control points included). */
function bbox(d) {
  const n = d.match(/-?\d*\.?\d+/g).map(Number);
  const xs = n.filter((_, i) => i % 2 === 0);
  const ys = n.filter((_, i) => i % 2 === 1);
  return { x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) };
}

/** Crescent: disc (cx, cy, R) minus a disc of radius r offset by (dx, dy). */
function crescent(cx, cy, R, r, dx, dy) {
  const dd = Math.hypot(dx, dy);
  const a = (dd * dd + R * R - r * r) / (2 * dd);
  const h = Math.sqrt(R * R - a * a);
  const ux = dx / dd;
  const uy = dy / dd;
  const mx = cx + ux * a;
  const my = cy + uy * a;
  const p1 = [mx - uy * h, my + ux * h];
  const p2 = [mx + uy * h, my - ux * h];
  return s`M${p1[0]} ${p1[1]}A${R} ${R} 0 1 1 ${p2[0]} ${p2[1]}A${r} ${r} 0 0 0 ${p1[0]} ${p1[1]}Z`;
}

/** The SOULS wordmark with a small crescent resting in the O. */
function logo() {
  const font = serif(500);
  const size = 100;
  const tracking = 0.24;
  const b = bbox(font.layout("SOULS", { size, tracking }).d);
  const pad = 3;
  const { d, boxes } = font.layout("SOULS", { size, tracking, x: pad - b.x0, y: pad - b.y0 });
  const w = b.x1 - b.x0 + pad * 2;
  const h = b.y1 - b.y0 + pad * 2;
  const o = boxes[1];
  const moon = crescent((o.x0 + o.x1) / 2, h / 2, 9.5, 8.2, 4.6, -3);
  return (
    s`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${Math.round(w * 2)}" height="${Math.round(h * 2)}" role="img" aria-label="SOULS">` +
    `<title>SOULS</title><path d="${d}" fill="${INK}"/><path d="${moon}" fill="${TERRACOTTA}"/></svg>\n`
  );
}

/** The S monogram, centred in a square of `size` px. */
function monogram(size, { bg = IVORY, fg = TERRACOTTA, radius = 0.2, ring = false } = {}) {
  const font = serif(600);
  const em = size * 1.12;
  const { d } = font.layout("S", { size: em });
  const b = bbox(d);
  const dx = size / 2 - (b.x0 + b.x1) / 2;
  const dy = size / 2 - (b.y0 + b.y1) / 2;
  const { d: d2 } = font.layout("S", { size: em, x: dx, y: dy });
  const r = size * radius;
  const ringEl = ring
    ? s`<rect x="${size * 0.07}" y="${size * 0.07}" width="${size * 0.86}" height="${size * 0.86}" rx="${r * 0.7}" fill="none" stroke="${fg}" stroke-opacity=".35" stroke-width="${Math.max(1, size / 64)}"/>`
    : "";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}">` +
    s`<rect width="${size}" height="${size}" rx="${r}" fill="${bg}"/>${ringEl}<path d="${d2}" fill="${fg}"/></svg>\n`
  );
}

/** The wordmark as paths, centred on x with its baseline at y. */
function wordmark(x, y, size, color = INK) {
  const font = serif(500);
  const tracking = 0.24;
  const { width } = font.layout("SOULS", { size, tracking });
  const { d, boxes } = font.layout("SOULS", { size, tracking, x: x - width / 2, y });
  const o = boxes[1];
  const capMid = y - size * 0.33;
  const k = size / 100;
  return `<path d="${d}" fill="${color}"/><path d="${crescent((o.x0 + o.x1) / 2, capMid, 9.5 * k, 8.2 * k, 4.6 * k, -3 * k)}" fill="${TERRACOTTA}"/>`;
}

/** Open Graph card: one bag on the ivory sweep with the wordmark. */
function socialCard() {
  const doc = new Doc(512, 512);
  backdrop(doc, { spot: [0.5, 0.4], grainOp: 0 });
  const t = { x: 256, y: 268, k: 0.62 };
  const L = bagPoint(BAG.tipL, t);
  const R = bagPoint(BAG.tipR, t);
  const arc = [L, [L[0] - 10, L[1] - 90], [180, 40], [256, 40], [332, 40], [R[0] + 10, R[1] - 90], R];
  doc.add(
    `<g transform="translate(16 20)" filter="url(#${blur(doc, 12)})" opacity=".2"><path d="${chainD(arc)}" fill="none" stroke="#3b2614" stroke-width="20"/>` +
      s`<path d="${BAG.out}" transform="translate(${t.x} ${t.y}) scale(${t.k})" fill="#3b2614"/></g>`,
  );
  doc.add(strapWithBuckle(doc, "aicha", arc, { seg: 0, tb: 0.55, w: 20, shadow: null }));
  doc.add(bag(doc, "aicha", t, { pull: 95 }));
  doc.add(wordmark(256, 452, 52));
  return doc;
}

/** Render SVG strings to PNG files with Playwright's Chromium. */
async function renderPngs(jobs) {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const out = [];
  try {
    const page = await browser.newPage();
    for (const { rel, svg, size } of jobs) {
      await page.setViewportSize({ width: size, height: size });
      const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
      await page.setContent(`<!doctype html><html><body style="margin:0"><img src="${src}" width="${size}" height="${size}" style="display:block"></body></html>`);
      await page.waitForLoadState("load");
      const file = path.join(PUBLIC, rel);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      await page.screenshot({ path: file, clip: { x: 0, y: 0, width: size, height: size } });
      out.push({ rel, bytes: fs.statSync(file).size });
    }
  } finally {
    await browser.close();
  }
  return out;
}

/* ------------------------------------------------------------------------ */
/* Output                                                                    */
/* ------------------------------------------------------------------------ */

function write(rel, content) {
  const file = path.join(PUBLIC, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return { rel, bytes: Buffer.byteLength(content) };
}

async function main() {
  const only = process.env.ARTWORK_ONLY ? new RegExp(process.env.ARTWORK_ONLY) : null;
  const want = (rel) => !only || only.test(rel);
  const written = [];
  for (const model of MODEL_IDS) {
    PRODUCT_VIEWS.forEach((view, i) => {
      const rel = `images/products/${model}-${i + 1}.svg`;
      if (want(rel)) written.push(write(rel, view(model).toString()));
    });
  }
  if (want("images/magazine/moroccan-fabrics.svg")) written.push(write("images/magazine/moroccan-fabrics.svg", magazineFabrics().toString()));
  if (want("images/magazine/fanny-pack-style.svg")) written.push(write("images/magazine/fanny-pack-style.svg", magazineStyle().toString()));
  if (want("images/hero.svg")) written.push(write("images/hero.svg", hero().toString()));
  if (want("images/logo.svg")) written.push(write("images/logo.svg", logo()));
  if (want("favicon.svg")) written.push(write("favicon.svg", monogram(64)));
  const pngs = [
    { rel: "images/social-share.png", svg: socialCard().toString(), size: 512 },
    { rel: "apple-touch-icon.png", svg: monogram(180, { radius: 0 }), size: 180 },
  ].filter((j) => want(j.rel));
  if (pngs.length && process.env.ARTWORK_SKIP_PNG !== "1") written.push(...(await renderPngs(pngs)));
  for (const w of written) console.log(`${String(w.bytes).padStart(7)}  public/${w.rel}`);
}

await main();

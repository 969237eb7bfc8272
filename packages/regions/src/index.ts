// Region tree (R19, R20): typed access to the generated regions.json. See ../README.md.

/** 0 top level (provinces and the national 100000 node), 1 city, 2 district. */
export type RegionLevel = 0 | 1 | 2;

export interface RegionNode {
  /** Always 6 digits. */
  code: string;
  name: string;
  /** Depth in the tree; not stored in the JSON, derived on load. */
  level: RegionLevel;
  /** Absent on leaves. */
  children?: RegionNode[];
  /** Abolished division users still meet (shown as （已撤销）, still selectable). */
  historical?: boolean;
  /** Earlier names, searchable (e.g. 襄阳市 ← 襄樊市). */
  formerNames?: string[];
}

/** Wire format of regions.json (kept compact: it is shipped to the browser). */
export interface RawRegion {
  c: string;
  n: string;
  h?: 1;
  f?: string[];
  ch?: RawRegion[];
}

export const NATIONAL_CODE = '100000';
export const HISTORICAL_SUFFIX = '（已撤销）';

export function toRegionTree(raw: readonly RawRegion[], level = 0): RegionNode[] {
  return raw.map((r) => {
    const node: RegionNode = { code: r.c, name: r.n, level: Math.min(level, 2) as RegionLevel };
    if (r.h) node.historical = true;
    if (r.f?.length) node.formerNames = r.f;
    if (r.ch?.length) node.children = toRegionTree(r.ch, level + 1);
    return node;
  });
}

let pending: Promise<RegionNode[]> | undefined;

/**
 * The whole tree, loaded once. The dynamic import makes the bundler emit the data as its own chunk:
 * never import regions.json statically.
 */
export function loadRegions(): Promise<RegionNode[]> {
  pending ??= import('./regions.json').then(
    (m) => toRegionTree((m.default ?? m) as unknown as RawRegion[]),
    (err: unknown) => {
      pending = undefined; // allow a retry after a failed chunk load
      throw err;
    },
  );
  return pending;
}

/**
 * Pad a code with zeros on the right to 6 digits ('43' → '430000', '4301' → '430100');
 * longer codes (towns) are cut to their district. Returns '' for anything that is not digits.
 */
export function padRegionCode(code: string | number | null | undefined): string {
  const s = code == null ? '' : String(code).trim();
  if (!/^\d+$/.test(s)) return '';
  return s.padEnd(6, '0').slice(0, 6);
}

const pathIndex = new WeakMap<readonly RegionNode[], Map<string, RegionNode[]>>();

function indexOf(tree: readonly RegionNode[]): Map<string, RegionNode[]> {
  let index = pathIndex.get(tree);
  if (!index) {
    const built = new Map<string, RegionNode[]>();
    const walk = (list: readonly RegionNode[], ancestors: RegionNode[]) => {
      for (const node of list) {
        const path = [...ancestors, node];
        built.set(node.code, path);
        if (node.children) walk(node.children, path);
      }
    };
    walk(tree, []);
    pathIndex.set(tree, built);
    index = built;
  }
  return index;
}

/** The node with this code (padded first, so '4301' finds 长沙市), or undefined. */
export function findRegion(tree: readonly RegionNode[], code: string | number | null | undefined) {
  return indexOf(tree).get(padRegionCode(code))?.at(-1);
}

/** Nodes from the top level down to the node itself ([] if unknown): the Cascader value path. */
export function regionPath(tree: readonly RegionNode[], code: string | number | null | undefined): RegionNode[] {
  return [...(indexOf(tree).get(padRegionCode(code)) ?? [])];
}

/** A query of digits matches a code prefix; anything else a substring of the name or a former name. */
export function regionMatches(node: RegionNode, query: string): boolean {
  const q = query.trim();
  if (!q) return false;
  if (/^\d+$/.test(q)) return node.code.startsWith(q);
  return node.name.includes(q) || !!node.formerNames?.some((n) => n.includes(q));
}

export interface RegionMatch {
  node: RegionNode;
  /** Top level down to node, inclusive. */
  path: RegionNode[];
}

/** Matches in tree order (parents before children), at most `limit`. */
export function searchRegions(tree: readonly RegionNode[], query: string, limit = 50): RegionMatch[] {
  const out: RegionMatch[] = [];
  if (!query.trim() || limit <= 0) return out;
  for (const path of indexOf(tree).values()) {
    const node = path[path.length - 1];
    if (regionMatches(node, query)) out.push({ node, path });
    if (out.length >= limit) break;
  }
  return out;
}

/**
 * `名称 (子区划数)`: '湖南省 (15)' — the count is of direct children, 本级 entry included.
 * A leaf (no children) is shown by its name alone: '(0)' would carry no information.
 */
export function childCountLabel(node: Pick<RegionNode, 'name' | 'children'>): string {
  const count = node.children?.length ?? 0;
  return count > 0 ? `${node.name} (${count})` : node.name;
}

/** childCountLabel plus （已撤销） on historical nodes. */
export function regionLabel(node: RegionNode): string {
  return childCountLabel(node) + (node.historical ? HISTORICAL_SUFFIX : '');
}

/** The tree cut to `depth` levels (1 provinces, 2 + cities, 3 + districts; R58 default 3). */
export function limitRegionDepth(tree: readonly RegionNode[], depth = 3): RegionNode[] {
  if (depth >= 3) return tree as RegionNode[];
  return tree.map((node) => {
    const { children, ...rest } = node;
    return depth > 1 && children ? { ...rest, children: limitRegionDepth(children, depth - 1) } : rest;
  });
}

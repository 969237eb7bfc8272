import { theme as antdTheme } from 'antd';
import type { MapToken, SeedToken } from 'antd/es/theme/interface';

/**
 * antd's default algorithm (the seed token → the map token: thirteen colour palettes, sizes,
 * radii) with its answer for the portal's theme made at build time. antd derives the map in the
 * browser at the shell's first render, a long task on a phone (docs/performance.md); the build
 * runs the same algorithm on the same seed in Node (scripts/antd-static-styles.mjs renders the
 * first screen) and hands its result here as import.meta.env.HALL_ANTD_MAP_TOKEN. Any other seed
 * (reduced motion, a test, the dev server) is derived as before, so the answer never differs
 * from antd's own.
 */
const built = import.meta.env.HALL_ANTD_MAP_TOKEN as { seed: string; map: MapToken } | undefined;

/** The last seed derived here and its map (what the build records). */
export let lastDerived: { seed: string; map: MapToken } | undefined;

/** Used alone (antd's algorithm list holds only it), so no map comes before it. */
export function firstScreenAlgorithm(seed: SeedToken): MapToken {
  const key = JSON.stringify(seed);
  if (built && key === built.seed) return { ...built.map };
  const derived = antdTheme.defaultAlgorithm(seed);
  lastDerived = { seed: key, map: derived };
  return derived;
}

import { theme as antdTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import { theme } from '@hall/client/theme.ts';
import { firstScreenAlgorithm, lastDerived } from './antd-algorithm';

describe("antd's algorithm answered from the build", () => {
  const seed = { ...antdTheme.defaultSeed, ...theme.token };

  it("gives antd's own map for the portal's seed", () => {
    expect(firstScreenAlgorithm(seed)).toStrictEqual(antdTheme.defaultAlgorithm(seed));
    expect(lastDerived?.seed).toBe(JSON.stringify(seed));
  });

  it('survives the trip through the build as JSON unchanged (antd hashes every key, an undefined one too)', () => {
    const map = antdTheme.defaultAlgorithm(seed);
    expect(JSON.parse(JSON.stringify(map))).toStrictEqual(map);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import {
  childCountLabel,
  findRegion,
  limitRegionDepth,
  loadRegions,
  padRegionCode,
  regionLabel,
  regionPath,
  searchRegions,
  type RegionNode,
} from './index.ts';

let tree: RegionNode[];
const all: RegionNode[] = [];

beforeAll(async () => {
  tree = await loadRegions();
  const walk = (list: RegionNode[]) => {
    for (const n of list) {
      all.push(n);
      if (n.children) walk(n.children);
    }
  };
  walk(tree);
});

const codes = (list?: RegionNode[]) => (list ?? []).map((n) => n.code);

describe('region tree', () => {
  it('starts with 100000 国家医疗保障局, a top-level leaf', () => {
    expect(tree[0]).toEqual({ code: '100000', name: '国家医疗保障局', level: 0 });
  });

  it('has 31 provinces from the data plus 台湾/香港/澳门 from the overrides', () => {
    const provinces = tree.slice(1);
    expect(provinces).toHaveLength(34);
    expect(codes(provinces.slice(-3))).toEqual(['710000', '810000', '820000']);
    expect(provinces.filter((p) => p.children)).toHaveLength(31);
  });

  it('puts the 本级 entries first: 439900 under 湖南省, 430199 under 长沙市', () => {
    const hunan = findRegion(tree, '430000')!;
    expect(hunan.children![0]).toMatchObject({ code: '439900', name: '湖南省本级', level: 1 });
    expect(codes(hunan.children)).toContain('430100');
    expect(hunan.children).toHaveLength(15); // 13 cities + 湘西州 + 本级: the glossary's '湖南省 (15)'
    const changsha = findRegion(tree, '430100')!;
    expect(changsha.children![0]).toMatchObject({ code: '430199', name: '长沙市本级', level: 2 });
  });

  it('keeps every code 6 digits and unique, with no town codes and at most 3 levels', () => {
    expect(all.length).toBeGreaterThan(3500);
    expect(all.every((n) => /^\d{6}$/.test(n.code))).toBe(true);
    expect(new Set(codes(all)).size).toBe(all.length);
    expect(all.every((n) => n.level !== 2 || !n.children)).toBe(true);
  });

  it('keeps municipalities as province > 市辖区 > district, with no 本级 under the grouping', () => {
    expect(codes(findRegion(tree, '110000')!.children)).toEqual(['119900', '110100']);
    const shixia = findRegion(tree, '110100')!;
    expect(shixia.name).toBe('市辖区');
    expect(shixia.children![0]).toMatchObject({ code: '110101', name: '东城区' });
    expect(findRegion(tree, '110199')).toBeUndefined();
    expect(findRegion(tree, '500200')?.name).toBe('县');
  });

  it('keeps development zones as districts and cities without districts as their own node', () => {
    expect(findRegion(tree, '320576')).toMatchObject({ name: '苏州工业园区', level: 2 });
    expect(codes(findRegion(tree, '441900')!.children)).toEqual(['441999']);
  });

  it('applies the overrides: historical entries and former names', () => {
    expect(findRegion(tree, '341400')).toMatchObject({ name: '巢湖市', historical: true, level: 1 });
    expect(findRegion(tree, '340181')).toMatchObject({ name: '巢湖市', level: 2 });
    expect(findRegion(tree, '340181')!.historical).toBeUndefined();
    expect(codes(findRegion(tree, '371200')!.children)).toEqual(['371202', '371203']);
    expect(findRegion(tree, '420600')).toMatchObject({ name: '襄阳市', formerNames: ['襄樊市'] });
  });
});

describe('helpers', () => {
  it('pads codes to 6 digits on the right', () => {
    expect(padRegionCode('43')).toBe('430000');
    expect(padRegionCode(4301)).toBe('430100');
    expect(padRegionCode('430102')).toBe('430102');
    expect(padRegionCode('430102001')).toBe('430102');
    expect(padRegionCode('湖南')).toBe('');
    expect(padRegionCode(undefined)).toBe('');
  });

  it('finds nodes by (padded) code and returns the path of a district', () => {
    expect(findRegion(tree, '4301')?.name).toBe('长沙市');
    expect(codes(regionPath(tree, '430102'))).toEqual(['430000', '430100', '430102']);
    expect(codes(regionPath(tree, '100000'))).toEqual(['100000']);
    expect(regionPath(tree, '999999')).toEqual([]);
  });

  it('searches by code prefix and by name, in tree order, up to the limit', () => {
    expect(codes(searchRegions(tree, '4301', 3).map((m) => m.node))).toEqual(['430100', '430199', '430102']);
    const changsha = searchRegions(tree, '长沙');
    expect(codes(changsha.map((m) => m.node))).toEqual(['430100', '430199', '430121']);
    expect(codes(changsha[2].path)).toEqual(['430000', '430100', '430121']);
    expect(searchRegions(tree, '襄樊')[0].node.code).toBe('420600');
    expect(searchRegions(tree, '  ')).toEqual([]);
  });

  it('labels nodes as 名称 (子区划数), leaves by name alone, historical ones as （已撤销）', () => {
    expect(childCountLabel(findRegion(tree, '430000')!)).toBe('湖南省 (15)');
    expect(childCountLabel(findRegion(tree, '430102')!)).toBe('芙蓉区');
    expect(regionLabel(findRegion(tree, '371200')!)).toBe('莱芜市 (2)（已撤销）');
  });

  it('cuts the tree to a depth', () => {
    const two = limitRegionDepth(tree, 2);
    expect(findRegion(two, '430100')?.children).toBeUndefined();
    expect(findRegion(two, '430102')).toBeUndefined();
    expect(limitRegionDepth(tree, 1).every((n) => !n.children)).toBe(true);
    expect(limitRegionDepth(tree)).toBe(tree);
  });
});

import { describe, expect, it } from 'vitest';
import { ICD10_CHAPTERS, icd10Chapter, icd10ChapterLabel, NO_CHAPTER } from './icd10';

describe('ICD-10 chapters', () => {
  it.each([
    ['A00', 'I'],
    ['B99.x01', 'I'],
    ['C00', 'II'],
    ['D48.900', 'II'],
    ['D50.000', 'III'],
    ['D89', 'III'],
    ['E90', 'IV'],
    ['H59.8', 'VII'],
    ['H60.0', 'VIII'],
    ['H95', 'VIII'],
    ['I21.900x001', 'IX'],
    ['K93', 'XI'],
    ['P96.9', 'XVI'],
    ['S00', 'XIX'],
    ['T98.3', 'XIX'],
    ['U07.1', 'XXII'],
    ['V01', 'XX'],
    ['Y98', 'XX'],
    ['Z99', 'XXI'],
    [' j18.9 ', 'X'],
  ])('%s is in chapter %s', (code, chapter) => expect(icd10Chapter(code)).toBe(chapter));

  it.each(['D49', 'E91', 'H96', 'K94', 'P97', 'T99', 'V00', 'Y99', 'I2', '121', '', null, undefined])('%s is in no chapter', (code) =>
    expect(icd10Chapter(code)).toBe(NO_CHAPTER),
  );

  it('the ranges do not overlap and each names its Roman number once', () => {
    const sorted = [...ICD10_CHAPTERS].sort((a, b) => a.from.localeCompare(b.from));
    for (let i = 1; i < sorted.length; i++) expect(sorted[i - 1].to < sorted[i].from).toBe(true);
    expect(new Set(ICD10_CHAPTERS.map((c) => c.chapter)).size).toBe(22);
    for (const c of ICD10_CHAPTERS) {
      expect(icd10Chapter(c.from)).toBe(c.chapter);
      expect(icd10Chapter(c.to)).toBe(c.chapter);
    }
  });

  it('labels a chapter with its number, name and range; no chapter as 未能归类', () => {
    expect(icd10ChapterLabel('II')).toBe('第II章 肿瘤（C00–D48）');
    expect(icd10ChapterLabel(NO_CHAPTER)).toBe('未能归类');
  });
});

/**
 * The chapters of ICD-10 (WHO, 2019 edition; 国家临床版 2.0 keeps them): the 统计报表's top diagnoses
 * group a settlement's diagnosis code by its chapter. A code's chapter is found by its first letter
 * and two digits ("I21.900x001" → I21 → IX). The database has the same ranges in
 * `hall_icd10_chapter` (migration 0032); reports/report-totals.test.ts checks both agree on every
 * three-character code.
 */
export interface Icd10Chapter {
  /** The chapter's Roman number, the summary tables' key. */
  chapter: string;
  /** First and last three-character code of the chapter, inclusive. */
  from: string;
  to: string;
  name: string;
}

export const ICD10_CHAPTERS: readonly Icd10Chapter[] = [
  { chapter: 'I', from: 'A00', to: 'B99', name: '某些传染病和寄生虫病' },
  { chapter: 'II', from: 'C00', to: 'D48', name: '肿瘤' },
  { chapter: 'III', from: 'D50', to: 'D89', name: '血液及造血器官疾病和涉及免疫机制的某些疾患' },
  { chapter: 'IV', from: 'E00', to: 'E90', name: '内分泌、营养和代谢疾病' },
  { chapter: 'V', from: 'F00', to: 'F99', name: '精神和行为障碍' },
  { chapter: 'VI', from: 'G00', to: 'G99', name: '神经系统疾病' },
  { chapter: 'VII', from: 'H00', to: 'H59', name: '眼和附器疾病' },
  { chapter: 'VIII', from: 'H60', to: 'H95', name: '耳和乳突疾病' },
  { chapter: 'IX', from: 'I00', to: 'I99', name: '循环系统疾病' },
  { chapter: 'X', from: 'J00', to: 'J99', name: '呼吸系统疾病' },
  { chapter: 'XI', from: 'K00', to: 'K93', name: '消化系统疾病' },
  { chapter: 'XII', from: 'L00', to: 'L99', name: '皮肤和皮下组织疾病' },
  { chapter: 'XIII', from: 'M00', to: 'M99', name: '肌肉骨骼系统和结缔组织疾病' },
  { chapter: 'XIV', from: 'N00', to: 'N99', name: '泌尿生殖系统疾病' },
  { chapter: 'XV', from: 'O00', to: 'O99', name: '妊娠、分娩和产褥期' },
  { chapter: 'XVI', from: 'P00', to: 'P96', name: '起源于围生期的某些情况' },
  { chapter: 'XVII', from: 'Q00', to: 'Q99', name: '先天性畸形、变形和染色体异常' },
  { chapter: 'XVIII', from: 'R00', to: 'R99', name: '症状、体征和临床与实验室异常所见，不可归类在他处者' },
  { chapter: 'XIX', from: 'S00', to: 'T98', name: '损伤、中毒和外因的某些其他后果' },
  { chapter: 'XX', from: 'V01', to: 'Y98', name: '疾病和死亡的外因' },
  { chapter: 'XXI', from: 'Z00', to: 'Z99', name: '影响健康状态和与保健机构接触的因素' },
  { chapter: 'XXII', from: 'U00', to: 'U99', name: '用于特殊目的的编码' },
];

/** The key of a code in no chapter (empty, malformed, or in a gap such as H96–H99). */
export const NO_CHAPTER = '';
export const NO_CHAPTER_NAME = '未能归类';

/** The chapter of a diagnosis code, or NO_CHAPTER. Letters are compared upper-case, as the bureau's files vary. */
export function icd10Chapter(code: string | null | undefined): string {
  const head = (code ?? '').trim().slice(0, 3).toUpperCase();
  if (!/^[A-Z]\d\d$/.test(head)) return NO_CHAPTER;
  // Three characters of one shape: string order is code order.
  return ICD10_CHAPTERS.find((c) => c.from <= head && head <= c.to)?.chapter ?? NO_CHAPTER;
}

const NAMES = new Map(ICD10_CHAPTERS.map((c) => [c.chapter, c]));

/** 第IX章 循环系统疾病 (I00–I99); NO_CHAPTER: 未能归类. */
export function icd10ChapterLabel(chapter: string): string {
  const c = NAMES.get(chapter);
  return c ? `第${c.chapter}章 ${c.name}（${c.from}–${c.to}）` : NO_CHAPTER_NAME;
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath, Code, FEMALE_DISEASES, MAJOR_DISEASES } from '@hall/shared';
import { createTestHall, type TestHall } from '../../test/harness';
import { searchDiagnoses } from './diagnoses';
import { chapterOf, DIAGNOSIS_ROWS } from './diagnosis-catalogue';

const codes = (keyword: string, list?: 'major_disease' | 'female_disease') => searchDiagnoses(keyword, list).map((d) => d.code);

describe('the diagnosis catalogue', () => {
  it('holds well-formed ICD-10 codes, once each, every one in a chapter', () => {
    const all = DIAGNOSIS_ROWS.map(([code]) => code);
    expect(all.length).toBeGreaterThan(200);
    expect(new Set(all).size).toBe(all.length);
    for (const [code, name] of DIAGNOSIS_ROWS) {
      expect(code, name).toMatch(/^[A-Z]\d{2}(\.\d)?$/);
      expect(chapterOf(code), code).toBeTruthy();
    }
  });

  it('puts codes in their chapters at the boundaries', () => {
    expect(chapterOf('C34')).toBe('肿瘤');
    expect(chapterOf('D46')).toBe('肿瘤');
    expect(chapterOf('D50')).toBe('血液和免疫疾病');
    expect(chapterOf('H40')).toBe('眼和附器疾病');
    expect(chapterOf('H66')).toBe('耳和乳突疾病');
    expect(chapterOf('T30')).toBe('损伤、中毒和外因的其他后果');
    expect(chapterOf('U07.1')).toBe('特殊目的代码');
    expect(chapterOf('肺')).toBeUndefined();
  });

  it('has a diagnosis for every entry of the scheme lists (a list type can pick each)', () => {
    for (const entry of [...MAJOR_DISEASES, ...FEMALE_DISEASES])
      expect(
        DIAGNOSIS_ROWS.some(([code]) => code.startsWith(entry.code)),
        `${entry.code} ${entry.name}`,
      ).toBe(true);
  });
});

describe('searchDiagnoses', () => {
  it('"肺" finds the lung diseases by name and common words: 肺恶性肿瘤 (肺癌), 肺炎…', () => {
    const found = searchDiagnoses('肺');
    expect(found[0]).toEqual({
      code: 'C34',
      name: '肺恶性肿瘤',
      chapter: '肿瘤',
      aliases: expect.arrayContaining(['肺癌']),
      listEntry: null,
    });
    expect(found.map((d) => d.code)).toEqual(expect.arrayContaining(['C34', 'J18', 'J12', 'J43', 'J44', 'I26', 'A15', 'R91']));
    expect(found.find((d) => d.code === 'J18')).toMatchObject({ name: '肺炎，病原体未特指', chapter: '呼吸系统疾病' });
  });

  it('"肺癌" finds C34 first, by its alias', () => {
    expect(codes('肺癌')[0]).toBe('C34');
  });

  it('a code finds its category by prefix, also typed longer or in lower case', () => {
    expect(codes('C34')).toEqual(['C34']);
    expect(codes('c34.9')).toEqual(['C34']);
    expect(codes('C5')).toEqual(['C50', 'C53', 'C54', 'C56']);
    expect(codes('N18')).toEqual(['N18', 'N18.5']);
  });

  it('common words lead to the disease: 尿毒症, 慢阻肺, 冠心病, 脑梗, 胆结石, 骨折', () => {
    expect(codes('尿毒症')[0]).toBe('N18.5');
    expect(codes('慢阻肺')).toEqual(['J44']);
    expect(codes('冠心病')[0]).toBe('I25');
    expect(codes('脑梗')[0]).toBe('I63');
    expect(codes('胆结石')).toEqual(['K80']);
    expect(codes('骨折')).toEqual(expect.arrayContaining(['S72', 'S82', 'S52', 'M80']));
    expect(codes('copd')).toEqual(['J44']);
  });

  it('several words must all match', () => {
    expect(codes('白血病 淋巴')).toEqual(['C91']);
    expect(codes('肺 无此病')).toEqual([]);
  });

  it('keeps to a scheme list, naming the entry each falls under', () => {
    const major = searchDiagnoses('肺', 'major_disease');
    expect(major.map((d) => d.code)).toEqual(['C34', 'C78']);
    expect(major[0]).toMatchObject({ code: 'C34', listEntry: '恶性肿瘤' });
    expect(codes('尿毒症', 'major_disease')).toEqual(['N18.5']);
    expect(codes('乳腺', 'female_disease')).toEqual(['C50', 'D05']);
    expect(codes('肺炎', 'major_disease')).toEqual([]);
    // Opened before typing: the list's diagnoses by code.
    expect(codes('', 'female_disease')).toEqual(['C50', 'C53', 'C54', 'C56', 'D05', 'D06']);
    expect(codes('')).toEqual([]);
  });
});

describe('POST diagnosisSearch', () => {
  let hall: TestHall;
  let unit: string;
  let person: string;
  beforeAll(async () => {
    hall = await createTestHall();
    unit = (await hall.loginUnit('qydw92101')).data.accessToken;
    person = (await hall.loginPersonal('430102198503150022')).data.accessToken;
  });
  afterAll(() => hall.close());

  it('answers a signed-in unit or worker: code, name, chapter, aliases', async () => {
    const res = await hall.post(ApiPath.diagnosisSearch, { keyword: '肺癌' }, unit);
    expect(res.code, res.message).toBe(Code.OK);
    expect(res.data.list[0]).toMatchObject({ code: 'C34', name: '肺恶性肿瘤', chapter: '肿瘤', listEntry: null });
    const own = await hall.post(ApiPath.diagnosisSearch, { keyword: 'C34', list: 'major_disease' }, person);
    expect(own.data.list).toEqual([expect.objectContaining({ code: 'C34', listEntry: '恶性肿瘤' })]);
  });

  it('refuses a visitor and a bad request', async () => {
    expect((await hall.post(ApiPath.diagnosisSearch, { keyword: '肺' })).code).not.toBe(Code.OK);
    expect((await hall.post(ApiPath.diagnosisSearch, { keyword: '肺', list: 'hardship' }, unit)).code).toBe(Code.FAIL);
    expect((await hall.post(ApiPath.diagnosisSearch, { keyword: '肺'.repeat(41) }, unit)).code).toBe(Code.FAIL);
  });
});

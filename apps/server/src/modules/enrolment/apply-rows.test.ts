import { describe, expect, it } from 'vitest';
import { idCardCheckChar } from '@hall/shared';
import { checkApplyRow, productOf, type RowContext, type RowStaff } from './apply-rows';

const id = (first17: string) => first17 + idCardCheckChar(first17);
const MAN = id('43010219850315001'); // 17th digit odd: male
const WOMAN = id('43010219900712004'); // even: female
const LEFT = id('43010319750101003');
const UNINSURED = id('43010519921108001');
const ELSEWHERE = id('43011119800505001');
const IN_THIS = id('43011219810606001');
const STRANGER = id('43012119820707001');

const staff: Record<string, RowStaff> = {
  [MAN]: { staffId: 1, personId: 11, name: '张伟', gender: '1', insured: true, leftOn: null },
  [WOMAN]: { staffId: 2, personId: 12, name: '王静', gender: '2', insured: true, leftOn: null },
  [LEFT]: { staffId: 3, personId: 13, name: '李强', gender: '1', insured: true, leftOn: '2026-06-30' },
  [UNINSURED]: { staffId: 4, personId: 14, name: '刘洋', gender: '1', insured: false, leftOn: null },
  [ELSEWHERE]: { staffId: 5, personId: 15, name: '陈杰', gender: '1', insured: true, leftOn: null },
  [IN_THIS]: { staffId: 6, personId: 16, name: '杨丽', gender: '1', insured: true, leftOn: null },
};

const ctx = (earlier: Record<string, number> = {}): RowContext => ({
  products: [
    { code: '01', name: '住院医疗互助', maxShares: 3, eligibility: 'all' },
    { code: '02', name: '女职工特殊疾病互助', maxShares: 1, eligibility: 'female' },
    { code: '03', name: '重大疾病互助', maxShares: 2, eligibility: 'all' },
  ],
  staffOf: (certNo) => staff[certNo],
  liveOf: (personId, code) => (personId === 15 && code === '01' ? 'elsewhere' : personId === 16 && code === '01' ? 'this' : undefined),
  earlierRow: (certNo, code) => earlier[`${certNo}|${code}`],
  today: new Date('2026-11-22T01:00:00Z'),
});

const row = (name: string, certNo: string, product: string, shares = '1') => ({ rowNo: 7, name, certNo, product, shares });

describe('checkApplyRow', () => {
  it.each([
    ['a valid row', row('张伟', MAN, '01', '2'), null],
    ['product by name, shares blank = 1', row('王静', WOMAN, '女职工特殊疾病互助', ''), null],
    ['product code without its leading zero', row('张伟', MAN, '3'), null],
    ['lower-case x and spaces in the ID number', row('张伟', ` ${MAN.slice(0, 9)} ${MAN.slice(9)} `, '01'), null],
    ['no name', row(' ', MAN, '01'), '请填写姓名'],
    ['no ID number', row('张伟', '', '01'), '请填写身份证号码'],
    [
      'wrong check character',
      row('张伟', `${MAN.slice(0, 17)}${MAN[17] === '1' ? '2' : '1'}`, '01'),
      '身份证号码不正确（请核对位数、出生日期和末位校验码）',
    ],
    ['ID number too short', row('张伟', '43010219850315', '01'), '身份证号码不正确（请核对位数、出生日期和末位校验码）'],
    [
      'ID number held as a number by the workbook (its last digits lost)',
      { ...row('张伟', MAN, '01'), certNoAsNumber: true },
      '身份证号码须以文本格式填写（数字单元格会丢失末位数字，请将该列设为文本后重新输入）',
    ],
    ['born in the future', row('张伟', id('43010220300101001'), '01'), '身份证号码不正确（请核对位数、出生日期和末位校验码）'],
    ['no product', row('张伟', MAN, ''), '请填写互助项目（编码或名称）'],
    [
      'unknown product',
      row('张伟', MAN, '牙科互助'),
      '互助项目“牙科互助”不存在，可填写：01 住院医疗互助、02 女职工特殊疾病互助、03 重大疾病互助',
    ],
    ['too many shares', row('张伟', MAN, '03', '3'), '份数应为1至2的整数'],
    ['zero shares', row('张伟', MAN, '01', '0'), '份数应为1至3的整数'],
    ['shares not a number', row('张伟', MAN, '01', '两份'), '份数应为1至3的整数'],
    ['never on the roster', row('赵磊', STRANGER, '01'), '不是本单位在册职工，请先在“互助人员管理”中添加'],
    ['left the unit', row('李强', LEFT, '01'), '已于2026-06-30从本单位减员，不能申报'],
    ['name differs from the roster', row('张三', MAN, '01'), '姓名与本单位人员名单不一致（名单中为“张伟”）'],
    ['not insured', row('刘洋', UNINSURED, '01'), '未办理医保参保登记，不能参加互助'],
    ['women-only product for a man', row('张伟', MAN, '02'), '不符合“女职工特殊疾病互助”的参加条件（限女职工）'],
    ['already enrolled in the period by some unit', row('陈杰', ELSEWHERE, '01'), '已在本互助期申报或参加该项目，不能重复申报'],
    ['already in the application imported into', row('杨丽', IN_THIS, '01'), '已在本申请中，无需重复导入'],
    ['another product of the person already enrolled elsewhere is fine', row('陈杰', ELSEWHERE, '03'), null],
  ])('%s', (_label, input, error) => {
    expect(checkApplyRow(input, ctx()).error).toBe(error);
  });

  it('a later row with the same person and product is a duplicate of the first', () => {
    const first = checkApplyRow(row('张伟', MAN, '01'), ctx());
    expect(first.dupKey).toBe(`${MAN}|01`);
    const again = checkApplyRow({ ...row('张伟', MAN, '住院医疗互助'), rowNo: 9 }, ctx({ [first.dupKey!]: 7 }));
    expect(again.error).toBe('与第7行重复（同一人员同一互助项目）');
    expect(again.dupKey).toBeUndefined();
    // The same person with another product is not a duplicate.
    expect(checkApplyRow(row('张伟', MAN, '03'), ctx({ [first.dupKey!]: 7 })).error).toBeNull();
  });

  it('answers the normalised row: code, shares, staff and person', () => {
    expect(checkApplyRow(row('王静', WOMAN.toLowerCase(), '住院医疗互助', '3'), ctx())).toEqual({
      rowNo: 7,
      name: '王静',
      certNo: WOMAN,
      productCode: '01',
      shares: 3,
      error: null,
      dupKey: `${WOMAN}|01`,
      staffId: 2,
      personId: 12,
    });
    const bad = checkApplyRow(row('王静', WOMAN, '牙科', 'x'), ctx());
    expect(bad).toMatchObject({ productCode: '牙科', shares: null });
  });

  it('finds products by code or name', () => {
    const products = ctx().products;
    expect(productOf(products, '02')?.code).toBe('02');
    expect(productOf(products, '2')?.code).toBe('02');
    expect(productOf(products, ' 重大疾病互助 ')?.code).toBe('03');
    expect(productOf(products, '04')).toBeUndefined();
  });
});

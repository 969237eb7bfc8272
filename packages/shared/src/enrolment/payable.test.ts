import { describe, expect, it } from 'vitest';
import { isOverdue, rmbCapital } from './payable';

describe('rmbCapital (人民币大写)', () => {
  it.each([
    [0, '零元整'],
    [1, '壹分'],
    [10, '壹角'],
    [11, '壹角壹分'],
    [100, '壹元整'],
    [101, '壹元零壹分'],
    [110, '壹元壹角'],
    [12345, '壹佰贰拾叁元肆角伍分'],
    [6000, '陆拾元整'],
    [100000, '壹仟元整'],
    [1000010, '壹万元壹角'],
    [1000100, '壹万零壹元整'],
    [10000000, '壹拾万元整'],
    [10100000, '壹拾万壹仟元整'],
    [10010000, '壹拾万零壹佰元整'],
    [100000000, '壹佰万元整'],
    [1000000000000, '壹佰亿元整'],
    [10000000100, '壹亿零壹元整'],
    [10000100000, '壹亿零壹仟元整'],
    [10100000000, '壹亿零壹佰万元整'],
    [1234567891, '壹仟贰佰叁拾肆万伍仟陆佰柒拾捌元玖角壹分'],
    [100500, '壹仟零伍元整'],
    [200000000, '贰佰万元整'],
    [2002000000, '贰仟零贰万元整'],
    [-12345, '负壹佰贰拾叁元肆角伍分'],
  ])('%i fen → %s', (fen, text) => {
    expect(rmbCapital(fen)).toBe(text);
  });

  it('refuses a fraction of a fen', () => {
    expect(() => rmbCapital(1.5)).toThrow(RangeError);
  });
});

describe('isOverdue', () => {
  it('is late only when unpaid and today is after the deadline', () => {
    expect(isOverdue('unpaid', '2026-12-31', '2027-01-01')).toBe(true);
    expect(isOverdue('unpaid', '2026-12-31', '2026-12-31')).toBe(false);
    expect(isOverdue('paid', '2026-12-31', '2027-01-01')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { checkCertNo, checkIdCard, idCardCheckChar, messages, parseIdCard } from './index';
import { TODAY, withIdCheck, withUsccCheck } from './test-support';

// Citizen ID numbers, certificates and credit codes (R41, R42): check characters and parsing.

describe('reference examples carry correct check characters', () => {
  // Worked out with the helpers above: 11010519491231002X → X, 91350100M000100Y43 → 3 (Σ mod 31 = 28),
  // 91110000600037341L → L, 914301000712345650 → 0 (Σ mod 31 = 0, 31 maps to 0).
  it.each(['11010519491231002X', '430102198503150022', '430103199007120044'])('ID %s', (id) => {
    expect(withIdCheck(id.slice(0, 17))).toBe(id);
  });
  it.each(['91350100M000100Y43', '91110000600037341L', '914301000712345650'])('USCC %s', (code) => {
    expect(withUsccCheck(code.slice(0, 17))).toBe(code);
  });
});

describe('parseIdCard', () => {
  it.each([
    ['11010519491231002X', { gender: '2', birthDate: '1949-12-31' }],
    ['11010519491231002x', { gender: '2', birthDate: '1949-12-31' }],
    ['430102198503150022', { gender: '2', birthDate: '1985-03-15' }],
    [withIdCheck('43010219850315001'), { gender: '1', birthDate: '1985-03-15' }],
    [withIdCheck('11010520000229003'), { gender: '1', birthDate: '2000-02-29' }],
    ['11010519491231002Y', null],
    [withIdCheck('11010520230229001'), null],
    [withIdCheck('43010220240616001'), null],
    ['', null],
    [null, null],
  ])('%j → %j', (v, out) => expect(parseIdCard(v, TODAY)).toEqual(out));
  it('uses the current day by default', () => {
    expect(checkIdCard(withIdCheck('43010220990101001'))).toBe(messages.idCard);
    expect(checkIdCard('430102198503150022')).toBeNull();
  });
});

describe('checkCertNo (R42)', () => {
  it.each([
    ['01', '430102198503150022', null],
    ['1', '430102198503150022', null],
    ['01', '430102198503150023', messages.idCard],
    ['1', 'abc', messages.idCard],
    [' 01 ', 'abc', messages.idCard],
    ['01', withIdCheck('43010220240616001'), messages.idCard],
    ['02', '南字第12345678号', null],
    ['03', 'ABCDEFGH', messages.officerCard],
    ['04', 'H12345678', null],
    ['05', 'X1', messages.hkMacaoPass],
    ['06', '12345678', null],
    ['06', '1', messages.taiwanPass],
    ['07', 'x'.repeat(20), null],
    ['99', 'x'.repeat(21), '字段长度不能超过20'],
    ['', 'any text', null],
    ['001', 'abc', null],
    ['01', '', null],
    ['04', null, null],
    ['99', '   ', null],
  ])('type %j, %j → %j', (type, v, out) => expect(checkCertNo(type, v, TODAY)).toBe(out));
});

describe('idCardCheckChar', () => {
  it.each([
    ['11010519491231002', 'X'],
    ['43010219850315002', '2'],
    ['43010319900712004', '4'],
  ])('%s → %s', (first17, check) => {
    expect(idCardCheckChar(first17)).toBe(check);
  });
});

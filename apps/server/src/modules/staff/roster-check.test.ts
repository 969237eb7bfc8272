import { describe, expect, it } from 'vitest';
import { STAFF_MESSAGES, checkRosterRow, maskCertNo, normalizeDay, psnTypeOf } from '@hall/shared';
import { admission } from './staff.service';

const TODAY = '2026-11-22';
const good = {
  name: '李华',
  certNo: '430102198503150022',
  psnType: '在职职工',
  phone: '13807310001',
  bankName: '中国工商银行长沙分行',
  bankCard: '6222 0200 0000 1234 567',
  joinedOn: '2024-03-01',
};

describe('checkRosterRow (the checks a row needs nothing else for)', () => {
  it('a good row is normalised: type code, card digits, upper-case X, ISO day', () => {
    const { row, error } = checkRosterRow({ ...good, certNo: '11010519491231002x', name: '张三' }, TODAY);
    expect(error).toBeNull();
    expect(row).toEqual({
      name: '张三',
      certNo: '11010519491231002X',
      psnType: '1',
      phone: '13807310001',
      bankName: '中国工商银行长沙分行',
      bankCard: '6222020000001234567',
      joinedOn: '2024-03-01',
    });
  });

  it.each([
    ['name missing', { name: '' }, '请填写姓名'],
    ['name with digits', { name: '李华2' }, STAFF_MESSAGES.name],
    ['ID missing', { certNo: '' }, '请填写身份证号码'],
    ['ID check character wrong', { certNo: '430102198503150023' }, '身份证号码不正确（请核对位数、出生日期和末位校验码）'],
    ['ID birth date impossible', { certNo: '430102198502300022' }, '身份证号码不正确（请核对位数、出生日期和末位校验码）'],
    ['ID too short', { certNo: '43010219850315002' }, '身份证号码不正确（请核对位数、出生日期和末位校验码）'],
    ['type missing', { psnType: '' }, '请填写人员类别'],
    ['type unknown', { psnType: '临时工' }, STAFF_MESSAGES.psnType],
    ['phone malformed', { phone: '12345' }, '联系电话不正确（手机号码或带区号的固定电话）'],
    ['card malformed', { bankCard: '6222abc' }, STAFF_MESSAGES.bankCard],
    ['card without bank', { bankName: '' }, STAFF_MESSAGES.bankName],
    ['bank without card', { bankCard: '' }, STAFF_MESSAGES.bankCardMissing],
    ['date missing', { joinedOn: '' }, '请填写入职日期'],
    ['date unreadable', { joinedOn: '2024-13-01' }, STAFF_MESSAGES.joinDate],
    ['date in the future', { joinedOn: '2026-11-23' }, STAFF_MESSAGES.joinFuture],
    ['joined before birth', { joinedOn: '1980-01-01' }, STAFF_MESSAGES.joinBeforeBirth],
  ])('%s', (_case, change, message) => {
    const { error } = checkRosterRow({ ...good, ...change }, TODAY);
    expect(error).toBe(message);
  });

  it('lists every problem of a row at once', () => {
    const { error, row } = checkRosterRow({ name: '', certNo: 'abc', psnType: '外包', joinedOn: '' }, TODAY);
    expect(error).toBe('请填写姓名；身份证号码不正确（请核对位数、出生日期和末位校验码）；' + STAFF_MESSAGES.psnType + '；请填写入职日期');
    expect(row.psnType).toBe('外包'); // what the clerk wrote, for the error report
  });

  it('optional columns may be absent', () => {
    expect(checkRosterRow({ name: '李华', certNo: good.certNo, psnType: '2', joinedOn: '20240301' }, TODAY)).toEqual({
      row: { name: '李华', certNo: good.certNo, psnType: '2', phone: null, bankName: null, bankCard: null, joinedOn: '2024-03-01' },
      error: null,
    });
  });
});

describe('field helpers', () => {
  it.each([
    ['2024-03-01', '2024-03-01'],
    ['2024/3/1', '2024-03-01'],
    ['2024.03.01', '2024-03-01'],
    ['2024年3月1日', '2024-03-01'],
    ['20240301', '2024-03-01'],
    ['45352', '2024-03-01'], // an Excel serial day
    ['2024-02-30', null],
    ['2024-3', null],
    ['昨天', null],
  ])('normalizeDay(%s) = %s', (text, day) => expect(normalizeDay(text)).toBe(day));

  it.each([
    ['1', '1'],
    ['在职', '1'],
    ['退休职工', '2'],
    ['劳模', '3'],
    ['困难职工', '4'],
    ['5', null],
    ['', null],
  ])('psnTypeOf(%s) = %s', (text, code) => expect(psnTypeOf(text)).toBe(code));

  it('masks the ID number', () => expect(maskCertNo('430102198503150022')).toBe('4301**********0022'));
});

describe('admission (registry against hall)', () => {
  it.each([
    ['registered and active', '李华', undefined, { name: '李华', active: true }, null],
    ['registered but inactive', '李华', { name: '李华', insured: true }, { name: '李华', active: false }, STAFF_MESSAGES.notInsured],
    ['not registered, unknown to the hall', '李华', undefined, undefined, STAFF_MESSAGES.notInsured],
    ['not registered, the hall holds insured', '李华', { name: '李华', insured: true }, undefined, null],
    ['another name than registered', '李四', undefined, { name: '李华', active: true }, STAFF_MESSAGES.nameMismatch],
    [
      'another name than the hall holds',
      '李四',
      { name: '李华', insured: true },
      { name: '李四', active: true },
      STAFF_MESSAGES.nameMismatch,
    ],
  ])('%s', (_case, name, person, registry, message) => expect(admission(name, person, registry)).toBe(message));
});

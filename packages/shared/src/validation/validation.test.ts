import { describe, expect, it } from 'vitest';
import {
  checkLoginAccount,
  checkAccount,
  checkContactPhone,
  checkDateNotReported,
  checkDateRange,
  checkDateRequired,
  checkEmail,
  checkHkMacaoPass,
  checkIdCard,
  checkMaxLength,
  checkMobile,
  checkNewPassword,
  checkNumber,
  checkOfficerCard,
  checkPassport,
  checkPassword,
  checkPositiveReal,
  checkPostalCode,
  checkRate,
  checkRegAccount,
  checkRepeatPassword,
  checkRequired,
  checkTaiwanPass,
  checkUscc,
  isBlank,
  messages,
  trimStrings,
} from './index';
import { TODAY, withIdCheck, withUsccCheck } from './test-support';

describe('messages match GLOSSARY.md', () => {
  it.each([
    ['account', '请输入8-20位字符，必须由数字和字母组成'],
    ['regAccount', '请输入2-14位字符，必须包含字母'],
    ['mobile', '请输入正确的手机号码'],
    ['password', '请输入8-16位密码，应由数字和字母组成'],
    ['email', '请输入正确的邮箱地址'],
    ['contactPhone', '请输入正确的联系电话'],
    ['postalCode', '请输入正确的邮政编码'],
    ['number', '请输入正确的数字'],
    ['rate', '请输入正确的费率'],
    ['passport', '请输入正确的护照号码'],
    ['officerCard', '请输入正确的军官证号码'],
    ['hkMacaoPass', '请输入正确的港澳通行证号码'],
    ['taiwanPass', '请输入正确的台湾通行证号码'],
    ['positiveReal', '请输入正实数，最多保留两位小数'],
    ['idCard', '请输入正确的身份证号码'],
    ['uscc', '请输入正确的统一社会信用代码'],
    ['certNo', '请输入正确的证件号码'],
    ['startAfterEnd', '开始时间不能大于结束时间'],
    ['endBeforeStart', '结束时间不能小于开始时间'],
    ['dateReported', '该日期已申报'],
    ['newPasswordEmpty', '新登录密码不能为空'],
    ['passwordFormat', '密码格式错误'],
    ['repeatPasswordEmpty', '请再次输入新密码'],
    ['passwordMismatch', '两次输入密码不一致'],
    ['passwordChanged', '修改成功'],
    ['requestTimeout', '请求超时，请稍后重试'],
  ] as const)('%s', (key, text) => {
    expect(messages[key]).toBe(text);
  });
  it.each([
    [messages.maxLength(20), '字段长度不能超过20'],
    [messages.maxLength(500), '字段长度不能超过500'],
    [messages.selectDate('开始日期'), '请选择开始日期'],
    [messages.required('姓名'), '请输入姓名'],
    [messages.downloadFailed('网络错误'), '下载失败：网络错误'],
  ])('%s', (actual, text) => {
    expect(actual).toBe(text);
  });
});

type Check = (v: unknown) => string | null;
/** [rule, valid inputs, invalid inputs, message when invalid] */
const formatRules: [string, Check, unknown[], unknown[], string][] = [
  [
    'checkAccount',
    checkAccount,
    ['abc12345', 'zhangsan2024', 'A1b2C3d4E5f6G7h8I9j0'],
    ['abcdefgh', '12345678', 'abc1234', 'A1b2C3d4E5f6G7h8I9j0k', 'abc_12345', 'abc 12345', '张三abc12345'],
    messages.account,
  ],
  [
    'checkRegAccount',
    checkRegAccount,
    ['ab', 'a1', 'user_01', 'A1234567890123'],
    ['a', '12', '_1', 'a'.repeat(15), 'ab-c', 'ab c', '张三'],
    messages.regAccount,
  ],
  [
    'checkMobile',
    checkMobile,
    ['13800138000', '19912345678', '16612345678'],
    ['12800138000', '1380013800', '138001380001', '23800138000', '+8613800138000', '138-0013-8000'],
    messages.mobile,
  ],
  [
    'checkPassword',
    checkPassword,
    ['abcdefg1', 'abcdefgh!', 'A1234567', 'abcdefghijklmn12'],
    ['abcdefgh', '12345678', 'abc1234', 'abcdefghijklmn123', 'abcd 1234'],
    messages.password,
  ],
  [
    'checkEmail',
    checkEmail,
    ['user@example.com', 'first.last+tag@mail.example.cn', 'a_b-c@sub-domain.example.org'],
    [
      'user',
      'user@',
      '@example.com',
      'user@example',
      'user@example.c',
      'user..x@example.com',
      'user@-example.com',
      'user name@example.com',
      'user@example.com.',
    ],
    messages.email,
  ],
  [
    'checkContactPhone',
    checkContactPhone,
    ['13800138000', '0731-88888888', '073188888888', '88888888', '8888888', '010-62345678', '0731-88888888-123'],
    ['0731-888', '12345', '0731_88888888', '08888888', 'abc', '1380013800', '0731-88888888-'],
    messages.contactPhone,
  ],
  ['checkPostalCode', checkPostalCode, ['410000', '100101'], ['041000', '41000', '4100000', '41000a'], messages.postalCode],
  ['checkNumber', checkNumber, ['0', '123', '3.50', '0.001', 7], ['-1', '1.', '.5', '1e3', 'abc', '1,000', '+1'], messages.number],
  [
    'checkRate',
    checkRate,
    ['0', '8', '0.5', '12.3456', '99.9999', '100', '100.0000'],
    ['100.01', '101', '-1', '05', '1.23456', 'abc', '1.'],
    messages.rate,
  ],
  [
    'checkPositiveReal',
    checkPositiveReal,
    ['1', '0.01', '0.1', '12.5', '100.25'],
    ['0', '0.00', '-1', '1.234', '01', '.5', 'abc'],
    messages.positiveReal,
  ],
  [
    'checkPassport',
    checkPassport,
    ['E12345678', 'EA1234567', 'G12345678', 'p1234567', '123456789', 'E1234'],
    ['E123', 'ABCDEFGHI', 'E1234567890123456X', 'E-1234567', 'E 12345678', '护照12345'],
    messages.passport,
  ],
  [
    'checkOfficerCard',
    checkOfficerCard,
    ['南字第12345678号', '南字第12345678', '军字第1234号', '12345678', 'A1234567'],
    ['字第12345678号', '南字12345678号', '南字第123号', '12345', 'ABCDEFGH', '1234567890123'],
    messages.officerCard,
  ],
  [
    'checkHkMacaoPass',
    checkHkMacaoPass,
    ['H12345678', 'M1234567890', 'h12345678'],
    ['H1234567', 'H123456789', 'C12345678', '12345678', 'H12345678901'],
    messages.hkMacaoPass,
  ],
  [
    'checkTaiwanPass',
    checkTaiwanPass,
    ['12345678', '1234567890', 'A123456789'],
    ['1234567', '123456789', '12345678901', '1234-5678'],
    messages.taiwanPass,
  ],
  [
    'checkUscc',
    checkUscc,
    [
      '91350100M000100Y43',
      '91110000600037341L',
      '914301000712345650',
      '91350100m000100y43',
      withUsccCheck('12100000400000624'),
      withUsccCheck('5243000050000000X'),
    ],
    [
      '91350100M000100Y44',
      '91110000600037341',
      '91110000600037341LL',
      '91AB0100M000100Y43',
      '91350100M000I00Y43',
      '91350100M000O00Y43',
      '91350100M000S00Y43',
      '91350100M000V00Y43',
      '91350100M000Z00Y43',
      '91350100 M000100Y43',
    ],
    messages.uscc,
  ],
  [
    'checkIdCard (today 2024-06-15)',
    (v) => checkIdCard(v, TODAY),
    [
      '11010519491231002X',
      '11010519491231002x',
      '430102198503150022',
      '430103199007120044',
      withIdCheck('11010520000229001'),
      withIdCheck('43010220240615001'),
      withIdCheck('81000019000101001'),
    ],
    [
      '11010519491231002Y',
      '110105194912310021',
      '430102198503150023',
      '430103199007120045',
      '43010219850315002',
      '4301021985031500222',
      'X30102198503150022',
      '43010219850315002 ',
      withIdCheck('11010519000229001'),
      withIdCheck('11010520230229001'),
      withIdCheck('11010520231301001'),
      withIdCheck('11010520230431001'),
      withIdCheck('11010518991231001'),
      withIdCheck('43010220240616001'),
      withIdCheck('00010519491231002'),
      withIdCheck('99010519491231002'),
      withIdCheck('10010519491231002'),
      withIdCheck('72010519491231002'),
    ],
    messages.idCard,
  ],
];

describe.each(formatRules)('%s', (_name, check, valid, invalid, message) => {
  it.each(valid.map((v) => [v]))('accepts %j', (v) => expect(check(v)).toBeNull());
  it.each(invalid.map((v) => [v]))('rejects %j', (v) => expect(check(v)).toBe(message));
  it.each([[''], ['   '], [null], [undefined]])('skips blank %j', (v) => expect(check(v)).toBeNull());
});

describe('isBlank (R46)', () => {
  it.each(['', ' ', '\t\n', null, undefined, 'NULL', 'null', 'Null', ' NULL ', 'UNDEFINED', 'undefined', '{}', ' {} '])('blank: %j', (v) =>
    expect(isBlank(v)).toBe(true),
  );
  it.each(['a', '0', 0, false, {}, [], 'nil', '{ }', 'NaN', 'null1'])('not blank: %j', (v) => expect(isBlank(v)).toBe(false));
});

describe('checkRequired', () => {
  it.each([
    ['', '请输入姓名'],
    ['NULL', '请输入姓名'],
    [undefined, '请输入姓名'],
    ['张三', null],
  ])('%j → %j', (v, out) => expect(checkRequired(v, '姓名')).toBe(out));
});

describe('trimStrings (R35)', () => {
  it('trims nested strings and keeps non-plain objects by identity', () => {
    const date = new Date(2024, 0, 1);
    const blob = new Blob(['x']);
    const file = new File(['y'], ' a.txt ');
    const form = new FormData();
    const map = new Map([[' k ', ' v ']]);
    class Thing {
      name = ' keep ';
    }
    const thing = new Thing();
    const input = {
      name: '  张三 ',
      n: 1,
      ok: true,
      none: null,
      missing: undefined,
      tags: [' a ', ['  b'], { c: ' c ' }],
      nested: { deep: { text: '\t x \n' }, date, blob, file, form, map, thing },
    };
    const out = trimStrings(input);
    expect(out).toEqual({
      name: '张三',
      n: 1,
      ok: true,
      none: null,
      missing: undefined,
      tags: ['a', ['b'], { c: 'c' }],
      nested: { deep: { text: 'x' }, date, blob, file, form, map, thing },
    });
    for (const key of ['date', 'blob', 'file', 'form', 'map', 'thing'] as const) expect(out.nested[key]).toBe(input.nested[key]);
    expect(thing.name).toBe(' keep ');
    expect(input.name).toBe('  张三 ');
    expect(input.tags[0]).toBe(' a ');
    expect(out.tags).not.toBe(input.tags);
  });
  it.each([
    [' x ', 'x'],
    [3, 3],
    [null, null],
    [undefined, undefined],
    [
      [' a', 1],
      ['a', 1],
    ],
  ])('%j → %j', (v, out) => expect(trimStrings(v)).toEqual(out));
  it('keeps an own __proto__ key as data and survives cycles', () => {
    const parsed = JSON.parse('{"__proto__": " p ", "a": " a "}');
    const out = trimStrings(parsed);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).toBe('p');
    const loop: Record<string, unknown> = { s: ' s ' };
    loop.self = loop;
    const copy = trimStrings(loop);
    expect(copy.s).toBe('s');
    expect(copy.self).toBe(copy);
  });
});

describe('checkMaxLength (R43)', () => {
  it.each([
    ['a'.repeat(20), 20, null],
    ['a'.repeat(21), 20, '字段长度不能超过20'],
    ['张'.repeat(20), 20, null],
    ['a'.repeat(500), 500, null],
    ['a'.repeat(501), 500, '字段长度不能超过500'],
    ['', 20, null],
    [null, 20, null],
    [12345, 3, '字段长度不能超过3'],
  ])('%j max %i → %j', (v, n, out) => expect(checkMaxLength(v, n)).toBe(out));
});

describe('dates (R44)', () => {
  const both = { start: messages.startAfterEnd, end: messages.endBeforeStart };
  const none = { start: null, end: null };
  it.each([
    ['2024-01-01', '2024-01-31', none],
    ['2024-01-31', '2024-01-31', none],
    ['2024-02-01', '2024-01-31', both],
    [new Date(2024, 1, 1), new Date(2024, 0, 31), both],
    [new Date(2024, 0, 1), '2024-01-31', none],
    ['20240201', '2024-01-31', both],
    ['2024-02', '2024-01', both],
    ['2024/01', '2024/02', none],
    ['2024-01-01 10:00:00', '2024-01-01 09:00:00', both],
    ['2024-01-01 09:00', '2024-01-01 10:00', none],
    [undefined, '2024-01-31', none],
    ['2024-02-01', null, none],
    ['', '', none],
    ['not a date', '2024-01-01', none],
    ['2024-02-30', '2024-01-01', none],
  ])('%j .. %j', (start, end, out) => expect(checkDateRange(start, end)).toEqual(out));

  it.each([
    ['', '请选择开始日期'],
    [null, '请选择开始日期'],
    [undefined, '请选择开始日期'],
    ['2024-01-01', null],
    [new Date(), null],
  ])('required %j → %j', (v, out) => expect(checkDateRequired(v, '开始日期')).toBe(out));

  it.each([
    ['2024-01-15', ['2024-01-15'], messages.dateReported],
    ['20240115', ['2024-01-10', '2024-01-15'], messages.dateReported],
    [new Date(2024, 0, 15), ['2024-01-15'], messages.dateReported],
    ['2024-01', ['202401'], messages.dateReported],
    ['2024-01-16', ['2024-01-15'], null],
    ['2024-01-15', [], null],
    ['2024-01', ['2024-01-15'], null],
    ['', [''], null],
    [null, ['2024-01-15'], null],
    [new Date(NaN), [null], null],
  ] as const)('%j in %j → %j', (date, reported, out) => expect(checkDateNotReported(date, reported)).toBe(out));
});

describe('change-password dialog (R45)', () => {
  it.each([
    ['', messages.newPasswordEmpty],
    ['   ', messages.newPasswordEmpty],
    [null, messages.newPasswordEmpty],
    [undefined, messages.newPasswordEmpty],
    ['Abcdef1!', null],
    ['Passw0rd#2024', null],
    ['Aa1!' + 'x'.repeat(26), null],
    ['aB3~_-()', null],
    ['abcdef1!', messages.passwordFormat],
    ['ABCDEF1!', messages.passwordFormat],
    ['Abcdefg!', messages.passwordFormat],
    ['Abcdefg1', messages.passwordFormat],
    ['Ab1!x', messages.passwordFormat],
    ['Aa1!' + 'x'.repeat(27), messages.passwordFormat],
    ['Abc def1!', messages.passwordFormat],
    ['Abcdef1！', messages.passwordFormat],
    ['Abcdef1!中', messages.passwordFormat],
  ])('new %j → %j', (v, out) => expect(checkNewPassword(v)).toBe(out));

  it.each([
    ['Abcdef1!', '', messages.repeatPasswordEmpty],
    ['Abcdef1!', undefined, messages.repeatPasswordEmpty],
    ['Abcdef1!', 'Abcdef1!', null],
    ['Abcdef1!', 'Abcdef1?', messages.passwordMismatch],
    [undefined, 'Abcdef1!', messages.passwordMismatch],
    ['Abcdef1!', 'abcdef1!', messages.passwordMismatch],
  ])('%j / %j → %j', (pwd, repeat, out) => expect(checkRepeatPassword(pwd, repeat)).toBe(out));
});

describe('checkLoginAccount', () => {
  it.each([
    ['lhgh92001', null],
    ['abc', null],
    ['ab', null],
    ['a1', null],
    ['12345678', messages.account],
    ['1', messages.account],
    ['abc def', messages.account],
    ['abcdefghijklmnopqrstu1', messages.account],
  ])('%j → %s', (value, expected) => {
    expect(checkLoginAccount(value)).toBe(expected);
  });
});

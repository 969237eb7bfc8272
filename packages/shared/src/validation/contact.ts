import { messages } from './messages';
import { formatCheck, present } from './internal';

/** Mainland mobile number: 11 digits starting 13-19 (R38). */
const MOBILE = /^1[3-9]\d{9}$/;
/**
 * E-mail: dot-separated local part of letters, digits and _%+-; a domain of labels that
 * neither start nor end with '-', ending in a top-level label of two or more letters.
 */
const EMAIL = /^[A-Za-z0-9_%+-]+(?:\.[A-Za-z0-9_%+-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;
/**
 * Landline: optional area code (0 + 2-3 digits, optionally followed by '-'), a local number
 * of 7-8 digits not starting with 0 or 1, optional extension '-' + 1-6 digits.
 * E.g. 0731-88888888, 073188888888, 88888888, 0731-88888888-123.
 */
const LANDLINE = /^(?:0\d{2,3}-?)?[2-9]\d{6,7}(?:-\d{1,6})?$/;
/** Postal code: 6 digits, not starting with 0. */
const POSTAL_CODE = /^[1-9]\d{5}$/;
/** Number: a non-negative integer or decimal written in plain digits (e.g. 0, 12, 3.50). */
const NUMBER = /^\d+(?:\.\d+)?$/;
/**
 * Rate: a percentage from 0 to 100 inclusive with at most 4 decimals (e.g. 0, 8, 0.5, 12.3456,
 * 100, 100.00). No leading zeros ('05'), no sign, no exponent.
 */
const RATE = /^(?:100(?:\.0{1,4})?|(?:0|[1-9]\d?)(?:\.\d{1,4})?)$/;
/** Positive real: no leading zeros, at most two decimals; the value must be above 0. */
const POSITIVE_REAL = /^(?:0|[1-9]\d*)(?:\.\d{1,2})?$/;

/** 请输入正确的手机号码 */
export const checkMobile = formatCheck(MOBILE, messages.mobile);
/** 请输入正确的邮箱地址 (also at most 254 characters) */
export function checkEmail(v: unknown): string | null {
  const s = present(v);
  return s === null || (s.length <= 254 && EMAIL.test(s)) ? null : messages.email;
}
/** 请输入正确的联系电话: a mobile number or a landline. */
export function checkContactPhone(v: unknown): string | null {
  const s = present(v);
  return s === null || MOBILE.test(s) || LANDLINE.test(s) ? null : messages.contactPhone;
}
/** 请输入正确的邮政编码 */
export const checkPostalCode = formatCheck(POSTAL_CODE, messages.postalCode);
/** 请输入正确的数字 */
export const checkNumber = formatCheck(NUMBER, messages.number);
/** 请输入正确的费率 */
export const checkRate = formatCheck(RATE, messages.rate);
/** 请输入正实数，最多保留两位小数 */
export function checkPositiveReal(v: unknown): string | null {
  const s = present(v);
  return s === null || (POSITIVE_REAL.test(s) && Number(s) > 0) ? null : messages.positiveReal;
}

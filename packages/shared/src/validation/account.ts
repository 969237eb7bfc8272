import { messages } from './messages';
import { formatCheck, present } from './internal';

/** Unit account: 8-20 characters, digits and letters only, at least one of each (R37). */
const ACCOUNT = /^(?=.*\d)(?=.*[A-Za-z])[A-Za-z\d]{8,20}$/;
/** Registration account: 2-14 letters, digits or underscores, at least one letter (R37). */
const REG_ACCOUNT = /^(?=.*[A-Za-z])[A-Za-z\d_]{2,14}$/;
/** General password: 8-16 characters, no whitespace, a letter and a non-letter (R39). */
const PASSWORD = /^(?=.*[A-Za-z])(?=.*[^A-Za-z])\S{8,16}$/;
/**
 * Change-password dialog (R45): 8-30 printable ASCII characters (so no whitespace and no
 * full-width or Chinese characters), with a digit, an upper-case letter, a lower-case
 * letter and a special character (any printable ASCII that is not a letter or digit).
 */
const NEW_PASSWORD = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[^A-Za-z\d])[\x21-\x7e]{8,30}$/;

/**
 * The two unit account rules of the spec (§5), each with what its form's hint says
 * (docs/decisions.md, "Two account rules for a unit"): `account` for an account someone opens for a unit (新增企业/分会, the
 * enterprise import, the operator's create-unit), `regAccount` for the one a unit picks when it
 * registers itself (/register, /mining-register). The login takes either.
 */
export const ACCOUNT_RULES = {
  account: '8-20位，只能是字母和数字，且须同时包含字母和数字',
  regAccount: '2-14位，可用字母、数字和下划线，须包含字母',
} as const;

/** 请输入8-20位字符，必须由数字和字母组成 */
export const checkAccount = formatCheck(ACCOUNT, messages.account);
/** 请输入2-14位字符，必须包含字母 */
export const checkRegAccount = formatCheck(REG_ACCOUNT, messages.regAccount);
/** 请输入8-16位密码，应由数字和字母组成 */
/**
 * The unit login field: an operator-made account (8-20, R37) or a self-registered one (2-14 with a
 * letter, R37), so that a unit that registered itself can log in; otherwise the 8-20 message.
 */
export function checkLoginAccount(v: unknown): string | null {
  return checkAccount(v) === null || checkRegAccount(v) === null ? null : messages.account;
}

export const checkPassword = formatCheck(PASSWORD, messages.password);

/** New password of the change-password dialog: required, then the R45 format. */
export function checkNewPassword(v: unknown): string | null {
  const s = present(v);
  if (s === null) return messages.newPasswordEmpty;
  return NEW_PASSWORD.test(s) ? null : messages.passwordFormat;
}

/** Repeated new password: required, then equal to the new password. */
export function checkRepeatPassword(pwd: unknown, repeat: unknown): string | null {
  const s = present(repeat);
  if (s === null) return messages.repeatPasswordEmpty;
  return s === String(pwd ?? '') ? null : messages.passwordMismatch;
}

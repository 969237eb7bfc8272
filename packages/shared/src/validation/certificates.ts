import { messages } from './messages';
import { formatCheck, present } from './internal';
import { checkIdCard } from './idCard';
import { checkMaxLength, LENGTH_PRESETS } from './text';

/**
 * Passport: 5-17 letters and digits with at least one digit. This covers Chinese passports
 * (E12345678, EA1234567, G12345678, P/S/D…) and foreign ones, whose formats vary.
 * Letters in any case.
 */
const PASSPORT = /^(?=[A-Za-z]*\d)[A-Za-z0-9]{5,17}$/;
/** Military officer card in its printed form: 1-2 Chinese characters + 字第 + 4-8 letters/digits + optional 号. */
const OFFICER_CARD_PRINTED = /^[\u4e00-\u9fa5]{1,2}字第[A-Za-z0-9]{4,8}号?$/;
/** Officer / police officer card as a plain number: 6-12 letters and digits with at least one digit. */
const OFFICER_CARD_PLAIN = /^(?=[A-Za-z]*\d)[A-Za-z0-9]{6,12}$/;
/** Home-return permit of HK/Macao residents: H or M (either case) + 8 or 10 digits. */
const HK_MACAO_PASS = /^[HMhm]\d{8}(?:\d{2})?$/;
/** Permit of Taiwan residents: 8 digits (current) or 10 letters/digits (older). */
const TAIWAN_PASS = /^(?:\d{8}|[A-Za-z0-9]{10})$/;

/** 请输入正确的护照号码 */
export const checkPassport = formatCheck(PASSPORT, messages.passport);
/** 请输入正确的军官证号码: printed form (南字第12345678号) or a plain number. */
export function checkOfficerCard(v: unknown): string | null {
  const s = present(v);
  return s === null || OFFICER_CARD_PRINTED.test(s) || OFFICER_CARD_PLAIN.test(s) ? null : messages.officerCard;
}
/** 请输入正确的港澳通行证号码 */
export const checkHkMacaoPass = formatCheck(HK_MACAO_PASS, messages.hkMacaoPass);
/** 请输入正确的台湾通行证号码 */
export const checkTaiwanPass = formatCheck(TAIWAN_PASS, messages.taiwanPass);

type CertKind = 'idCard' | 'officerCard' | 'hkMacaoPass' | 'taiwanPass';

/** Certificate types of R42; the two spellings of the ID card type ('01', '1') both count. */
const CERT_KINDS: Record<string, CertKind> = {
  '01': 'idCard',
  '1': 'idCard',
  '02': 'officerCard',
  '03': 'officerCard',
  '04': 'hkMacaoPass',
  '05': 'hkMacaoPass',
  '06': 'taiwanPass',
};

function kindOf(certType: unknown): CertKind | undefined {
  const key = String(certType ?? '').trim();
  return Object.hasOwn(CERT_KINDS, key) ? CERT_KINDS[key] : undefined;
}

/**
 * Certificate number by certificate type (R42): 01/1 the ID card rule, 02/03 the officer
 * card rule, 04/05 the HK/Macao pass rule, 06 the Taiwan pass rule; any other type only
 * has the length limit 20 (字段长度不能超过20). Returns the matching rule's message.
 * `today` is passed on to the ID card rule. Blank input is not checked.
 */
export function checkCertNo(certType: unknown, v: unknown, today?: Date): string | null {
  switch (kindOf(certType)) {
    case 'idCard':
      return checkIdCard(v, today);
    case 'officerCard':
      return checkOfficerCard(v);
    case 'hkMacaoPass':
      return checkHkMacaoPass(v);
    case 'taiwanPass':
      return checkTaiwanPass(v);
    default:
      return checkMaxLength(v, LENGTH_PRESETS.short);
  }
}

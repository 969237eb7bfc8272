/**
 * Amounts payable and participation (issue 8): labels and pure rules both sides use. Zod-free,
 * so the portal may import it.
 */
import { keysOf } from '../labels';

/** What a payable shows: 待缴费, 已缴费, 已生效 (paid and the period has begun). */
export type PayableState = 'unpaid' | 'paid' | 'effective';

/** Where a person stands with a product in a period. */
export const PARTICIPATION_STATE_LABELS = {
  covered: '已参保',
  waiting: '等待期',
  declared: '已申报未缴费',
  none: '未参保',
};
export type ParticipationState = keyof typeof PARTICIPATION_STATE_LABELS;
export const PARTICIPATION_STATES = keysOf(PARTICIPATION_STATE_LABELS);

/** Unpaid and today is past the deadline ('YYYY-MM-DD' compared as text). */
export const isOverdue = (state: string, payDeadline: string, today: string) => state === 'unpaid' && today > payDeadline;

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
const SMALL_UNITS = ['', '拾', '佰', '仟'];
const BIG_UNITS = ['', '万', '亿', '万亿'];

/** 0-9999 in capitals, without leading 零 ('' for 0). */
function section(n: number): string {
  let out = '';
  let zero = false;
  for (let i = 3; i >= 0; i--) {
    const d = Math.floor(n / 10 ** i) % 10;
    if (d === 0) {
      if (out) zero = true;
      continue;
    }
    if (zero) out += '零';
    zero = false;
    out += DIGITS[d] + SMALL_UNITS[i];
  }
  return out;
}

/**
 * 人民币大写 of an amount in fen, as written on a payment notice or a bank slip:
 * 12345 → 壹佰贰拾叁元肆角伍分; 100000 → 壹仟元整; 1000010 → 壹万元壹角; 0 → 零元整.
 * Whole yuan end with 整; a 角 of 0 before a 分 is written 零 (壹元零壹分); the optional 零 after a
 * yuan digit of 0 (支付结算办法: 可写可不写) is left out.
 * Up to 9999 万亿 yuan.
 */
export function rmbCapital(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new RangeError('金额须为整数（分）');
  if (fen < 0) return `负${rmbCapital(-fen)}`;
  const yuanPart = Math.floor(fen / 100);
  const jiao = Math.floor(fen / 10) % 10;
  const fenDigit = fen % 10;
  let integer = '';
  if (yuanPart > 0) {
    const sections: number[] = [];
    for (let rest = yuanPart; rest > 0; rest = Math.floor(rest / 10_000)) sections.push(rest % 10_000);
    let needZero = false;
    for (let i = sections.length - 1; i >= 0; i--) {
      const s = sections[i];
      if (s === 0) {
        if (integer) needZero = true;
        continue;
      }
      if (integer && (needZero || s < 1000)) integer += '零';
      needZero = false;
      integer += section(s) + BIG_UNITS[i];
    }
    integer += '元';
  }
  if (jiao === 0 && fenDigit === 0) return `${integer || '零元'}整`;
  let decimals = '';
  if (jiao > 0) decimals += `${DIGITS[jiao]}角`;
  else if (integer) decimals += '零';
  if (fenDigit > 0) decimals += `${DIGITS[fenDigit]}分`;
  return integer + decimals;
}

import { idCardCheckChar } from '@hall/shared';

/**
 * The demo city's generated people: deterministic, valid ID numbers (so the seed is idempotent and
 * the end-to-end tests can name them), names, phones and bank cards.
 */

const DISTRICTS = ['430102', '430103', '430104', '430105', '430111', '430112', '430121'];
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶程苏魏吕丁任沈姚卢';
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '丽',
  '强',
  '磊',
  '军',
  '洋',
  '勇',
  '艳',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '秀英',
  '霞',
  '平',
  '刚',
  '桂英',
  '建华',
  '志强',
  '晓燕',
  '海燕',
  '红梅',
  '国强',
  '春花',
  '文静',
];

/** The ID number of generated person i (0 ≤ i < 63,000): unique by district and birth date; seq from 500 (the small demo uses 100–169). */
export function demoCertNo(i: number): string {
  const born = new Date(Date.UTC(1966, 0, 1) + (i % 9000) * 86_400_000);
  const district = DISTRICTS[Math.floor(i / 9000) % DISTRICTS.length];
  const seq = 500 + ((i * 37) % 480);
  const body = `${district}${born.toISOString().slice(0, 10).replaceAll('-', '')}${seq}`;
  return body + idCardCheckChar(body);
}

export const demoName = (i: number) => SURNAMES[(i * 7) % SURNAMES.length] + GIVEN[(i * 13 + Math.floor(i / 7)) % GIVEN.length];
export const demoPhone = (i: number) => `139${String(73_100_000 + i).padStart(8, '0')}`;
export const demoCard = (i: number) => `6222${String(180_000_000_000_000 + i * 7919).slice(-15)}`;
export const demoBank = (i: number) => ['中国工商银行长沙分行', '中国建设银行长沙分行', '长沙银行', '中国农业银行长沙分行'][i % 4];

/** Person type: mostly 在职, some 退休, a few 劳模 and 困难职工. */
export const demoPsnType = (i: number) => (i % 23 === 0 ? '3' : i % 17 === 0 ? '4' : i % 9 === 0 ? '2' : '1');

/**
 * Staff of each insured demo unit, as ranges of generated people [from, to). People from
 * DEMO_POOL_START on are in the bureau's registry but on no roster yet (new hires to add or import).
 */
export const DEMO_ROSTERS: Record<string, [number, number]> = {
  qydw92101: [0, 1500],
  dlgh99001: [1500, 2400],
  fhgh93101: [2400, 3000],
  fhgh93102: [3000, 3420],
  lhgh92001: [3420, 3660],
  hygh93001: [3660, 3840],
};
export const DEMO_POOL_START = 3840;
export const DEMO_POOL_SIZE = 400;
/** Registry people whose insurance stopped (停保): refused when added. */
export const DEMO_STOPPED = [DEMO_POOL_START + DEMO_POOL_SIZE, DEMO_POOL_START + DEMO_POOL_SIZE + 10] as const;

/** Staff who joined this year (增员 of the current period), the end of their unit's roster. */
export const DEMO_NEW_HIRES: Record<string, [number, number]> = { qydw92101: [1460, 1500], fhgh93102: [3400, 3420] };

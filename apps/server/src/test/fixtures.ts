import { idCardCheckChar } from '@hall/shared';

/** A valid unified social credit code from 17 characters (GB 32100 check character appended). */
export function uscc(first17: string): string {
  const charset = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += charset.indexOf(first17[i]) * weights[i];
  return first17 + charset[(31 - (sum % 31)) % 31];
}

export const idCard = (first17: string) => first17 + idCardCheckChar(first17);

/** A unit registration that passes every rule; `n` makes account, name and credit code unique. */
export function unitRegistration(n: number, overrides: Record<string, unknown> = {}) {
  return {
    empUact: `newco${2000 + n}`,
    pwd: 'Abc12345',
    confirmPassword: 'Abc12345',
    empName: `长沙市新星科技${n}号有限公司`,
    empNo: `DW${1000 + n}`,
    uscc: uscc(`91430100MA4N${String(10000 + n).slice(-5)}`),
    bizreglic: '',
    taxRegNo: '',
    legentTel: `1391234${String(1000 + n).slice(-4)}`,
    empAddr: '长沙市岳麓区麓谷大道100号',
    legentName: '赵敏',
    entLegrepIdcard: idCard('43010419800101001'),
    certType: '01',
    parentUact: 'lhgh92001',
    ...overrides,
  };
}

export function biddingRegistration(n: number, authorization: string, overrides: Record<string, unknown> = {}) {
  return {
    empUact: `bid${2000 + n}`,
    pwd: 'Abc12345',
    confirmPassword: 'Abc12345',
    empName: `湖南招标示范${n}号矿业有限公司`,
    uscc: uscc(`91430100MA4P${String(10000 + n).slice(-5)}`),
    empAddr: '长沙市天心区示范路8号',
    empType: '10',
    legentTel: `1371234${String(1000 + n).slice(-4)}`,
    legentName: '钱进',
    entLegrepIdcard: idCard('43010219750505003'),
    authorization,
    authFileName: '授权委托书.pdf',
    ...overrides,
  };
}

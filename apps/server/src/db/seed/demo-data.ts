import { hashPassword } from '../../lib/passwords';
/**
 * The demo city: who exists, printed at start (demo-accounts.ts) and listed in the README. Password
 * of all: Demo@2026. `insured` is what the seed writes; the banner and the README say it
 * (demo-accounts.test.ts).
 */
export const DEMO_PASSWORD = 'Demo@2026';

let demoHash: Promise<string> | undefined;
/**
 * The hash of DEMO_PASSWORD, made once per process for every demo account (units, people, the
 * organisation's, the operator): argon2id costs tens of milliseconds and 19 MiB a hash.
 */
export const demoPasswordHash = () => (demoHash ??= hashPassword(DEMO_PASSWORD));

export interface DemoUnit {
  uact: string;
  name: (city: string) => string;
  level: 1 | 2;
  uniType?: '92' | '93' | '99';
  parent?: string;
  uscc: string;
  insured: boolean;
  authState?: '1' | '2';
  notifyState?: '0' | '1' | '2' | '3';
  role: string;
}

export const DEMO_UNITS: DemoUnit[] = [
  {
    uact: 'lhgh92001',
    name: (c) => `${c}高新区联合基层工会`,
    level: 1,
    uniType: '92',
    uscc: '81430100MA4L0920AU',
    insured: true,
    role: '一级 · 联合基层工会(92)',
  },
  {
    uact: 'hygh93001',
    name: (c) => `${c}建筑行业工会`,
    level: 1,
    uniType: '93',
    uscc: '81430100MA4L0930BL',
    insured: true,
    role: '一级 · 行业工会(93)',
  },
  {
    uact: 'dlgh99001',
    name: (c) => `${c}第一人民医院工会`,
    level: 1,
    uniType: '99',
    uscc: '81430100MA4L0990CR',
    insured: true,
    role: '一级 · 独立基层工会(99)',
  },
  {
    uact: 'qydw92101',
    name: (c) => `${c}星辰科技有限公司`,
    level: 2,
    parent: 'lhgh92001',
    uscc: '91430100MA4L1010D5',
    insured: true,
    notifyState: '1',
    role: '二级 · 联合基层工会下属企业',
  },
  {
    uact: 'qydw92102',
    name: (c) => `${c}远航物流有限公司`,
    level: 2,
    parent: 'lhgh92001',
    uscc: '91430100MA4L1020EX',
    insured: false,
    notifyState: '0',
    role: '二级 · 联合基层工会下属企业（未通知）',
  },
  {
    uact: 'fhgh93101',
    name: (c) => `${c}建工集团分会`,
    level: 2,
    parent: 'hygh93001',
    uscc: '81430100MA4L1030FP',
    insured: true,
    authState: '1',
    role: '二级 · 行业工会下属分会（已授权）',
  },
  {
    uact: 'fhgh93102',
    name: (c) => `${c}路桥公司分会`,
    level: 2,
    parent: 'hygh93001',
    uscc: '81430100MA4L1040GG',
    insured: true,
    authState: '2',
    role: '二级 · 行业工会下属分会（已解除授权）',
  },
];

export interface DemoPerson {
  certNo: string;
  name: string;
  unit: string;
  insured: boolean;
  phone: string;
  role: string;
}

/** People with a personal account; more staff without accounts are generated per unit. */
export const DEMO_PERSONS: DemoPerson[] = [
  { certNo: '430102198503150022', name: '李华', unit: 'qydw92101', insured: true, phone: '13807310001', role: '个人 · 星辰科技职工' },
  { certNo: '430103199007120044', name: '王芳', unit: 'fhgh93101', insured: true, phone: '13807310002', role: '个人 · 建工集团分会职工' },
  {
    certNo: '430105199211080011',
    name: '刘洋',
    unit: 'qydw92102',
    insured: false,
    phone: '13807310003',
    role: '个人 · 远航物流职工',
  },
];

/** Names for the generated staff of each unit. */
export const STAFF_NAMES = ['张伟', '王静', '李强', '刘敏', '陈杰', '杨丽', '赵磊', '黄婷', '周鹏', '吴倩'];

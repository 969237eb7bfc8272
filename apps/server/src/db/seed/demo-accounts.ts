import { DEMO_PERSONS, DEMO_UNITS } from './demo-data';
import { OPERATOR_ROLE_LABELS } from '@hall/shared';
import { DEMO_OPERATORS } from './demo-operator';
import { DEMO_ORG_ROLES, DEMO_ORG_UNITS } from './demo-org';

/** Every demo account with what the seed makes it: the start banner's list (and the README's). */
export interface DemoAccount {
  kind: '单位' | '个人';
  login: string;
  role: string;
  insured: boolean;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  ...DEMO_UNITS.map((u) => ({ kind: '单位' as const, login: u.uact, role: u.role, insured: u.insured })),
  ...DEMO_ORG_UNITS.map((u) => ({ kind: '单位' as const, login: u.uact, role: DEMO_ORG_ROLES[u.uact], insured: u.insured })),
  ...DEMO_PERSONS.map((p) => ({ kind: '个人' as const, login: p.certNo, role: `${p.name} · ${p.role}`, insured: p.insured })),
];

/** The start banner's account lines: each says whether the account is insured (needInsured pages). */
export const demoAccountLines = (): string[] =>
  DEMO_ACCOUNTS.map((a) => `    ${a.kind}  ${a.login.padEnd(20)} ${a.role} · ${a.insured ? '已参保' : '未参保（需参保的页面显示原因）'}`);

/** The start banner's operator lines: one demo operator per role (the back office, /ops/api and `npm run ops`). */
export const demoOperatorLines = (): string[] =>
  DEMO_OPERATORS.map((o) => `    操作员  ${o.login.padEnd(20)} ${o.name} · ${o.roles.map((r) => OPERATOR_ROLE_LABELS[r]).join('、')}`);

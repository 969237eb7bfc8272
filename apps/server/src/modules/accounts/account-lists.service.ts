import { findRegion, loadRegions } from '@hall/regions';
import { isOperatorRole, maskCertNo } from '@hall/shared';
import { refuse } from '../../lib/hall-error';
import { maskPhone } from '../../lib/mask';
import type { HallContext } from '../../types';
import { accountHistoryOf } from '../audit/audit.service';
import * as repo from './account-lists.repository';

/*
 * The back office's accounts as lists (账号管理: 单位 tree, 个人 list) and one account's detail
 * with its history. A worker's ID number and phone are masked in every answer: the full ones are
 * read only through 查看完整信息 (opsPersonUnmask), with a reason.
 */

/** Rows a page shows. */
export const ACCOUNT_PAGE = 20;

type Status = 'active' | 'disabled' | 'pending' | 'rejected';

/** A page of `rows` (asked ACCOUNT_PAGE + 1) and the `after` of the next, or null. */
function paged<R, V>(rows: R[], idOf: (row: R) => number, view: (row: R) => V) {
  const page = rows.slice(0, ACCOUNT_PAGE);
  return { list: page.map(view), next: rows.length > ACCOUNT_PAGE ? idOf(page[page.length - 1]) : null };
}

/** A lock counts while it runs; one run out is as good as none. */
const lockOf = (lockedUntil: Date | null, now: Date) => (lockedUntil && lockedUntil > now ? lockedUntil.toISOString() : null);

const UNION_TYPES = ['92', '93', '99'] as const;
const uniTypeOf = (value: string | null) =>
  (UNION_TYPES as readonly (string | null)[]).includes(value) ? (value as '92' | '93' | '99') : null;

export async function unionTree(ctx: HallContext, q: { keyword?: string; uniType?: string; regionCode?: string; after?: number }) {
  const now = ctx.clock.now();
  const [rows, codes, regions] = await Promise.all([
    repo.unionPage(ctx.db, { ...q, keyword: q.keyword || undefined }, ACCOUNT_PAGE + 1),
    repo.unionDistricts(ctx.db),
    loadRegions(),
  ]);
  const page = paged(
    rows,
    (r) => r.unitId,
    (r) => ({ ...r, uniType: uniTypeOf(r.uniType), status: r.status as Status, lockedUntil: lockOf(r.lockedUntil, now) }),
  );
  // Named as the reports name them (reports.service.ts): the code itself when the table has no such region.
  return { ...page, districts: codes.map((code) => ({ code, name: findRegion(regions, code)?.name ?? code })) };
}

export async function unionUnits(ctx: HallContext, q: { unionId: number; after?: number }) {
  if (!(await repo.unionById(ctx.db, q.unionId))) throw refuse('工会不存在');
  const now = ctx.clock.now();
  const rows = await repo.unionUnitPage(ctx.db, q.unionId, q.after, ACCOUNT_PAGE + 1);
  return paged(
    rows,
    (r) => r.unitId,
    (r) => ({ ...r, status: r.status as Status, lockedUntil: lockOf(r.lockedUntil, now) }),
  );
}

const CERT_NO = /^\d{17}[\dXx]$/;

export async function personAccounts(ctx: HallContext, q: { keyword?: string; after?: number }) {
  const keyword = q.keyword || undefined;
  const filter = keyword && CERT_NO.test(keyword) ? { certNo: keyword.toUpperCase() } : { name: keyword };
  const now = ctx.clock.now();
  const rows = await repo.personAccountPage(ctx.db, { ...filter, after: q.after }, ACCOUNT_PAGE + 1);
  return paged(
    rows,
    (r) => r.accountId,
    (r) => ({
      ...r,
      certNo: maskCertNo(r.certNo),
      phone: maskPhone(r.phone),
      status: r.status as Status,
      lockedUntil: lockOf(r.lockedUntil, now),
      createdAt: r.createdAt.toISOString(),
    }),
  );
}

/** One account: its facts, its unit or person (masked), its state and its history. */
export async function accountDetail(ctx: HallContext, accountId: number) {
  const a = await repo.accountFacts(ctx.db, accountId);
  if (!a) throw refuse('账号不存在');
  const now = ctx.clock.now();
  const loginType = a.loginType as 'unit' | 'personal' | 'operator';
  const [parentName, lastLoginAt, history] = await Promise.all([
    a.parentId ? repo.unitName(ctx.db, a.parentId) : null,
    repo.lastLogin(ctx.db, a.accountId),
    accountHistoryOf(ctx, { accountId: a.accountId, loginType, loginName: a.loginName }),
  ]);
  return {
    account: {
      accountId: a.accountId,
      loginType,
      login: loginType === 'personal' ? maskCertNo(a.loginName) : a.loginName,
      name: a.unitName ?? a.personName ?? a.operatorName ?? '',
      status: a.status as Status,
      lockedUntil: lockOf(a.lockedUntil, now),
      roles: a.roles.filter(isOperatorRole),
      mustChangePassword: a.mustChangePassword,
      createdAt: a.createdAt.toISOString(),
      passwordChangedAt: a.passwordChangedAt?.toISOString() ?? null,
      lastLoginAt: lastLoginAt?.toISOString() ?? null,
    },
    unit:
      a.level === null
        ? null
        : {
            uscc: a.uscc,
            level: a.level,
            uniType: a.uniType,
            parentName,
            authState: a.authState,
            notifyState: a.notifyState,
            insured: a.unitInsured ?? false,
          },
    person: a.certNo === null ? null : { certNo: maskCertNo(a.certNo), phone: maskPhone(a.phone) },
    history,
  };
}

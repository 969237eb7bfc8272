import { cityUnion, FILING_STATE_LABELS, type FilingState, NOT_INSURED_MESSAGES, chinaDay, maskCertNo } from '@hall/shared';
import type { Db } from '../../db/client';
import { auditCaller } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import type { Caller, HallContext } from '../../types';
import { deliverMail } from '../mail/mail.service';
import * as repo from './filing.repository';
import { filingAuditRows } from './history.repository';
import { historyOf } from './history.service';
import { decideFiling } from './transition.service';

/**
 * 异地就医备案 (docs-personal.md P8): a unit files for a staff member it covers, a worker for
 * themself; the city union's operator confirms (已备案) or returns it (已退回). A 手工报销 claim for
 * a stay admitted from FILING_REQUIRED_FROM is accepted only with a confirmed filing of the same
 * hospital covering the stay (modules/claims/claim-rules.ts `filingProblem`).
 */

const DAY_MS = 86_400_000;

const label = (s: string) => FILING_STATE_LABELS[s as FilingState] ?? s;

export const filingItem = (v: repo.FilingView) => ({
  id: v.id,
  personName: v.personName,
  certNo: maskCertNo(v.certNo),
  unitName: v.unitName,
  regionCode: v.regionCode,
  regionName: v.regionName,
  hospitalName: v.hospitalName,
  fromDate: v.fromDate,
  toDate: v.toDate,
  reason: v.reason,
  state: v.state as FilingState,
  stateLabel: label(v.state),
  filedBy: v.filedBy as 'unit' | 'personal',
  returnReason: v.returnReason,
  createdAt: v.createdAt.toISOString(),
});

const opsFilingItem = (v: repo.FilingView) => ({ ...filingItem(v), uact: v.uact });

export interface FilingInput {
  staffId?: number;
  regionCode: string;
  regionName: string;
  hospitalName: string;
  fromDate: string;
  toDate: string;
  reason: string;
}

export async function applyFiling(ctx: HallContext, caller: Caller, input: FilingInput, ip?: string) {
  const now = ctx.clock.now();
  if (!(caller.loginType === 'unit' ? caller.unit.insured : caller.person.insured)) throw refuse(NOT_INSURED_MESSAGES[caller.loginType]);
  let personId: number;
  let unitId: number;
  if (caller.unit) {
    if (!input.staffId) throw refuse('请选择备案人员');
    const p = await repo.openStaffOfUnit(ctx.db, caller.unit.id, input.staffId);
    if (p === null) throw refuse('备案人员不存在或已减员');
    personId = p;
    unitId = caller.unit.id;
  } else {
    personId = caller.person.id;
    const open = await repo.openStaffOfPerson(ctx.db, personId);
    if (!open) throw refuse('您当前没有所在单位，不能办理异地就医备案');
    unitId = open.unitId;
  }
  const days = (Date.parse(input.toDate) - Date.parse(input.fromDate)) / DAY_MS;
  if (days > 366) throw refuse('备案期限不能超过一年');
  const today = chinaDay(now);
  if ((Date.parse(today) - Date.parse(input.toDate)) / DAY_MS > 730) throw refuse('结束日期已超过两年，不能备案');
  if (!(await repo.coveredBetween(ctx.db, personId, unitId, input.fromDate, input.toDate)))
    throw refuse('该人员在备案期间没有本单位的医疗互助保障');
  if (await repo.overlapping(ctx.db, personId, input.fromDate, input.toDate)) throw refuse('该人员在此期间已有异地就医备案');
  const id = await ctx.db.transaction(async (db) => {
    const created = await repo.insertFiling(db, {
      personId,
      unitId,
      filedBy: caller.unit ? 'unit' : 'personal',
      regionCode: input.regionCode,
      regionName: input.regionName,
      hospitalName: input.hospitalName,
      fromDate: input.fromDate,
      toDate: input.toDate,
      reason: input.reason,
      state: 'submitted',
      createdBy: caller.accountId,
      createdAt: now,
    });
    await auditCaller(db, now, caller, 'place-filing', { filing: created, to: 'submitted' }, ip);
    return created;
  });
  return filingItem((await repo.filingView(ctx.db, id))!);
}

export async function filingPage(
  ctx: HallContext,
  caller: Caller,
  input: { state?: string; name?: string; from?: string; to?: string; pageNum: number; pageSize: number },
) {
  const scope = caller.unit ? { unitId: caller.unit.id } : { personId: caller.person.id };
  const { total, rows } = await repo.pageFilings(
    ctx.db,
    { ...scope, state: input.state || undefined, name: input.name || undefined, from: input.from, to: input.to },
    input.pageSize,
    (input.pageNum - 1) * input.pageSize,
  );
  return { ...total, pageNum: input.pageNum, pageSize: input.pageSize, list: rows.map(filingItem) };
}

async function tell(ctx: HallContext, db: Db, v: repo.FilingView, title: string, content: string, now: Date) {
  const message = { title, content, sender: cityUnion(ctx.config.cityName) };
  await deliverMail(db, { kind: 'unit', key: v.uact }, message, now);
  if (v.hasAccount) await deliverMail(db, { kind: 'personal', key: v.certNo }, message, now);
}

async function decide(ctx: HallContext, operator: string, id: number, to: 'filed' | 'returned', reason?: string) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (db) => {
    await decideFiling(db, now, operator, id, to, reason);
    const v = (await repo.filingView(db, id))!;
    await tell(
      ctx,
      db,
      v,
      to === 'filed' ? '异地就医备案已备案' : '异地就医备案被退回',
      to === 'filed'
        ? `${v.personName}在${v.regionName}${v.hospitalName}的异地就医备案（${v.fromDate} 至 ${v.toDate}）已备案。`
        : `${v.personName}的异地就医备案被退回，原因：${reason}`,
      now,
    );
  });
  return opsFilingItem((await repo.filingView(ctx.db, id))!);
}

export async function opsFilingList(ctx: HallContext, state: FilingState = 'submitted') {
  return { list: (await repo.listFilings(ctx.db, state)).map(opsFilingItem) };
}

/** A filing with its history (the operator's drawer); an unknown id is refused. */
export async function opsFilingDetail(ctx: HallContext, id: number) {
  const v = await repo.filingView(ctx.db, id);
  if (!v) throw refuse('异地就医备案不存在');
  const names = { [v.uact]: v.unitName, [v.certNo]: v.personName };
  return { ...opsFilingItem(v), history: historyOf(await filingAuditRows(ctx.db, id), FILING_STATE_LABELS, names, v.returnReason) };
}

export const confirmFiling = (ctx: HallContext, operator: string, id: number) => decide(ctx, operator, id, 'filed');
export const returnFiling = (ctx: HallContext, operator: string, input: { id: number; reason: string }) =>
  decide(ctx, operator, input.id, 'returned', input.reason);

/** A person's filings that could match a stay (the claim rule reads them), in any state. */
export const filingsForStay = (db: Db, personId: number, admittedOn: string, dischargedOn: string) =>
  repo.filingsForStay(db, personId, admittedOn, dischargedOn);

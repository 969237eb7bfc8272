import {
  type CallParsed,
  chinaDay,
  FILE_MESSAGES,
  MATERIAL_TYPES,
  UNION_CHANGE_STATE_LABELS,
  UNION_INFO_FIELDS,
  UNION_INFO_LABELS,
  UNION_MESSAGES,
  type UnionChangeState,
  type UnionInfoField,
  type UnionInfoForm,
  type UnionInfoValue,
  type unionCalls,
  unionValueText,
} from '@hall/shared';
import { auditRefusal, auditCaller } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import { isUniqueViolation } from '../../lib/unique-violation';
import type { ExportColumn } from '../../lib/table-export';
import type { Caller, HallContext, UnitCaller } from '../../types';
import { decideChange } from './transition.service';
import * as repo from './union.repository';

/*
 * Union information (/uniInformationBase) and its change records (/uniInformationEdit), the
 * union's side: level-1 union accounts only. 编辑 never writes the record: it files a change
 * (审核中) that the operator approves or rejects (union-operator.service.ts); a union has at most
 * one pending change (partial unique index), which it may withdraw.
 */

type Calls = typeof unionCalls;

const EXPORT_MAX = 5000;

/** The caller as a level-1 union, else the refusal (audited). */
async function unionOf(ctx: HallContext, caller: Caller, call: string, ip?: string): Promise<UnitCaller> {
  const unit = caller.loginType === 'unit' ? caller.unit : undefined;
  if (unit?.level !== 1) {
    await auditRefusal(ctx.db, ctx.clock.now(), caller, { call }, ip);
    throw refuse(UNION_MESSAGES.levelOnly);
  }
  return unit;
}

const fileView = (f: repo.ChangeFile) => ({ fileId: f.fileId, name: f.name, size: f.size, mime: f.mime });

/** A change as the portal and the operator read it: the changed fields in the page's order (its documents: changeViews). */
export function changeView(row: repo.ChangeRow) {
  const before = row.before as repo.Fields;
  const after = row.after as repo.Fields;
  return {
    id: row.id,
    state: row.state as UnionChangeState,
    stateLabel: UNION_CHANGE_STATE_LABELS[row.state as UnionChangeState],
    fields: UNION_INFO_FIELDS.filter((f) => f in after).map((field) => ({
      field,
      label: UNION_INFO_LABELS[field],
      before: before[field] ?? null,
      after: after[field] ?? null,
    })),
    submitter: row.submitter,
    submittedAt: row.submittedAt.toISOString(),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
    reviewer: row.reviewer,
    reviewNote: row.reviewNote,
    files: [] as Array<ReturnType<typeof fileView>>,
  };
}

/** The views of changes with their documents (one query for all). */
export async function changeViews(ctx: HallContext, rows: repo.ChangeRow[]) {
  const files = await repo.filesOfChanges(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...changeView(r), files: (files.get(r.id) ?? []).map(fileView) }));
}

/** A change's view with its documents. */
export const viewOf = async (ctx: HallContext, row: repo.ChangeRow) => (await changeViews(ctx, [row]))[0];

/**
 * The documents a union sends with a change: its own uploads (uploadFile, as a claim's attachments:
 * the same store and 10 MB limit), of the material types (MATERIAL_TYPES: a reviewer reads them in
 * the page). Anything else is refused before the change is written.
 */
async function checkFiles(ctx: HallContext, unit: UnitCaller, ids: string[]) {
  const found = new Map((await repo.filesById(ctx.db, ids)).map((f) => [f.id, f]));
  for (const id of ids) {
    const f = found.get(id);
    if (f?.ownerKind !== 'unit' || f.ownerKey !== unit.uact) throw refuse(UNION_MESSAGES.fileNotOwn);
    if (!MATERIAL_TYPES.mimes.includes(f.mime)) throw refuse(FILE_MESSAGES.materialType);
  }
}

/** The record the union sees: the approved one, or before the first approval what registration knows. */
async function currentRecord(ctx: HallContext, unitId: number) {
  const approved = await repo.approvedRecord(ctx.db, unitId);
  if (approved) return { ...approved, approved: true };
  return { record: await repo.registeredRecord(ctx.db, unitId), updatedAt: null, approved: false };
}

export async function unionInfo(ctx: HallContext, caller: Caller, ip?: string) {
  const unit = await unionOf(ctx, caller, 'unionInfo', ip);
  const current = await currentRecord(ctx, unit.id);
  const pending = await repo.pendingChange(ctx.db, unit.id);
  const newest = pending ? null : await repo.newestChange(ctx.db, unit.id);
  return {
    uact: unit.uact,
    record: current.record,
    approved: current.approved,
    updatedAt: current.updatedAt ? current.updatedAt.toISOString() : null,
    pending: pending ? await viewOf(ctx, pending) : null,
    lastRejected: newest?.state === 'rejected' ? await viewOf(ctx, newest) : null,
  };
}

/**
 * 编辑 → a change under review, with the documents given (证明材料). The before values are the
 * approved record's (none before the first approval: then every filled field is a change).
 * Nothing changed, a change already pending or a document not the union's own is refused and
 * nothing written.
 */
export async function submitChange(ctx: HallContext, caller: Caller, form: UnionInfoForm, ip?: string) {
  const unit = await unionOf(ctx, caller, 'unionInfoSubmit', ip);
  const now = ctx.clock.now();
  if (form.foundedOn > chinaDay(now)) throw refuse(UNION_MESSAGES.foundedFuture);
  if (await repo.pendingChange(ctx.db, unit.id)) throw refuse(UNION_MESSAGES.pendingExists);
  const approved = await repo.approvedRecord(ctx.db, unit.id);
  const before: repo.Fields = {};
  const after: repo.Fields = {};
  for (const field of UNION_INFO_FIELDS) {
    const was: UnionInfoValue = approved ? approved.record[field] : null;
    const now_ = (form as Record<UnionInfoField, UnionInfoValue>)[field] ?? null;
    if (was !== now_) {
      before[field] = was;
      after[field] = now_;
    }
  }
  if (Object.keys(after).length === 0) throw refuse(UNION_MESSAGES.nothingChanged);
  const fileIds = form.fileIds ?? [];
  await checkFiles(ctx, unit, fileIds);
  let row: repo.ChangeRow;
  try {
    row = await ctx.db.transaction(async (tx) => {
      const inserted = await repo.insertChange(tx, {
        unitId: unit.id,
        before,
        after,
        submittedBy: caller.accountId,
        submitter: unit.uact,
        at: now,
      });
      await repo.insertChangeFiles(tx, inserted.id, fileIds, now);
      return inserted;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse(UNION_MESSAGES.pendingExists);
    throw error;
  }
  await auditCaller(
    ctx.db,
    now,
    caller,
    'unit-info-change',
    { call: 'unionInfoSubmit', changeId: row.id, fields: Object.keys(after), files: fileIds.length },
    ip,
  );
  return viewOf(ctx, row);
}

/** A change of the caller's own union; another union's id is refused like a missing one (audited). */
async function ownChange(ctx: HallContext, caller: Caller, unit: UnitCaller, id: number, call: string, ip?: string) {
  const row = await repo.changeById(ctx.db, id, unit.id);
  if (!row) {
    await auditRefusal(ctx.db, ctx.clock.now(), caller, { call, changeId: id }, ip);
    throw refuse(UNION_MESSAGES.changeNotFound);
  }
  return row;
}

/** 撤回: a pending change of the caller's union ends as 已撤回; the record stays as it is. */
export async function withdrawChange(ctx: HallContext, caller: Caller, id: number, ip?: string) {
  const unit = await unionOf(ctx, caller, 'unionInfoWithdraw', ip);
  await ownChange(ctx, caller, unit, id, 'unionInfoWithdraw', ip);
  const now = ctx.clock.now();
  const row = await decideChange(ctx.db, id, now, { to: 'withdrawn' });
  if (!row) throw refuse(UNION_MESSAGES.notPending);
  await auditCaller(ctx.db, now, caller, 'unit-info-change', { call: 'unionInfoWithdraw', changeId: id }, ip);
  return viewOf(ctx, row);
}

export async function listChanges(ctx: HallContext, caller: Caller, q: CallParsed<Calls['unionChangeList']>, ip?: string) {
  const unit = await unionOf(ctx, caller, 'unionChangeList', ip);
  const { list, total } = await repo.pageChanges(ctx.db, unit.id, q, q.pageNum, q.pageSize);
  return { list: await changeViews(ctx, list), totlCnt: total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function changeDetail(ctx: HallContext, caller: Caller, id: number, ip?: string) {
  const unit = await unionOf(ctx, caller, 'unionChangeDetail', ip);
  return viewOf(ctx, await ownChange(ctx, caller, unit, id, 'unionChangeDetail', ip));
}

/**
 * The list's columns as the page names them, in its order (its 变更内容（变更前 → 变更后） is one row
 * per field here: 变更项目, 变更前, 变更后), with the change's number, reviewer and decision time.
 * Times are moments: the writer shows them in China time.
 */
export const EXPORT_COLUMNS: readonly ExportColumn[] = [
  { header: '变更编号', key: 'id', width: 10, kind: 'count' },
  { header: '提交时间', key: 'submittedAt', width: 18, kind: 'datetime' },
  { header: '变更项目', key: 'label', width: 20, kind: 'text' },
  { header: '变更前', key: 'before', width: 32, kind: 'text' },
  { header: '变更后', key: 'after', width: 32, kind: 'text' },
  { header: '状态', key: 'state', width: 10, kind: 'text' },
  { header: '提交人', key: 'submitter', width: 14, kind: 'text' },
  { header: '审核人', key: 'reviewer', width: 14, kind: 'text' },
  { header: '审核/撤回时间', key: 'decidedAt', width: 18, kind: 'datetime' },
  { header: '审核意见', key: 'reviewNote', width: 32, kind: 'text' },
];

export const exportName = (now: Date) => `工会信息变更记录_${chinaDay(now).replaceAll('-', '')}.xlsx`;

/** The export: one row per changed field, the change's columns repeated (audited as a download). */
export async function exportRows(ctx: HallContext, caller: Caller, f: CallParsed<Calls['unionChangeExport']>, ip?: string) {
  const unit = await unionOf(ctx, caller, 'unionChangeExport', ip);
  const rows = (await repo.allChanges(ctx.db, unit.id, f, EXPORT_MAX)).map(changeView);
  await auditCaller(ctx.db, ctx.clock.now(), caller, 'download', { call: 'unionChangeExport', count: rows.length }, ip);
  return rows.flatMap((c) =>
    c.fields.map((x) => [
      c.id,
      c.submittedAt,
      x.label,
      unionValueText(x.before),
      unionValueText(x.after),
      c.stateLabel,
      c.submitter,
      c.reviewer,
      c.decidedAt,
      c.reviewNote,
    ]),
  );
}

/**
 * getSysUserByUact: the system user and union basics of an account. A unit may ask for its own
 * account; a level-1 union also for its subordinate units'. Anything else (another unit, an
 * unknown account) is refused the same way, so the answer says nothing of who exists (audited).
 */
export async function sysUserByUact(ctx: HallContext, caller: Caller, uact: string, ip?: string) {
  const own = caller.loginType === 'unit' ? caller.unit : undefined;
  const target = own ? await repo.sysUserOf(ctx.db, uact) : null;
  const allowed = own && target && (target.id === own.id || (own.level === 1 && target.parentId === own.id));
  if (!own || !target || !allowed) {
    await auditRefusal(ctx.db, ctx.clock.now(), caller, { call: 'sysUserByUact', uact }, ip);
    throw refuse(UNION_MESSAGES.sysUserRefused);
  }
  return {
    uact: target.uact,
    empName: target.empName,
    uactLevel: target.level,
    uniType: target.uniType,
    uscc: target.uscc,
    regionCode: target.regionCode,
    insured: target.insured,
    accountStatus: target.accountStatus,
    parentUact: target.parentUact,
    parentName: target.parentName,
    authState: target.authState,
    notifyState: target.notifyState,
    subordinateCount: target.subordinateCount,
    chairmanName: target.chairmanName,
    contactName: target.contactName,
    contactPhone: target.contactPhone,
  };
}

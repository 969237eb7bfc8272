import {
  cityUnion,
  type opsUnionChangeDecideRequest,
  type opsUnionChangeFileRequest,
  type opsUnionChangeRejectRequest,
  UNION_CHANGE_STATE_LABELS,
  UNION_MESSAGES,
  type UnionChangeState,
} from '@hall/shared';
import type { z } from 'zod';
import { audit, auditOperator } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import type { HallContext } from '../../types';
import { deliverMail } from '../mail/mail.service';
import { decideChange } from './transition.service';
import * as repo from './union.repository';
import { changeView, changeViews, viewOf } from './union.service';

/*
 * The city union's review of union information changes, for the `ops` CLI and the operator API
 * alike: the list, approve (the after values written into the record), reject (with the reason).
 * Every decision in the operator's name, audited, and told to the union by 站内信.
 */

const LIST_MAX = 500;

async function withUnit(ctx: HallContext, row: repo.ChangeRow) {
  const unit = await repo.unitOfChange(ctx.db, row.unitId);
  return { ...(await viewOf(ctx, row)), uact: unit.uact, unitName: unit.unitName };
}

export async function listUnionChanges(ctx: HallContext, state?: UnionChangeState) {
  const rows = await repo.operatorChanges(ctx.db, state ?? 'pending', LIST_MAX);
  const views = await changeViews(
    ctx,
    rows.map((r) => r.change),
  );
  return { list: rows.map((r, i) => ({ ...views[i], uact: r.uact, unitName: r.unitName })) };
}

async function changeOf(ctx: HallContext, id: number) {
  const row = await repo.changeById(ctx.db, id);
  if (!row) throw refuse(`工会信息变更不存在：${id}`);
  return row;
}

export async function unionChangeDetail(ctx: HallContext, id: number) {
  return withUnit(ctx, await changeOf(ctx, id));
}

/**
 * One document of a change for the operator reviewing it (the CLI's union-change-file, the
 * operator API's download): only a file that change carries; audited as a download.
 */
export async function unionChangeFile(ctx: HallContext, operator: string, { id, fileId }: z.output<typeof opsUnionChangeFileRequest>) {
  const row = await changeOf(ctx, id);
  const file = (await repo.filesOfChanges(ctx.db, [row.id])).get(row.id)?.find((f) => f.fileId === fileId);
  const bytes = file ? await ctx.files.get(file.fileId) : undefined;
  if (!file || !bytes) throw refuse(UNION_MESSAGES.changeFileNotFound);
  await audit(ctx.db, ctx.clock.now(), {
    actorKind: 'operator',
    actorKey: operator,
    action: 'download',
    detail: { call: 'unionChangeFile', changeId: id, fileId },
  });
  return { name: file.name, mime: file.mime, bytes };
}

const notPending = (id: number, state: string) =>
  `工会信息变更 ${id} 当前为“${UNION_CHANGE_STATE_LABELS[state as UnionChangeState] ?? state}”，只有审核中的变更可以审核`;

const labels = (row: repo.ChangeRow) =>
  changeView(row)
    .fields.map((f) => f.label)
    .join('、');

/** The operator's decision on a pending change: written, the union told by mail, audited. */
async function decide(
  ctx: HallContext,
  operator: string,
  id: number,
  decision: { to: 'approved' | 'rejected'; note: string | null; call: string },
  mail: (submittedOn: string, fields: string) => { title: string; content: string },
) {
  const before = await changeOf(ctx, id);
  if (before.state !== 'pending') throw refuse(notPending(id, before.state));
  const now = ctx.clock.now();
  const row = await decideChange(ctx.db, id, now, { to: decision.to, reviewer: operator, note: decision.note });
  if (!row) throw refuse(UNION_MESSAGES.notPending);
  const view = await withUnit(ctx, row);
  const sender = cityUnion(ctx.config.cityName);
  await deliverMail(ctx.db, { kind: 'unit', key: view.uact }, { ...mail(view.submittedAt.slice(0, 10), labels(row)), sender }, now);
  // An approval names the fields it wrote into the record.
  const fields = decision.to === 'approved' ? { fields: view.fields.map((f) => f.field) } : {};
  await auditOperator(ctx.db, now, operator, { call: decision.call, changeId: id, uact: view.uact, ...fields });
  return view;
}

export const approveUnionChange = (ctx: HallContext, operator: string, { id, note }: z.output<typeof opsUnionChangeDecideRequest>) =>
  decide(ctx, operator, id, { to: 'approved', note: note || null, call: 'unionChangeApprove' }, (on, fields) => ({
    title: '工会信息变更已审核通过',
    content: `您于${on}提交的工会信息变更（${fields}）已审核通过，基层工会信息已更新。${note ? `审核意见：${note}` : ''}`,
  }));

export const rejectUnionChange = (ctx: HallContext, operator: string, { id, note }: z.output<typeof opsUnionChangeRejectRequest>) =>
  decide(ctx, operator, id, { to: 'rejected', note, call: 'unionChangeReject' }, (on, fields) => ({
    title: '工会信息变更被驳回',
    content: `您于${on}提交的工会信息变更（${fields}）未通过审核，原因：${note}。基层工会信息未作修改，请核实后在“基层工会信息”中重新提交。`,
  }));

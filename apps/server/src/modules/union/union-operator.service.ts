import {
  cityUnion,
  opsUnionChangeDecideRequest,
  opsUnionChangeFileRequest,
  opsUnionChangeRejectRequest,
  UNION_CHANGE_STATE_LABELS,
  UNION_MESSAGES,
  type UnionChangeState,
} from '@hall/shared';
import type { z } from 'zod';
import { audit } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import type { HallContext } from '../../types';
import { deliverMail } from '../mail/mail.service';
import { parseInput } from '../operator/input';
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
export async function unionChangeFile(ctx: HallContext, operator: string, input: z.input<typeof opsUnionChangeFileRequest>) {
  const { id, fileId } = parseInput(opsUnionChangeFileRequest, input);
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

export async function approveUnionChange(ctx: HallContext, operator: string, input: z.input<typeof opsUnionChangeDecideRequest>) {
  const { id, note } = parseInput(opsUnionChangeDecideRequest, input);
  const before = await changeOf(ctx, id);
  if (before.state !== 'pending') throw refuse(notPending(id, before.state));
  const now = ctx.clock.now();
  const row = await decideChange(ctx.db, id, now, { to: 'approved', reviewer: operator, note: note || null });
  if (!row) throw refuse(UNION_MESSAGES.notPending);
  const view = await withUnit(ctx, row);
  await deliverMail(
    ctx.db,
    { kind: 'unit', key: view.uact },
    {
      title: '工会信息变更已审核通过',
      content: `您于${view.submittedAt.slice(0, 10)}提交的工会信息变更（${labels(row)}）已审核通过，基层工会信息已更新。${note ? `审核意见：${note}` : ''}`,
      sender: cityUnion(ctx.config.cityName),
    },
    now,
  );
  await audit(ctx.db, now, {
    actorKind: 'operator',
    actorKey: operator,
    action: 'operator',
    detail: { call: 'unionChangeApprove', changeId: id, uact: view.uact, fields: view.fields.map((f) => f.field) },
  });
  return view;
}

export async function rejectUnionChange(ctx: HallContext, operator: string, input: z.input<typeof opsUnionChangeRejectRequest>) {
  const { id, note } = parseInput(opsUnionChangeRejectRequest, input);
  const before = await changeOf(ctx, id);
  if (before.state !== 'pending') throw refuse(notPending(id, before.state));
  const now = ctx.clock.now();
  const row = await decideChange(ctx.db, id, now, { to: 'rejected', reviewer: operator, note });
  if (!row) throw refuse(UNION_MESSAGES.notPending);
  const view = await withUnit(ctx, row);
  await deliverMail(
    ctx.db,
    { kind: 'unit', key: view.uact },
    {
      title: '工会信息变更被驳回',
      content: `您于${view.submittedAt.slice(0, 10)}提交的工会信息变更（${labels(row)}）未通过审核，原因：${note}。基层工会信息未作修改，请核实后在“基层工会信息”中重新提交。`,
      sender: cityUnion(ctx.config.cityName),
    },
    now,
  );
  await audit(ctx.db, now, {
    actorKind: 'operator',
    actorKey: operator,
    action: 'operator',
    detail: { call: 'unionChangeReject', changeId: id, uact: view.uact },
  });
  return view;
}

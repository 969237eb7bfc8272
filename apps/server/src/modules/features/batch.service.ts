import { checkLeftOn, chinaDay, type mailBatchRequest, type staffBatchLeaveRequest } from '@hall/shared';
import type { z } from 'zod';
import { auditCaller } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import type { Caller, HallContext } from '../../types';
import * as repo from './batch.repository';
import { requireFlag } from './flags.service';

/**
 * 批量操作 (flag `batch`, docs-flags.md F5): each batch is one transaction, all or nothing. The rows
 * are locked and checked first; if any cannot be done, nothing changes and the refusal names them.
 */

/** Names in a refusal: at most ten, then how many more. */
const named = (names: string[]) => (names.length > 10 ? `${names.slice(0, 10).join('、')}等${names.length}条` : names.join('、'));

/** 标为已读 / 删除 several of the caller's own messages. */
export async function mailBatch(ctx: HallContext, caller: Caller, input: z.output<typeof mailBatchRequest>) {
  await requireFlag(ctx.db, 'batch');
  const recipient: repo.Recipient =
    caller.loginType === 'unit' ? { kind: 'unit', key: caller.unit.uact } : { kind: 'personal', key: caller.person.certNo };
  const now = ctx.clock.now();
  return ctx.db.transaction(async (db) => {
    const own = new Set(await repo.lockOwnMail(db, recipient, input.ids));
    const missing = input.ids.filter((id) => !own.has(id));
    if (missing.length) throw refuse(`以下消息不存在或无权操作：编号${named(missing.map(String))}；未做任何更改`);
    if (input.action === 'read') await repo.markMailRead(db, recipient, input.ids, now);
    else await repo.deleteMail(db, recipient, input.ids);
    return { action: input.action, count: input.ids.length };
  });
}

/** 批量减员: several of the unit's current staff leave on one day for one reason. Audited per person. */
export async function staffBatchLeave(ctx: HallContext, caller: Caller, input: z.output<typeof staffBatchLeaveRequest>, ip?: string) {
  await requireFlag(ctx.db, 'batch');
  if (caller.loginType !== 'unit' || !caller.unit) throw refuse('无权操作');
  const unitId = caller.unit.id;
  const now = ctx.clock.now();
  const today = chinaDay(now);
  return ctx.db.transaction(async (db) => {
    const rows = await repo.lockUnitStaff(db, unitId, input.ids);
    const byId = new Map(rows.map((r) => [Number(r.id), r] as const));
    const failures: string[] = [];
    for (const id of input.ids) {
      const r = byId.get(id);
      if (!r) {
        failures.push(`编号${id}（不是本单位的人员）`);
        continue;
      }
      if (r.leftOn) failures.push(`${r.name}（已减员）`);
      else {
        const wrong = checkLeftOn(input.leftOn, r.joinedOn, today);
        if (wrong) failures.push(`${r.name}（${wrong}）`);
      }
    }
    if (failures.length) throw refuse(`以下人员不能减员：${named(failures)}；未做任何更改`);
    await repo.leaveMany(db, unitId, input.ids, input.leftOn, input.leaveReason, now);
    await auditCaller(db, now, caller, 'staff-change', { change: 'leave', batch: true, staffIds: input.ids, leftOn: input.leftOn }, ip);
    return { count: rows.length, names: rows.map((r) => r.name) };
  });
}

import { checkLeftOn, chinaDay, type mailBatchRequest, type staffBatchLeaveRequest } from '@hall/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import type { Caller, HallContext } from '../../types';
import { requireFlag } from './flags.service';

/**
 * 批量操作 (flag `batch`, docs-flags.md F5): each batch is one transaction, all or nothing. The rows
 * are locked and checked first; if any cannot be done, nothing changes and the refusal names them.
 */

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const list = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Names in a refusal: at most ten, then how many more. */
const named = (names: string[]) => (names.length > 10 ? `${names.slice(0, 10).join('、')}等${names.length}条` : names.join('、'));

/** 标为已读 / 删除 several of the caller's own messages. */
export async function mailBatch(ctx: HallContext, caller: Caller, input: z.output<typeof mailBatchRequest>) {
  await requireFlag(ctx.db, 'batch');
  const kind = caller.loginType;
  const key = caller.loginType === 'unit' ? caller.unit!.uact : caller.person!.certNo;
  const now = ctx.clock.now();
  return ctx.db.transaction(async (db) => {
    const found = await rowsOf<{ id: string | number }>(
      db,
      sql`select id from mail_messages where recipient_kind = ${kind} and recipient_key = ${key} and id in (${list(input.ids)}) for update`,
    );
    const own = new Set(found.map((r) => Number(r.id)));
    const missing = input.ids.filter((id) => !own.has(id));
    if (missing.length) throw refuse(`以下消息不存在或无权操作：编号${named(missing.map(String))}；未做任何更改`);
    const where = sql`recipient_kind = ${kind} and recipient_key = ${key} and id in (${list(input.ids)})`;
    if (input.action === 'read')
      await db.execute(sql`update mail_messages set read_flag = '1', read_at = coalesce(read_at, ${now}) where ${where}`);
    else await db.execute(sql`delete from mail_messages where ${where}`);
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
    const rows = await rowsOf<{ id: number; name: string; joinedOn: string; leftOn: string | null }>(
      db,
      sql`select s.id, p.name, to_char(s.joined_on, 'YYYY-MM-DD') as "joinedOn", to_char(s.left_on, 'YYYY-MM-DD') as "leftOn"
          from staff s join persons p on p.id = s.person_id
          where s.unit_id = ${unitId} and s.id in (${list(input.ids)})
          order by s.id for update of s`,
    );
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
    await db.execute(
      sql`update staff set left_on = ${input.leftOn}, leave_reason = ${input.leaveReason}, updated_at = ${now}
          where unit_id = ${unitId} and id in (${list(input.ids)}) and left_on is null`,
    );
    await audit(db, now, {
      actorKind: 'unit',
      actorKey: caller.loginName,
      action: 'staff-change',
      ip,
      detail: { change: 'leave', batch: true, staffIds: input.ids, leftOn: input.leftOn },
    });
    return { count: rows.length, names: rows.map((r) => r.name) };
  });
}

import type { FastifyReply } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { INSURED_STATUS_LABELS, type InsuredStatus, maskCertNo } from '@hall/shared';
import { refuse } from '../../lib/hall-error';
import { sendTable, type TableColumn } from '../../lib/table-file';
import type { Caller, HallContext } from '../../types';

/**
 * 医保参保状态查询 (breadcrumb 业务查询): the unit's current staff with their status in the
 * medical-insurance bureau's registry (insured_registry, kind person): 参保缴费 (active), 暂停参保
 * (in the registry, not active), 未登记 (not in it). Scoped in SQL to the caller's unit.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

interface Filters {
  name?: string;
  certNo?: string;
  status?: string;
}

function query(unitId: number, f: Filters): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.name) parts.push(sql`x.name like ${`%${escapeLike(f.name)}%`}`);
  if (f.certNo) parts.push(sql`x.cert_no like ${`${escapeLike(f.certNo)}%`}`);
  if (f.status) parts.push(sql`x.status = ${f.status}`);
  return sql`
    select * from (
      select s.id as staff_id, p.name, p.cert_no, coalesce(p.gender, '') as gender, s.joined_on::text as joined_on,
             case when r.code is null then 'none' when r.active then 'active' else 'inactive' end as status,
             r.since::text as since
      from staff s join persons p on p.id = s.person_id
      left join insured_registry r on r.kind = 'person' and r.code = p.cert_no
      where s.unit_id = ${unitId} and s.left_on is null
    ) x where ${sql.join(parts, sql` and `)}`;
}

const unitOf = (caller: Caller) => {
  if (!caller.unit) throw refuse('仅单位用户可以查询');
  return caller.unit;
};

const toItem = (r: Record<string, unknown>) => ({
  staffId: Number(r.staff_id),
  name: String(r.name),
  certNo: maskCertNo(String(r.cert_no)),
  gender: r.gender === '1' ? '男' : r.gender === '2' ? '女' : '',
  status: r.status as InsuredStatus,
  statusLabel: INSURED_STATUS_LABELS[r.status as InsuredStatus],
  since: (r.since as string | null) ?? null,
  joinedOn: String(r.joined_on),
});

export async function insuredStatusPage(ctx: HallContext, caller: Caller, input: Filters & { pageNum: number; pageSize: number }) {
  const q = query(unitOf(caller).id, input);
  const [count, rows] = await Promise.all([
    ctx.db.execute(sql`select count(*) as n from (${q}) y`),
    ctx.db.execute(sql`${q} order by x.staff_id limit ${input.pageSize} offset ${(input.pageNum - 1) * input.pageSize}`),
  ]);
  return {
    totlCnt: Number(rowsOf<Record<string, unknown>>(count)[0].n),
    pageNum: input.pageNum,
    pageSize: input.pageSize,
    list: rowsOf<Record<string, unknown>>(rows).map(toItem),
  };
}

const COLUMNS: readonly TableColumn[] = [
  { header: '姓名', key: 'name', width: 12 },
  { header: '身份证号码', key: 'certNo', width: 22 },
  { header: '性别', key: 'gender', width: 6 },
  { header: '医保参保状态', key: 'status', width: 14 },
  { header: '参保日期', key: 'since', width: 14 },
  { header: '加入本单位日期', key: 'joinedOn', width: 16 },
];

export async function exportInsuredStatus(ctx: HallContext, caller: Caller, input: Filters, reply: FastifyReply) {
  const unit = unitOf(caller);
  const q = query(unit.id, input);
  async function* rows() {
    let after = 0;
    for (;;) {
      const chunk = rowsOf<Record<string, unknown>>(
        await ctx.db.execute(sql`${q} and x.staff_id > ${after} order by x.staff_id limit 2000`),
      ).map(toItem);
      for (const r of chunk) yield [r.name, r.certNo, r.gender, r.statusLabel, r.since ?? '', r.joinedOn];
      if (chunk.length < 2000) return;
      after = chunk[chunk.length - 1].staffId;
    }
  }
  return sendTable(reply, `${unit.empName}医保参保状态.xlsx`, '医保参保状态', COLUMNS, rows());
}

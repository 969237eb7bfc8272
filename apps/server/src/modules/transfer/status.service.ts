import type { FastifyReply } from 'fastify';
import { INSURED_STATUS_LABELS, type InsuredStatus, maskCertNo } from '@hall/shared';
import { type ExportColumn, sendTable } from '../../lib/table-export';
import type { Caller, HallContext } from '../../types';
import { type StatusFilters as Filters, type StatusRow, statusAfter, statusPage } from './status.repository';

/**
 * 医保参保状态查询 (breadcrumb 业务查询): the unit's current staff with their status in the
 * medical-insurance bureau's registry (insured_registry, kind person): 参保缴费 (active), 暂停参保
 * (in the registry, not active), 未登记 (not in it). Scoped in SQL to the caller's unit.
 */

const toItem = (r: StatusRow) => ({
  staffId: Number(r.staff_id),
  name: String(r.name),
  certNo: maskCertNo(String(r.cert_no)),
  gender: r.gender === '1' ? '男' : r.gender === '2' ? '女' : '',
  status: r.status as InsuredStatus,
  statusLabel: INSURED_STATUS_LABELS[r.status as InsuredStatus],
  since: (r.since as string | null) ?? null,
  joinedOn: String(r.joined_on),
});

export async function insuredStatusPage(ctx: HallContext, caller: Caller<'unit'>, input: Filters & { pageNum: number; pageSize: number }) {
  const { total, rows } = await statusPage(ctx.db, caller.unit.id, input, input.pageNum, input.pageSize);
  return { ...total, pageNum: input.pageNum, pageSize: input.pageSize, list: rows.map(toItem) };
}

export const EXPORT_COLUMNS: readonly ExportColumn[] = [
  { header: '姓名', key: 'name', width: 12, kind: 'text' },
  { header: '身份证号码', key: 'certNo', width: 22, kind: 'text' },
  { header: '性别', key: 'gender', width: 6, kind: 'text' },
  { header: '医保参保状态', key: 'status', width: 14, kind: 'text' },
  { header: '参保日期', key: 'since', width: 14, kind: 'date' },
  { header: '加入本单位日期', key: 'joinedOn', width: 16, kind: 'date' },
];

export async function exportInsuredStatus(ctx: HallContext, caller: Caller<'unit'>, input: Filters, reply: FastifyReply) {
  const unit = caller.unit;
  async function* rows() {
    let after = 0;
    for (;;) {
      const chunk = (await statusAfter(ctx.db, unit.id, input, after, 2000)).map(toItem);
      for (const r of chunk) yield [r.name, r.certNo, r.gender, r.statusLabel, r.since, r.joinedOn];
      if (chunk.length < 2000) return;
      after = chunk[chunk.length - 1].staffId;
    }
  }
  return sendTable(reply, `${unit.empName}医保参保状态.xlsx`, '医保参保状态', EXPORT_COLUMNS, rows());
}

import { refuse } from '../../lib/hall-error';
import { verifyAuditChain } from '../../modules/audit/chain.service';
import { type Command, optional, UsageError } from './flags';

/** `--anchor <链序>:<哈希>`: a place of the chain an auditor noted from an earlier run. */
function anchorOf(value: string | undefined) {
  if (value === undefined) return undefined;
  const m = /^(\d+):([0-9a-f]{64})$/.exec(value);
  if (!m) throw new UsageError('--anchor 须写成 <链序>:<64 位十六进制哈希>，即上次核验输出的链头');
  return { seq: Number(m[1]), hash: m[2]! };
}

/** The audit trail's check (docs/operations.md, "Checking the audit trail"). */
export const auditCommands: Record<string, Command> = {
  'audit-verify': {
    audited: false,
    summary: '核验审计日志的哈希链：指出第一条被改动、删除、插入或不在链中的记录（有则以非零状态退出）',
    usage: '[--anchor <链序>:<哈希>]',
    async run(ctx, flags) {
      const anchor = anchorOf(optional(flags, 'anchor'));
      const report = await verifyAuditChain(ctx.db, anchor);
      if (report.problem)
        throw refuse(`审计链核验未通过：${report.problem.message}。此前 ${report.rows} 条记录完整（至链序 ${report.head.seq}）。`);
      return [
        `审计链完整：共 ${report.rows} 条记录，每条的内容哈希与前一条的链接都相符${anchor ? `，且经过锚点链序 ${anchor.seq}` : ''}。`,
        `链头：${report.head.seq}:${report.head.hash}`,
        '请将链头记入审计台账；下次核验加 --anchor <链头>，可查出此前记录被改动后整链重算。',
      ].join('\n');
    },
  },
};

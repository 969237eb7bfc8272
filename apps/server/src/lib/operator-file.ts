import type { FastifyReply } from 'fastify';
import { BUREAU_FILE_MESSAGES, ERROR_REPORT_SHEET, errorReportName } from '@hall/shared';
import type { HallContext, OperatorCaller } from '../types';
import { auditCaller } from './audit';
import { refuse } from './hall-error';
import { batchOf, type BatchOwner, discardBatch, type ImportKind, invalidRowsOf, type StagedRecord } from './staged-import';
import { sendTable } from './table-export';
import type { TableColumn } from './table-file';

/**
 * An operator's staged file (the bureau's registry and settlements, a bank's statement): the
 * batch is the operator's own (`operator_id`), named by the preview's id in confirm, discard and
 * the error report; another operator's id is refused as gone, and audited (lib/staged-import.ts).
 */
export const operatorOwner = (operator: OperatorCaller): BatchOwner => ({ operatorId: operator.accountId });
const callerOf = (operator: OperatorCaller) => ({ loginType: 'operator' as const, loginName: operator.loginName });

/** The operator's batch of this kind, as the preview named it; else refused (导入预览不存在、已过期或已处理). */
export const operatorBatch = (ctx: HallContext, operator: OperatorCaller, kind: ImportKind, batchId: string, call: string) =>
  batchOf(ctx, callerOf(operator), kind, operatorOwner(operator), batchId, { call, gone: BUREAU_FILE_MESSAGES.batchGone });

/** 放弃: the preview dropped, nothing written. */
export async function discardOperatorBatch(ctx: HallContext, operator: OperatorCaller, kind: ImportKind, batchId: string, call: string) {
  await operatorBatch(ctx, operator, kind, batchId, call);
  if (!(await discardBatch(ctx, kind, operatorOwner(operator), batchId))) throw refuse(BUREAU_FILE_MESSAGES.batchGone);
  return null;
}

/** 下载错误报告: every invalid row of the operator's batch as `cells` shows it, after its row number, with its reason. */
export async function sendOperatorReport(
  ctx: HallContext,
  operator: OperatorCaller,
  file: { kind: ImportKind; batchId: string; call: string; columns: readonly TableColumn[]; cells(row: StagedRecord): unknown[] },
  reply: FastifyReply,
) {
  const batch = await operatorBatch(ctx, operator, file.kind, file.batchId, file.call);
  await auditCaller(ctx.db, ctx.clock.now(), callerOf(operator), 'download', { call: file.call, batchId: file.batchId });
  async function* rows() {
    for await (const r of invalidRowsOf(ctx.db, file.batchId)) yield [r.rowNo, ...file.cells(r), r.error];
  }
  const columns = [{ header: '行号', key: 'rowNo', width: 8 }, ...file.columns, { header: '错误原因', key: 'reason', width: 40 }];
  return sendTable(reply, errorReportName(file.kind, batch.fileName), ERROR_REPORT_SHEET, columns, rows());
}

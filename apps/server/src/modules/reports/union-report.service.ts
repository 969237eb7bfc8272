import { UNION_MESSAGES } from '@hall/shared';
import { auditRefusal } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import type { Caller, HallContext } from '../../types';
import type { ReportScope } from './reports.service';

/**
 * A level-1 union's own 统计报表 (the /Home section): the console's report functions, scoped to the
 * union and its units. The scope is the caller's own unit; a union id in the request is never read.
 * Any other caller (a unit of a union, an independent unit, a person) is refused and the refusal audited.
 */
export async function unionScope(ctx: HallContext, caller: Caller, call: string, ip?: string): Promise<ReportScope> {
  const unit = caller.loginType === 'unit' ? caller.unit : undefined;
  if (unit?.level !== 1) {
    await auditRefusal(ctx.db, ctx.clock.now(), caller, { call }, ip);
    throw refuse(UNION_MESSAGES.reportLevelOnly);
  }
  return { unionId: unit.id };
}

/** The file name of a union's export: 本工会参保统计-2026.xlsx. */
export const unionReportTitle = (title: string) => `本工会${title}`;

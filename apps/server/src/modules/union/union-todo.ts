import { chinaDay } from '@hall/shared';
import type { Caller, HallContext } from '../../types';
import { recentRejection } from './union.repository';

/** How long a rejected change stays on the union's to-do list when nothing is resubmitted. */
export const REJECTION_TODO_DAYS = 30;

/**
 * The to-do of a level-1 union whose newest change of its information was rejected (in the last
 * 30 days, and nothing submitted since): derived from the change records, no table.
 */
export const unionInfoRejected = {
  kind: 'unionInfoRejected' as const,
  applies: (caller: Caller): caller is Caller<'unit'> => caller.loginType === 'unit' && caller.unit.level === 1,
  async collect(ctx: HallContext, caller: Caller<'unit'>, when: { now: Date }) {
    const since = new Date(when.now.getTime() - REJECTION_TODO_DAYS * 86_400_000);
    const row = await recentRejection(ctx.db, caller.unit.id, since);
    if (!row) return null;
    return {
      kind: 'unionInfoRejected' as const,
      title: '被驳回的工会信息变更',
      detail: `您于 ${chinaDay(row.submittedAt)} 提交的工会信息变更被驳回${row.reviewNote ? `，原因：${row.reviewNote}` : ''}。请核实后在“基层工会信息”中重新提交。`,
      count: 1,
      route: '/uniInformationEdit?state=rejected',
      urgent: true,
      at: row.decidedAt ? row.decidedAt.toISOString() : null,
    };
  },
};

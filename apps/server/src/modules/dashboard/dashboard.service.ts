import { chinaDay, chinaMidnight, type OperatorRole } from '@hall/shared';
import type { HallContext } from '../../types';
import { dashboardCounts, type QueueCount } from './dashboard.repository';

/** The back office's queues: who works each (the auditor sees them all), its words and its page. */
export const QUEUES = [
  { key: 'registrations', label: '单位注册审核', role: 'reviewer' },
  { key: 'unionChanges', label: '工会信息变更审核', role: 'reviewer' },
  { key: 'claims', label: '补助审核', role: 'reviewer' },
  { key: 'transfers', label: '关系转移', role: 'reviewer' },
  { key: 'filings', label: '异地就医备案', role: 'reviewer' },
  { key: 'paymentChecks', label: '缴费复核', role: 'finance' },
  { key: 'unpaid', label: '待缴费', role: 'finance' },
  { key: 'claimPayouts', label: '补助待发放', role: 'finance' },
  { key: 'treatmentPayouts', label: '待遇待发放', role: 'finance' },
] as const satisfies ReadonlyArray<{ key: string; label: string; role: OperatorRole }>;

const DAY_MS = 86_400_000;

/**
 * 工作台: what waits in each of the operator's queues, with its count and how many days the oldest
 * item has waited, and today's figures (China day).
 */
export async function dashboard(ctx: HallContext, roles: readonly OperatorRole[]) {
  const now = ctx.clock.now();
  const today = chinaDay(now);
  const counts = await dashboardCounts(ctx.db, chinaMidnight(today));
  const queues = QUEUES.filter((q) => roles.includes(q.role) || roles.includes('auditor')).map((q) => {
    const { count, oldest } = counts[q.key] as QueueCount;
    const since = oldest ? new Date(oldest) : null;
    return {
      ...q,
      count: Number(count),
      oldestAt: since?.toISOString() ?? null,
      oldestDays: since ? Math.floor((now.getTime() - since.getTime()) / DAY_MS) : null,
    };
  });
  const figure = (key: string) => Number(counts[key]);
  return {
    today,
    queues,
    figures: {
      registrations: figure('todayRegistrations'),
      applications: figure('todayApplications'),
      payments: figure('todayPayments'),
      claims: figure('todayClaims'),
      payouts: figure('todayPayouts'),
    },
  };
}

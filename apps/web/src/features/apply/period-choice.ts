import type { PeriodInfo } from '@hall/shared/contracts/enrolment.ts';
import type { ApplicationKind } from '@hall/shared/enrolment/index.ts';

/** The period a clerk works on by default: the one enrolling, else the one in force, else the newest. */
export function defaultPeriod(list: readonly PeriodInfo[]): PeriodInfo | undefined {
  return list.find((p) => p.phase === 'enrolling') ?? list.find((p) => p.phase === 'inForce') ?? list[0];
}

/** The kind a period allows today (new in its window, add while in force), or null. */
export const kindAllowed = (p: PeriodInfo | undefined): ApplicationKind | null => (p?.canApplyNew ? 'new' : p?.canApplyAdd ? 'add' : null);

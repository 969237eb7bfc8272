import { ACTING_FOR_HEADER, UNIT_BUSINESS_CALLS } from '@hall/shared/org/index.ts';
import { readSession } from './storage';

/**
 * 代分会办理 (issue 10): the released branch a 93 union chose on its business pages. The request
 * client sends the unit-business calls with the branch's uact in x-hall-acting-for and the server
 * answers them as the branch. Kept in memory for the union that chose it: a reload or another
 * login starts again as the union itself.
 */
let current: { union: string; branch: string } | null = null;
const listeners = new Set<() => void>();

export function setActingFor(branch: string | null) {
  const session = readSession();
  current = branch && session?.loginType === 'unit' ? { union: session.unit.uact, branch } : null;
  for (const l of listeners) l();
}

/** The branch acted for by the signed-in union, or null. */
export function actingFor(): string | null {
  if (!current) return null;
  const session = readSession();
  return session?.loginType === 'unit' && session.unit.uact === current.union ? current.branch : null;
}

/** The header a call carries: only the unit-business calls, only while a branch is chosen. */
export function actingHeadersOf(callName: string | undefined): Record<string, string> {
  const branch = actingFor();
  return branch && callName && UNIT_BUSINESS_CALLS.includes(callName) ? { [ACTING_FOR_HEADER]: branch } : {};
}

export function subscribeActing(l: () => void) {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}

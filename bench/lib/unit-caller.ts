import type { Caller } from '../../apps/server/src/types';

/**
 * A unit user as the auth plugin would hand it to a service (level 2, insured), for benches that
 * call services directly, without the HTTP layer: built from the unit's row.
 */
export function unitCaller(unit: Record<string, unknown>): Caller<'unit'> {
  return {
    accountId: 0,
    sessionId: 'bench',
    loginType: 'unit',
    loginName: String(unit.uact),
    unit: {
      id: Number(unit.id),
      uact: String(unit.uact),
      empName: String(unit.emp_name),
      level: 2,
      uniType: null,
      parentId: null,
      insured: true,
    },
  };
}

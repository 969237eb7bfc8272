import type { Call } from '@hall/shared/contracts/define.ts';
import { mayCall } from '@hall/shared/operator-roles.ts';
import { useOperator } from './session';

/**
 * Whether the signed-in operator may make a call: a page the auditor reads shows no change
 * buttons (the server refuses them anyway, shared `mayCall`).
 */
export function useMayCall(call: Call) {
  const operator = useOperator();
  return operator ? mayCall(call, operator.roles) : false;
}

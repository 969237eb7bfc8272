import { opsCalls } from '@hall/shared/contracts/ops.ts';
import type { CallInput } from '@hall/shared/contracts/define.ts';
import { useChange } from '@hall/client/use-change.ts';
import { request } from '../../../lib/request';
import { saveOperator } from '../../../lib/session';

export type PasswordChange = CallInput<typeof opsCalls.opsPasswordChange>;

/**
 * The first password change (and after a reset): the server refuses every other call until it
 * is done (OPERATOR_FIRST_PASSWORD); then the operator is read again, so the console opens.
 */
export async function changePassword(change: PasswordChange) {
  await request.call(opsCalls.opsPasswordChange, change);
  const { data } = await request.call(opsCalls.opsMe);
  saveOperator(data);
}

export const usePasswordChange = () => useChange(changePassword);

import { opsCalls } from '@hall/shared/contracts/ops.ts';
import type { CallInput } from '@hall/shared/contracts/define.ts';
import { useChange } from '@hall/client/use-change.ts';
import { request } from '../../../lib/request';
import { type Operator, signIn } from '../../../lib/session';

export type LoginForm = CallInput<typeof opsCalls.opsLogin>;

/**
 * The operator's login: the hall's captcha, lock and session rules on the server. Silent: the
 * form shows the server's refusal (wrong password, locked) beside itself, not only in a toast.
 */
export async function login(form: LoginForm): Promise<Operator> {
  const { data } = await request.call(opsCalls.opsLogin, form, { silent: true });
  const { operator, ...pair } = data;
  signIn(pair, operator);
  return operator;
}

export const useLogin = () => useChange(login);

import { opsCalls } from '@hall/shared/contracts/ops.ts';
import { request } from '../../../lib/request';
import { clearConsoleSession } from '../../../lib/session';

/** Ends the session on the server (best effort: a lapsed session ends here all the same). */
export async function logout() {
  await request.call(opsCalls.opsLogout, undefined, { silent: true }).catch(() => undefined);
  clearConsoleSession();
}

import { opsAdminCalls } from '@hall/shared/contracts/ops-admin.ts';
import { useChange } from '@hall/client/use-change.ts';
import { toast } from '../../../lib/feedback';
import { request } from '../../../lib/request';
import { accountsKey } from './account-find';
import { operatorsKey } from '../../operators/api/operator-list';

/** The actions on an account; each is audited with its reason. */
export type AccountAction = 'unlock' | 'reset' | 'disable' | 'enable';

export const ACTION_LABELS: Record<AccountAction, string> = {
  unlock: '解除锁定',
  reset: '重置密码',
  disable: '停用',
  enable: '启用',
};

const CALLS = {
  unlock: opsAdminCalls.opsAccountUnlock,
  disable: opsAdminCalls.opsAccountDisable,
  enable: opsAdminCalls.opsAccountEnable,
} as const;

interface Input {
  action: AccountAction;
  accountId: number;
  login: string;
  reason: string;
}

/** The answer of 重置密码 is the new password (shown once); the others answer nothing. */
const act = async ({ action, accountId, login, reason }: Input) => {
  if (action === 'reset') return (await request.call(opsAdminCalls.opsAccountReset, { accountId, reason })).data;
  await request.call(CALLS[action], { accountId, reason });
  toast.success(`已${ACTION_LABELS[action]}：${login}`);
  return null;
};

/** One action on an account: the found accounts and the operators' list follow. */
export const useAccountAction = () => useChange(act, [accountsKey, operatorsKey]);

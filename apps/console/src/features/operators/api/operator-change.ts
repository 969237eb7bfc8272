import { opsAdminCalls } from '@hall/shared/contracts/ops-admin.ts';
import type { OperatorRole } from '@hall/shared/operator-roles.ts';
import { useChange } from '@hall/client/use-change.ts';
import { toast } from '../../../lib/feedback';
import { request } from '../../../lib/request';
import { operatorsKey } from './operator-list';

const create = (input: { login: string; name: string; roles: OperatorRole[] }) =>
  request.call(opsAdminCalls.opsOperatorCreate, input).then((answer) => answer.data);

const setRoles = (input: { login: string; roles: OperatorRole[] }) =>
  request.call(opsAdminCalls.opsOperatorRoles, input).then(() => toast.success(`已设置角色：${input.login}`));

/** 新建操作员: its answer carries the first password (shown once). */
export const useCreateOperator = () => useChange(create, [operatorsKey]);

/** 设置角色 of another operator (the server refuses one's own). */
export const useSetOperatorRoles = () => useChange(setRoles, [operatorsKey]);

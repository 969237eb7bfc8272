import { opsAdminCalls } from '@hall/shared/contracts/ops-admin.ts';
import { useChange } from '@hall/client/use-change.ts';
import { request } from '../../../lib/request';

/** The person's full ID number and phone, for a stated reason (the server audits it). */
const unmask = ({ personId, reason }: { personId: number; reason: string }) =>
  request.call(opsAdminCalls.opsPersonUnmask, { personId, reason }).then((answer) => answer.data);

export const useUnmaskPerson = () => useChange(unmask);

import { unionCalls } from '@hall/shared/contracts/union.ts';
import { useChange } from '@hall/client/use-change.ts';
import { toast } from '../../../lib/feedback';
import { waitingListKey } from '../../../lib/query-keys';
import { request } from '../../../lib/request';
import { unionChangesKey } from './union-change-list';

interface Decision {
  id: number;
  note?: string;
}

const approve = ({ id, note }: Decision) =>
  request
    .call(unionCalls.opsUnionChangeApprove, { id, ...(note ? { note } : {}) })
    .then(({ data }) => toast.success(`已审核通过：${data.unitName}`));

const reject = ({ id, note }: Required<Decision>) =>
  request.call(unionCalls.opsUnionChangeReject, { id, note }).then(({ data }) => toast.success(`已驳回：${data.unitName}`));

export const useApproveUnionChange = () => useChange(approve, [unionChangesKey, waitingListKey]);
export const useRejectUnionChange = () => useChange(reject, [unionChangesKey, waitingListKey]);

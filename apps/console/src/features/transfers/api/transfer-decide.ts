import { personalCalls } from '@hall/shared/contracts/personal.ts';
import { useChange } from '@hall/client/use-change.ts';
import { toast } from '../../../lib/feedback';
import { waitingListKey } from '../../../lib/query-keys';
import { request } from '../../../lib/request';
import { transfersKey } from './transfer-list';

const confirm = (id: number) =>
  request.call(personalCalls.opsTransferConfirm, { id }).then(({ data }) => toast.success(`已确认关系转移：${data.personName}`));

const returnTransfer = ({ id, reason }: { id: number; reason: string }) =>
  request.call(personalCalls.opsTransferReturn, { id, reason }).then(({ data }) => toast.success(`已退回关系转移：${data.personName}`));

export const useConfirmTransfer = () => useChange(confirm, [transfersKey, waitingListKey]);
export const useReturnTransfer = () => useChange(returnTransfer, [transfersKey, waitingListKey]);

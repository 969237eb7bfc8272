import { personalCalls } from '@hall/shared/contracts/personal.ts';
import { useChange } from '@hall/client/use-change.ts';
import { toast } from '../../../lib/feedback';
import { waitingListKey } from '../../../lib/query-keys';
import { request } from '../../../lib/request';
import { filingsKey } from './filing-list';

const confirm = (id: number) =>
  request.call(personalCalls.opsFilingConfirm, { id }).then(({ data }) => toast.success(`已确认备案：${data.personName}`));

const returnFiling = ({ id, reason }: { id: number; reason: string }) =>
  request.call(personalCalls.opsFilingReturn, { id, reason }).then(({ data }) => toast.success(`已退回备案：${data.personName}`));

export const useConfirmFiling = () => useChange(confirm, [filingsKey, waitingListKey]);
export const useReturnFiling = () => useChange(returnFiling, [filingsKey, waitingListKey]);

import { enrolmentCalls } from '@hall/shared/contracts/enrolment.ts';
import { request } from '../../../lib/request';
import { useChange } from '../../../lib/use-change';
import { examineDetailKey } from './examine-detail';
import { examineListKey } from './examine-list';

/** examine/approve: 已提交 → 待缴费. */
export const approveApplication = (id: number) => request.call(enrolmentCalls.examineApprove, { id }).then((a) => a.data);

/** examine/return: back to the unit with the reason. */
export const returnApplication = ({ id, reason }: { id: number; reason: string }) =>
  request.call(enrolmentCalls.examineReturn, { id, reason }).then((a) => a.data);

/** examine/batchApprove: each on its own; answers how many went through and which failed. */
export const batchApprove = (ids: number[]) => request.call(enrolmentCalls.examineBatchApprove, { ids }).then((a) => a.data);

/** A decision, then the list and the detail under review follow. */
const decided = [examineListKey, examineDetailKey];
export const useApproveApplication = () => useChange(approveApplication, decided);
export const useReturnApplication = () => useChange(returnApplication, decided);
export const useBatchApprove = () => useChange(batchApprove, decided);

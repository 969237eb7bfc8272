import { opsCalls } from '@hall/shared/contracts/ops.ts';
import { useChange } from '@hall/client/use-change.ts';
import { request } from '../../../lib/request';
import { toast } from '../../../lib/feedback';
import { waitingListKey } from '../../../lib/query-keys';
import { registrationsKey } from './registration-list';

// The server answers a plain 操作成功; the toast names what was done to which unit.
const approve = (uact: string) => request.call(opsCalls.opsRegistrationApprove, { uact }).then(() => toast.success(`已审核通过：${uact}`));

const reject = ({ uact, reason }: { uact: string; reason: string }) =>
  request.call(opsCalls.opsRegistrationReject, { uact, reason }).then(() => toast.success(`已驳回：${uact}`));

/** 审核通过: the lists and the workbench's count follow. */
export const useApproveRegistration = () => useChange(approve, [registrationsKey, waitingListKey]);

/** 驳回 with its reason. */
export const useRejectRegistration = () => useChange(reject, [registrationsKey, waitingListKey]);

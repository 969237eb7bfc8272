import { opsCalls } from '@hall/shared/contracts/ops.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import type { PaymentConfirmFields } from '@hall/shared/schemas/operator.ts';
import { useChange } from '@hall/client/use-change.ts';
import { request } from '../../../lib/request';
import { waitingListKey } from '../../../lib/query-keys';
import { payablesKey } from './payable-list';
import { paymentEntriesKey } from './payment-entries';

export type PaymentAnswer = CallData<typeof opsCalls.opsPaymentConfirm>;

// Silent: the dialog shows the server's refusal beside the fields (e.g. 由您登记，须由另一名财务人员复核确认).
const confirm = (fields: PaymentConfirmFields) =>
  request.call(opsCalls.opsPaymentConfirm, fields, { silent: true }).then((answer) => answer.data);

/** 确认缴费 (or, above the second-check amount, its first entry): both lists and the workbench follow. */
export const useConfirmPayment = () => useChange(confirm, [payablesKey, paymentEntriesKey, waitingListKey]);

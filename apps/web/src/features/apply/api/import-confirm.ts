import { enrolmentCalls } from '@hall/shared/contracts/enrolment.ts';
import type { CallInput } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

/** confirmApplyImport: the preview's valid rows written in one transaction. */
export const confirmApplyImport = (input: CallInput<typeof enrolmentCalls.applyImportConfirm>) =>
  request.call(enrolmentCalls.applyImportConfirm, input).then((a) => a.data);

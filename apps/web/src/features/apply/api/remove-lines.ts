import { enrolmentCalls } from '@hall/shared/contracts/enrolment.ts';
import type { CallInput } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

/** removeLines: lines out of a draft or returned application. */
export const removeLines = (input: CallInput<typeof enrolmentCalls.applyRemoveLines>) =>
  request.call(enrolmentCalls.applyRemoveLines, input).then((a) => a.data);

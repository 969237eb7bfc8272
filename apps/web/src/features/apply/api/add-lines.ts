import { enrolmentCalls } from '@hall/shared/contracts/enrolment.ts';
import type { CallInput } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';
import { useChange } from '../../../lib/use-change';

/** addLines: selected staff × products × shares; answers what was added and what was left out. */
export const addLines = (input: CallInput<typeof enrolmentCalls.applyAddLines>) =>
  request.call(enrolmentCalls.applyAddLines, input).then((a) => a.data);
export const useAddLines = () => useChange(addLines);

import { enrolmentCalls } from '@hall/shared/contracts/enrolment.ts';
import type { CallInput } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';
import { useAsked } from '../../../lib/use-asked';

export type ExamineDetailQuery = CallInput<typeof enrolmentCalls.examineDetail>;

/** examine/queryDataById: a member's application under review. */
export const fetchExamineDetail = (query: ExamineDetailQuery) => request.call(enrolmentCalls.examineDetail, query).then((a) => a.data);
export const examineDetailKey = ['examine', 'detail'] as const;
export const useExamineDetail = (query: ExamineDetailQuery | null) => useAsked(examineDetailKey, fetchExamineDetail, query);

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { enrolmentCalls } from '@hall/shared/contracts/enrolment.ts';
import type { CallInput } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

export type ExamineListQuery = CallInput<typeof enrolmentCalls.examineList>;

/** examine/getPageList: the members' applications, waiting ones first. */
export const fetchExamineList = (query: ExamineListQuery) => request.call(enrolmentCalls.examineList, query).then((a) => a.data);
export const examineListKey = ['examine', 'list'] as const;
export const useExamineList = (query: ExamineListQuery) =>
  useQuery({ queryKey: [...examineListKey, query], queryFn: () => fetchExamineList(query), placeholderData: keepPreviousData });

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { enrolmentCalls } from '@hall/shared/contracts/enrolment.ts';
import type { CallInput } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

export type ApplyListQuery = CallInput<typeof enrolmentCalls.applyList>;

/** getPageList: the unit's own applications, newest first. */
export const fetchApplyList = (query: ApplyListQuery) => request.call(enrolmentCalls.applyList, query).then((a) => a.data);
export const applyListKey = ['apply', 'list'] as const;
export const useApplyList = (query: ApplyListQuery) =>
  useQuery({ queryKey: [...applyListKey, query], queryFn: () => fetchApplyList(query), placeholderData: keepPreviousData });

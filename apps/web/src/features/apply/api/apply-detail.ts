import { enrolmentCalls } from '@hall/shared/contracts/enrolment.ts';
import type { CallInput } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';
import { useAsked } from '../../../lib/use-asked';

export type DetailQuery = CallInput<typeof enrolmentCalls.applyDetail>;

/** queryDataById: header, totals per product, history and a page of lines of an own application. */
export const fetchApplyDetail = (query: DetailQuery) => request.call(enrolmentCalls.applyDetail, query).then((a) => a.data);
export const applyDetailKey = ['apply', 'detail'] as const;
export const useApplyDetail = (query: DetailQuery | null) => useAsked(applyDetailKey, fetchApplyDetail, query);

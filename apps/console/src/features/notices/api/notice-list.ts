import { useQuery } from '@tanstack/react-query';
import { opsCalls } from '@hall/shared/contracts/ops.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

export type Notice = CallData<typeof opsCalls.opsNoticeList>['list'][number];

export const fetchNotices = () => request.call(opsCalls.opsNoticeList).then((answer) => answer.data.list);

export const noticesKey = ['ops', 'notices'] as const;

/** Every notice and policy document, drafts and withdrawn ones too. */
export const useNotices = () => useQuery({ queryKey: noticesKey, queryFn: fetchNotices });

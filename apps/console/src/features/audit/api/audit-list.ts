import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { opsAdminCalls } from '@hall/shared/contracts/ops-admin.ts';
import type { CallData, CallInput } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

export type AuditRow = CallData<typeof opsAdminCalls.opsAuditList>['list'][number];
export type AuditQuery = CallInput<typeof opsAdminCalls.opsAuditList>;
export type AuditFilter = Omit<AuditQuery, 'before'>;

export const fetchAuditLog = (query: AuditQuery) => request.call(opsAdminCalls.opsAuditList, query).then((answer) => answer.data);

export const auditKey = ['ops', 'audit'] as const;

/** A page of the log (newest first, 50 a page; `before` is the last id of the page above). */
export const useAuditLog = (query: AuditQuery) =>
  useQuery({ queryKey: [...auditKey, query], queryFn: () => fetchAuditLog(query), placeholderData: keepPreviousData });

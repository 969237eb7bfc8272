import { useQuery } from '@tanstack/react-query';
import { opsAdminCalls } from '@hall/shared/contracts/ops-admin.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { waitingListKey } from '../../../lib/query-keys';
import { request } from '../../../lib/request';

export type Dashboard = CallData<typeof opsAdminCalls.opsDashboard>;
export type Queue = Dashboard['queues'][number];

/** The operator's queues (the server keeps those of its roles) and today's figures. */
export const fetchDashboard = () => request.call(opsAdminCalls.opsDashboard).then((answer) => answer.data);

export const useDashboard = () => useQuery({ queryKey: waitingListKey, queryFn: fetchDashboard });

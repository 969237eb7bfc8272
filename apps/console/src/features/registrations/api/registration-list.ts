import { useQuery } from '@tanstack/react-query';
import { opsCalls } from '@hall/shared/contracts/ops.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

export type Registration = CallData<typeof opsCalls.opsRegistrationList>['list'][number];
export type RegistrationStatus = Registration['status'];

export const fetchRegistrations = (status: RegistrationStatus) =>
  request.call(opsCalls.opsRegistrationList, { status }).then((answer) => answer.data.list);

export const registrationsKey = ['ops', 'registrations'] as const;

export const useRegistrations = (status: RegistrationStatus) =>
  useQuery({ queryKey: [...registrationsKey, status], queryFn: () => fetchRegistrations(status) });

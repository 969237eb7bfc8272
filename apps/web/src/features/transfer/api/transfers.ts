import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { personalCalls } from '@hall/shared/contracts/personal.ts';
import type { CallData, CallInput } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';
import { useChange } from '../../../lib/use-change';

export type TransferQuery = CallInput<typeof personalCalls.transferList>;
export type TransferPage = CallData<typeof personalCalls.transferList>;
export type TransferItem = TransferPage['list'][number];
export type UnitHit = CallData<typeof personalCalls.transferUnitSearch>['list'][number];
export type StaffOption = CallData<typeof personalCalls.transferStaffOptions>['list'][number];

export const fetchTransfers = (query: TransferQuery) => request.call(personalCalls.transferList, query).then((a) => a.data);
export const transfersKey = (query?: TransferQuery) => ['transfer', 'list', ...(query ? [query] : [])] as const;
export const useTransfers = (query: TransferQuery) =>
  useQuery({ queryKey: transfersKey(query), queryFn: () => fetchTransfers(query), placeholderData: keepPreviousData });

export const fetchTransferStaff = () => request.call(personalCalls.transferStaffOptions).then((a) => a.data.list);
export const useTransferStaff = (enabled: boolean) => useQuery({ queryKey: ['transfer', 'staff'], queryFn: fetchTransferStaff, enabled });

export const searchUnits = (keyword: string) => request.call(personalCalls.transferUnitSearch, { keyword }).then((a) => a.data.list);

const applyOut = (input: CallInput<typeof personalCalls.transferOutApply>) =>
  request.call(personalCalls.transferOutApply, input).then((a) => a.data);
export const useApplyOut = () => useChange(applyOut, [transfersKey()]);
export const cancelOut = (id: number) => request.call(personalCalls.transferOutCancel, { id }).then((a) => a.data);
export const receiveInto = (id: number) => request.call(personalCalls.transferReceive, { id }).then((a) => a.data);
export const returnInto = (id: number, reason: string) => request.call(personalCalls.transferReturn, { id, reason }).then((a) => a.data);

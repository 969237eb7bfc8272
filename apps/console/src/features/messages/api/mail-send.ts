import { useQuery } from '@tanstack/react-query';
import { opsCalls } from '@hall/shared/contracts/ops.ts';
import { opsContentCalls } from '@hall/shared/contracts/ops-content.ts';
import type { CallData, CallInput } from '@hall/shared/contracts/define.ts';
import { useChange } from '@hall/client/use-change.ts';
import { request } from '../../../lib/request';

export const sendMail = (input: CallInput<typeof opsCalls.opsMailSend>) =>
  request.call(opsCalls.opsMailSend, input).then((answer) => answer.data);

export const sendUnionMail = (input: CallInput<typeof opsContentCalls.opsMailSendUnion>) =>
  request.call(opsContentCalls.opsMailSendUnion, input).then((answer) => answer.data);

/** 发送站内信 to a unit (by account) or a person (by ID number), from 市总工会. */
export const useSendMail = () => useChange(sendMail);
/** 发送站内信 to a level-1 union and every unit under it. */
export const useSendUnionMail = () => useChange(sendUnionMail);

export type UnionChoice = CallData<typeof opsContentCalls.opsUnionFind>['list'][number];

/** Level-1 unions whose account is the keyword or whose name holds it, with the units a message to each reaches. */
export const useUnionFind = (keyword: string) =>
  useQuery({
    queryKey: ['ops', 'unions', keyword],
    queryFn: () => request.call(opsContentCalls.opsUnionFind, { keyword }).then((answer) => answer.data.list),
    enabled: keyword !== '',
    staleTime: 60_000,
  });

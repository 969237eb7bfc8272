import { useQuery } from '@tanstack/react-query';
import { homeCalls } from '@hall/shared/contracts/home.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

export type HomeFigures = CallData<typeof homeCalls.homeFigures>;
export type UnitFigures = Extract<HomeFigures, { loginType: 'unit' }>;
export type PersonFigures = Extract<HomeFigures, { loginType: 'personal' }>;

export const homeFiguresKey = ['home', 'keyFigures'] as const;

/** homeFigures: the caller's key figures (统计卡片). Fresh on each visit of the (kept-alive) page. */
export const fetchHomeFigures = () => request.call(homeCalls.homeFigures, undefined, { silent: true }).then((a) => a.data);

export const useHomeFigures = () =>
  useQuery({ queryKey: homeFiguresKey, queryFn: fetchHomeFigures, staleTime: 30_000, refetchOnMount: 'always' });

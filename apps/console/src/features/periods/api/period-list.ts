import { useQuery } from '@tanstack/react-query';
import { opsCalls } from '@hall/shared/contracts/ops.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

export type Period = CallData<typeof opsCalls.opsPeriodList>['list'][number];
export type Product = Period['products'][number];
export type BenefitRule = Product['benefitRule'];

export const periodsKey = ['ops', 'periods'] as const;

/** The periods with their products, newest year first. */
export const usePeriods = () =>
  useQuery({ queryKey: periodsKey, queryFn: () => request.call(opsCalls.opsPeriodList).then((answer) => answer.data.list) });

import { useQuery } from '@tanstack/react-query';
import { registrationCalls } from '@hall/shared/contracts/registration.ts';
import type { CallInput } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';
import { useChange } from '../../../lib/use-change';

/** selectUnitInfo (logged-in unit): what /improveInfo shows and edits. */
export const fetchUnitInfo = () => request.call(registrationCalls.selectUnitInfo).then((a) => a.data);
export const unitInfoKey = ['unit-info'] as const;
export const useUnitInfo = () => useQuery({ queryKey: unitInfoKey, queryFn: fetchUnitInfo, staleTime: 0 });

/** completionRegInfo: the unit's information completed (the next login no longer answers 600067). */
const completeUnitInfo = (form: CallInput<typeof registrationCalls.completionRegInfo>) =>
  request.call(registrationCalls.completionRegInfo, form).then((a) => a.data);
export const useCompleteUnitInfo = () => useChange(completeUnitInfo);

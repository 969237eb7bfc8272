import { useQuery } from '@tanstack/react-query';
import { featureCalls } from '@hall/shared/contracts/features.ts';
import type { CallData } from '@hall/shared/contracts/define.ts';
import { useChange } from '@hall/client/use-change.ts';
import { toast } from '../../../lib/feedback';
import { request } from '../../../lib/request';

export type FeatureFlag = CallData<typeof featureCalls.opsFeatureFlagList>['list'][number];

export const fetchFlags = () => request.call(featureCalls.opsFeatureFlagList).then((answer) => answer.data.list);

export const flagsKey = ['ops', 'flags'] as const;

export const useFlags = () => useQuery({ queryKey: flagsKey, queryFn: fetchFlags });

const setFlag = ({ name, on, label }: Pick<FeatureFlag, 'name' | 'on' | 'label'>) =>
  request.call(featureCalls.opsFeatureFlagSet, { name, on }).then(() => toast.success(`已${on ? '打开' : '关闭'}：${label}`));

/** 打开 or 关闭 one flag (audited). */
export const useSetFlag = () => useChange(setFlag, [flagsKey]);

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { featureCalls } from '@hall/shared/contracts/features.ts';
import type { CallData, CallInput } from '@hall/shared/contracts/define.ts';
import type { EvaluationKind } from '@hall/shared/feature-services.ts';
import { useFeatureFlags } from './feature-flags-page';
import { request } from './request';

/**
 * 好差评 (flag evaluation, docs-flags.md F4): the caller's ratings of the services a list shows
 * (one call per page of a list), and the rating itself. Shared by the lists of several features.
 */
export type Evaluation = CallData<typeof featureCalls.evaluationSubmit>;
export type EvaluationInput = CallInput<typeof featureCalls.evaluationSubmit>;

export const evaluationKey = ['evaluation'] as const;

export const fetchEvaluations = (kind: EvaluationKind, ids: string[]) =>
  request.call(featureCalls.evaluationQuery, { kind, ids }, { silent: true }).then((a) => a.data.list);

/** The caller's ratings of these services, while the flag is on (`on` false: show nothing). */
export function useEvaluations(kind: EvaluationKind, ids: string[]): { on: boolean; byId: Map<string, Evaluation> } {
  const { evaluation: on } = useFeatureFlags();
  const query = useQuery({
    queryKey: [...evaluationKey, kind, ids],
    queryFn: () => fetchEvaluations(kind, ids),
    enabled: on && ids.length > 0,
    retry: false,
  });
  return { on, byId: new Map((query.data ?? []).map((e) => [e.id, e] as const)) };
}

export const submitEvaluation = (input: EvaluationInput) => request.call(featureCalls.evaluationSubmit, input).then((a) => a.data);

export function useSubmitEvaluation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitEvaluation,
    onSettled: () => client.invalidateQueries({ queryKey: evaluationKey }),
  });
}

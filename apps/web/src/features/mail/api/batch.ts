import { useMutation, useQueryClient } from '@tanstack/react-query';
import { featureCalls } from '@hall/shared/contracts/features.ts';
import { request } from '../../../lib/request';
import { mailKey } from './page';

/** 批量操作 (flag batch): mark several of the caller's messages read, or delete them; all or none. */
export const mailBatch = (input: { action: 'read' | 'delete'; ids: string[] }) =>
  request.call(featureCalls.mailBatch, input).then((answer) => answer.data);

export function useMailBatch() {
  const client = useQueryClient();
  return useMutation({ mutationFn: mailBatch, onSettled: () => client.invalidateQueries({ queryKey: mailKey }) });
}

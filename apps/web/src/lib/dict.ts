import { useQuery } from '@tanstack/react-query';
import type { DictEntry } from '@hall/shared/codes/dictionaries.ts';
import { dictCalls } from '@hall/shared/contracts/dict.ts';
import { request, type RequestClient } from './request';

/** One query key per dictionary type (R23). */
export const dictKey = (type: string) => ['dict', type] as const;

/** Fetches one dictionary; a failure is logged and reads as empty, never shown (R57). */
export async function fetchDict(type: string, client: Pick<RequestClient, 'call'> = request): Promise<DictEntry[]> {
  try {
    const answer = await client.call(dictCalls.dictList, { type }, { silent: true });
    return Array.isArray(answer.data) ? answer.data : [];
  } catch (error) {
    console.error(`字典 ${type} 加载失败`, error);
    return [];
  }
}

/**
 * A dictionary's entries. Cached for the page's life, except that an empty list counts as
 * stale, so it is fetched again at its next use (R23: re-fetched when the cached list is empty).
 */
export function useDict(type: string, client?: Pick<RequestClient, 'call'>) {
  const query = useQuery({
    queryKey: dictKey(type),
    queryFn: () => fetchDict(type, client),
    staleTime: (q) => (q.state.data?.length ? Infinity : 0),
    gcTime: Infinity,
    retry: false,
  });
  return { entries: query.data ?? [], loading: query.isLoading };
}

/** The label of a value in a dictionary's entries ('' when unknown). */
export const dictLabel = (entries: readonly DictEntry[], value: unknown) =>
  entries.find((entry) => entry.value === String(value ?? ''))?.label ?? '';

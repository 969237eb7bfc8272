import { useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { orgCalls } from '@hall/shared/contracts/org.ts';
import { actingFor, setActingFor, subscribeActing } from './acting-state';
import { request } from './request';

/** The branch a 93 union acts for (lib/acting-state) as React state, and the choice. */
export function useActingFor() {
  const branch = useSyncExternalStore(subscribeActing, actingFor, () => null);
  const client = useQueryClient();
  const choose = (next: string | null) => {
    setActingFor(next);
    // Every list on screen was the previous unit's: fetch again for the one now chosen.
    void client.resetQueries({ predicate: (q) => q.queryKey[0] !== 'user-info' && q.queryKey[0] !== 'acting-options' });
  };
  return { branch, choose };
}

/** The released branches the signed-in 93 union may act for (subOptions). */
export function useActingOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['acting-options'],
    queryFn: () => request.call(orgCalls.subOptions, undefined, { silent: true }).then((a) => a.data),
    enabled,
    staleTime: 60_000,
  });
}

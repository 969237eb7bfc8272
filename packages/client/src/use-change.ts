import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A change through the server as a mutation (its `isPending` drives the button, no busy flag of
 * its own), then the queries under `refreshes` follow. A failure was shown by the request client:
 * `mutate` swallows it, `mutateAsync` rejects so a dialog can stay open.
 */
export function useChange<I, O>(mutationFn: (input: I) => Promise<O>, refreshes: readonly QueryKey[] = []) {
  const client = useQueryClient();
  return useMutation({
    // The input only: react-query's second argument (its context) would land in a call's optional parameter.
    mutationFn: (input: I) => mutationFn(input),
    onSuccess: () => {
      for (const queryKey of refreshes) void client.invalidateQueries({ queryKey });
    },
  });
}

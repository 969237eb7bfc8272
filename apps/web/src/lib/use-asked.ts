import { keepPreviousData, useQuery } from '@tanstack/react-query';

/** A query asked once its input is there (null: not yet), keeping the last answer while the next loads. */
export const useAsked = <I, A>(key: readonly unknown[], fetch: (input: I) => Promise<A>, input: I | null) =>
  useQuery({ queryKey: [...key, input], queryFn: () => fetch(input as I), enabled: input !== null, placeholderData: keepPreviousData });

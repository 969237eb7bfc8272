import { useEffect, useState } from 'react';

/** How long typing must pause before a picker searches (one request per pause, not per key). */
export const SEARCH_DEBOUNCE_MS = 300;

/** A value that settles: it follows `value` once `value` has stayed the same for `ms`. */
export function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised value is the dependency
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled;
}

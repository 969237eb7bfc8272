import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { opsCalls } from '@hall/shared/contracts/ops.ts';
import { request } from '../../../lib/request';
import { type Operator, readOperator, saveOperator } from '../../../lib/session';

export const fetchMe = () => request.call(opsCalls.opsMe, undefined, { silent: true }).then((answer) => answer.data);

export const meKey = (loginName: string | undefined) => ['ops', 'me', loginName] as const;

const same = (a: Operator, b: Operator) =>
  a.loginName === b.loginName && a.name === b.name && a.mustChangePassword === b.mustChangePassword && a.roles.join() === b.roles.join();

/**
 * The stored operator is what the login answered: once per page load the server is asked again,
 * so roles changed or a password reset since then reach the menu and the forced change screen.
 * Applied when the answer arrives only (a change made later in this tab, the password change,
 * is not undone by it); kept while signed in only, so another login asks afresh.
 */
export function useFreshOperator(stored: Operator | null) {
  const me = useQuery({
    queryKey: meKey(stored?.loginName),
    queryFn: fetchMe,
    enabled: stored !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  useEffect(() => {
    const current = readOperator();
    if (me.data && current?.loginName === me.data.loginName && !same(me.data, current)) saveOperator(me.data);
  }, [me.data]);
}

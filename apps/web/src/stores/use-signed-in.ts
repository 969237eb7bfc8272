import type { Session } from '../lib/storage';
import { useSessionStore } from './session';

/** The session inside the portal layout, where the route set guarantees there is one. */
export function useSignedInSession(): Session {
  const session = useSessionStore((state) => state.session);
  if (!session) throw new Error('该页面需要登录');
  return session;
}

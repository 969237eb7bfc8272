import { create } from 'zustand';
import type { TokenPair } from '@hall/shared/schemas/auth.ts';
import { readLoginType, readSession, saveSession, type Session } from '../lib/storage';
import { useTagsStore } from './tags';

interface SessionState {
  /** The signed-in user, or null (only public routes then, R5). */
  session: Session | null;
  /**
   * Starts a session in this tab: stores it (R25), moves the address to the landing page, and
   * lets the router be rebuilt for the new user's route set.
   */
  signIn(session: Session, pair: TokenPair, landing: string): void;
}

export const useSessionStore = create<SessionState>((set) => ({
  session: null,
  signIn(session, pair, landing) {
    saveSession(session, pair);
    useTagsStore.getState().reset(); // another user may have used this tab before
    window.history.replaceState(null, '', landing);
    set({ session });
  },
}));

/**
 * Reads the stored session at start-up (after the session rule ran). A login type without its
 * tokens is what the 5-minute rule leaves behind: forget it so no half-session lingers.
 */
export function restoreSession(): Session | null {
  const session = readSession();
  if (!session && readLoginType()) sessionStorage.clear();
  useSessionStore.setState({ session });
  return session;
}

import Cookies from 'js-cookie';
import type { PersonUser, TokenPair, UnitUser } from '@hall/shared/schemas/auth.ts';

/**
 * Where the login lives (spec §3, §6, R21, R47):
 * - tokens in cookies, so that the 5-minute session rule (R32) ends the login by clearing them;
 * - loginType and the user record in session storage, under the spec's names.
 * A session exists only when both halves are present.
 */
export type LoginType = 'unit' | 'personal';

export type Session = { loginType: 'unit'; unit: UnitUser } | { loginType: 'personal'; person: PersonUser };

export const StorageKey = { loginType: 'loginType', unitUser: 'hsa-user', personUser: 'person-user' } as const;
export const TokenCookie = { access: 'hall-token', refresh: 'hall-refresh-token' } as const;

const cookieOptions = (): Cookies.CookieAttributes => ({
  path: '/',
  sameSite: 'strict',
  secure: typeof location !== 'undefined' && location.protocol === 'https:',
});

export const tokens = {
  access: (): string | undefined => Cookies.get(TokenCookie.access) || undefined,
  refresh: (): string | undefined => Cookies.get(TokenCookie.refresh) || undefined,
  save(pair: TokenPair) {
    Cookies.set(TokenCookie.access, pair.accessToken, cookieOptions());
    Cookies.set(TokenCookie.refresh, pair.refreshToken, cookieOptions());
  },
  clear() {
    Cookies.remove(TokenCookie.access, { path: '/' });
    Cookies.remove(TokenCookie.refresh, { path: '/' });
  },
};

function readJson<T>(key: string): T | null {
  try {
    const text = sessionStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

export function readLoginType(): LoginType | null {
  const value = sessionStorage.getItem(StorageKey.loginType);
  return value === 'unit' || value === 'personal' ? value : null;
}

/** The stored session, or null when any half of it is missing (R5, R25). */
export function readSession(): Session | null {
  if (!tokens.access()) return null;
  const loginType = readLoginType();
  if (loginType === 'unit') {
    const unit = readJson<UnitUser>(StorageKey.unitUser);
    return unit?.uact ? { loginType, unit: { ...unit, uactLevel: Number(unit.uactLevel) } } : null;
  }
  if (loginType === 'personal') {
    const person = readJson<PersonUser>(StorageKey.personUser);
    return person?.certNo ? { loginType, person } : null;
  }
  return null;
}

/** Stores a fresh login; anything left from an earlier user in this tab goes first. */
export function saveSession(session: Session, pair: TokenPair) {
  sessionStorage.clear();
  tokens.save(pair);
  sessionStorage.setItem(StorageKey.loginType, session.loginType);
  if (session.loginType === 'unit') sessionStorage.setItem(StorageKey.unitUser, JSON.stringify(session.unit));
  else sessionStorage.setItem(StorageKey.personUser, JSON.stringify(session.person));
}

/** Ends the login on this side: tokens and everything in session storage. */
export function clearSession() {
  tokens.clear();
  sessionStorage.clear();
}

/** Display name of the signed-in user: the unit's name or the person's name. */
export const sessionUserName = (session: Session) =>
  session.loginType === 'unit' ? session.unit.psnName || session.unit.uact : session.person.name;

/** The account key the server knows the user by: uact for units, certNo for persons (R47). */
export const sessionAccount = (session: Session) => (session.loginType === 'unit' ? session.unit.uact : session.person.certNo);

import Cookies from 'js-cookie';
import { SESSION_EXIT_GRACE_MS } from '@hall/shared/constants.ts';

/**
 * The session rule (spec §4, R32). Cookies outlive a tab, so a login would survive closing the
 * browser window and coming back hours later. A counter of open tabs lives in a cookie; the
 * last tab to close stamps the exit time; the next start with no tab open more than five
 * minutes after that exit clears every cookie, which ends the login (the tokens are cookies).
 */
export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string): void;
  remove(name: string): void;
  names(): string[];
}

export const SessionCookie = { openTabs: 'hall-open-tabs', exitAt: 'hall-exit-at' } as const;

export type StartOutcome = 'continued' | 'expired';

/** A tab starts: clears stale cookies when the rule says so, then counts itself. */
export function openTab(jar: CookieJar, now: number): StartOutcome {
  const openTabs = Number(jar.get(SessionCookie.openTabs)) || 0;
  const exitAt = Number(jar.get(SessionCookie.exitAt)) || 0;
  let outcome: StartOutcome = 'continued';
  if (openTabs <= 0 && exitAt > 0 && now - exitAt > SESSION_EXIT_GRACE_MS) {
    for (const name of jar.names()) jar.remove(name);
    outcome = 'expired';
  }
  jar.set(SessionCookie.openTabs, String(Math.max(openTabs, 0) + 1));
  jar.remove(SessionCookie.exitAt);
  return outcome;
}

/** A tab goes away: uncounts itself; the last one stamps the exit time. */
export function closeTab(jar: CookieJar, now: number) {
  const openTabs = Math.max((Number(jar.get(SessionCookie.openTabs)) || 0) - 1, 0);
  jar.set(SessionCookie.openTabs, String(openTabs));
  if (openTabs === 0) jar.set(SessionCookie.exitAt, String(now));
}

export const browserCookieJar: CookieJar = {
  get: (name) => Cookies.get(name),
  set: (name, value) => void Cookies.set(name, value, { path: '/', sameSite: 'strict' }),
  remove: (name) => Cookies.remove(name, { path: '/' }),
  names: () => Object.keys(Cookies.get()),
};

/**
 * Wires the rule to the page lifecycle. pagehide fires on close, reload and navigation away
 * (unload is unreliable and blocks the back-forward cache); a page restored from that cache
 * (pageshow.persisted) counts itself again.
 */
export function installSessionRule(
  jar: CookieJar = browserCookieJar,
  clock: () => number = Date.now,
  target: Pick<Window, 'addEventListener'> = window,
): StartOutcome {
  const outcome = openTab(jar, clock());
  let counted = true;
  target.addEventListener('pagehide', () => {
    if (!counted) return;
    counted = false;
    closeTab(jar, clock());
  });
  target.addEventListener('pageshow', (event) => {
    if (!(event as PageTransitionEvent).persisted || counted) return;
    counted = true;
    openTab(jar, clock());
  });
  return outcome;
}

import { describe, expect, it } from 'vitest';
import { SESSION_EXIT_GRACE_MS } from '@hall/shared/constants.ts';
import { closeTab, installSessionRule, openTab, SessionCookie, type CookieJar } from './session';

/** An in-memory cookie jar. */
function fakeJar(initial: Record<string, string> = {}): CookieJar & { values: Map<string, string> } {
  const values = new Map(Object.entries(initial));
  return {
    values,
    get: (name) => values.get(name),
    set: (name, value) => void values.set(name, value),
    remove: (name) => void values.delete(name),
    names: () => [...values.keys()],
  };
}

const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);

describe('session rule (R32)', () => {
  it('counts open tabs and stamps the exit time when the last one closes', () => {
    const jar = fakeJar();
    openTab(jar, T0);
    openTab(jar, T0 + 1000);
    expect(jar.get(SessionCookie.openTabs)).toBe('2');
    closeTab(jar, T0 + 2000);
    expect(jar.get(SessionCookie.openTabs)).toBe('1');
    expect(jar.get(SessionCookie.exitAt)).toBeUndefined();
    closeTab(jar, T0 + 3000);
    expect(jar.get(SessionCookie.openTabs)).toBe('0');
    expect(jar.get(SessionCookie.exitAt)).toBe(String(T0 + 3000));
  });

  it('clears every cookie at the next start more than 5 minutes after the last exit', () => {
    const jar = fakeJar({ 'hall-token': 'abc', 'hall-refresh-token': 'def', sidebarStatus: '0' });
    openTab(jar, T0);
    closeTab(jar, T0 + 1000);
    const outcome = openTab(jar, T0 + 1000 + SESSION_EXIT_GRACE_MS + 1);
    expect(outcome).toBe('expired');
    expect(jar.get('hall-token')).toBeUndefined();
    expect(jar.get('hall-refresh-token')).toBeUndefined();
    expect(jar.get('sidebarStatus')).toBeUndefined();
    expect(jar.get(SessionCookie.openTabs)).toBe('1');
    expect(jar.get(SessionCookie.exitAt)).toBeUndefined();
  });

  it('keeps the login when the browser comes back within 5 minutes (a reload, a quick reopen)', () => {
    const jar = fakeJar({ 'hall-token': 'abc' });
    openTab(jar, T0);
    closeTab(jar, T0 + 1000);
    expect(openTab(jar, T0 + 1000 + SESSION_EXIT_GRACE_MS)).toBe('continued');
    expect(jar.get('hall-token')).toBe('abc');
  });

  it('keeps the login while another tab is still open, however long ago anything closed', () => {
    const jar = fakeJar({ 'hall-token': 'abc', [SessionCookie.openTabs]: '1', [SessionCookie.exitAt]: String(T0) });
    expect(openTab(jar, T0 + 10 * SESSION_EXIT_GRACE_MS)).toBe('continued');
    expect(jar.get('hall-token')).toBe('abc');
    expect(jar.get(SessionCookie.openTabs)).toBe('2');
  });

  it('a first visit has nothing to clear', () => {
    const jar = fakeJar({ other: 'x' });
    expect(openTab(jar, T0)).toBe('continued');
    expect(jar.get('other')).toBe('x');
  });

  it('follows the page lifecycle: pagehide uncounts once, a back-forward restore counts again', () => {
    const jar = fakeJar();
    let now = T0;
    const listeners = new Map<string, (event: Event) => void>();
    const target = { addEventListener: (type: string, listener: (event: Event) => void) => void listeners.set(type, listener) };
    installSessionRule(jar, () => now, target as unknown as Window);
    expect(jar.get(SessionCookie.openTabs)).toBe('1');
    now += 500;
    listeners.get('pagehide')!(new Event('pagehide'));
    listeners.get('pagehide')!(new Event('pagehide'));
    expect(jar.get(SessionCookie.openTabs)).toBe('0');
    expect(jar.get(SessionCookie.exitAt)).toBe(String(T0 + 500));
    listeners.get('pageshow')!(Object.assign(new Event('pageshow'), { persisted: true }));
    expect(jar.get(SessionCookie.openTabs)).toBe('1');
  });
});

import { useSyncExternalStore } from 'react';
import type { CallData } from '@hall/shared/contracts/define.ts';
import type { opsCalls } from '@hall/shared/contracts/ops.ts';
import type { TokenPair } from '@hall/shared/schemas/auth.ts';
import { useConsoleTags } from './tags';

/**
 * The operator of the login and /me answers. mustChangePassword: first login, or after a reset,
 * only the password change is open until it is done (the server refuses the rest).
 */
export type Operator = CallData<typeof opsCalls.opsMe>;

/**
 * The console's own keys, never the portal's (a unit signed in on the portal in the same browser
 * and an operator here are two sessions). Session storage: the login ends with the tab.
 */
export const ConsoleKey = {
  access: 'hall-console-token',
  refresh: 'hall-console-refresh-token',
  operator: 'hall-console-operator',
} as const;

const listeners = new Set<() => void>();
const announce = () => {
  for (const listener of listeners) listener();
};

export const consoleTokens = {
  access: () => sessionStorage.getItem(ConsoleKey.access) ?? undefined,
  refresh: () => sessionStorage.getItem(ConsoleKey.refresh) ?? undefined,
  save(pair: TokenPair) {
    sessionStorage.setItem(ConsoleKey.access, pair.accessToken);
    sessionStorage.setItem(ConsoleKey.refresh, pair.refreshToken);
  },
};

let cachedText: string | null = null;
let cachedOperator: Operator | null = null;

/** The signed-in operator, or null (a half session, tokens without the operator, counts as none). */
export function readOperator(): Operator | null {
  const text = consoleTokens.access() ? sessionStorage.getItem(ConsoleKey.operator) : null;
  if (text === cachedText) return cachedOperator;
  cachedText = text;
  try {
    const parsed = text ? (JSON.parse(text) as Operator) : null;
    cachedOperator = parsed?.loginName && Array.isArray(parsed.roles) ? parsed : null;
  } catch {
    cachedOperator = null;
  }
  return cachedOperator;
}

export function saveOperator(operator: Operator) {
  sessionStorage.setItem(ConsoleKey.operator, JSON.stringify(operator));
  announce();
}

export function signIn(pair: TokenPair, operator: Operator) {
  consoleTokens.save(pair);
  saveOperator(operator);
}

export function clearConsoleSession() {
  for (const key of Object.values(ConsoleKey)) sessionStorage.removeItem(key);
  useConsoleTags.getState().reset(); // the next operator in this tab starts with no tags

  announce();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The operator, re-read when this tab signs in, out or changes the first password. */
export const useOperator = () => useSyncExternalStore(subscribe, readOperator);

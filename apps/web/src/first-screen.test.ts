import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREENS_META as BUILD_META } from '../scripts/first-screen-chunks.mjs';
import { BOOT_SESSION, FIRST_SCREENS_META, firstScreen } from './first-screen';
import { StorageKey, TokenCookie } from './lib/storage';

describe('the first screen guessed before the app runs', () => {
  it('reads the session under the names lib/storage.ts writes, and the meta tag the build writes', () => {
    expect(BOOT_SESSION.tokenCookie).toBe(TokenCookie.access);
    expect(BOOT_SESSION.loginTypeKey).toBe(StorageKey.loginType);
    expect(FIRST_SCREENS_META).toBe(BUILD_META);
  });

  it('is the shell with a token and a login type, the gateway without either', () => {
    expect(firstScreen('a=1; hall-token=abc', 'unit', '/Home')).toBe('shell');
    expect(firstScreen('hall-token=abc', 'personal', '/mail')).toBe('shell');
    expect(firstScreen('hall-token=abc', null, '/Home')).toBe('gate');
    expect(firstScreen('hall-token=', 'unit', '/Home')).toBe('gate');
    expect(firstScreen('hall-token-old=abc', 'unit', '/Home')).toBe('gate');
    expect(firstScreen('', null, '/gatePage')).toBe('gate');
  });

  it('guesses nothing for the gateway with a session (it may stay or go on to /Home)', () => {
    expect(firstScreen('hall-token=abc', 'unit', '/gatePage')).toBeNull();
  });
});

describe('the entry runs before the first paint', () => {
  /** Static imports of a source file next to this one (type-only ones carry no code). */
  const importsOf = (file: string) =>
    [...readFileSync(join(import.meta.dirname, file), 'utf8').matchAll(/^import\s+(?!type\b)[^'"]*['"]([^'"]+)['"]/gm)].map((m) => m[1]);

  it('imports nothing of the app statically: the app and the cipher come by import() after the boot screen paints', () => {
    expect(importsOf('./boot.ts')).toEqual(['./first-screen']);
    expect(importsOf('./first-screen.ts')).toEqual([]);
    expect(importsOf('./warm-cipher.ts')).toEqual([]); // a re-export: its chunk is the cipher's own
    expect(readFileSync(join(import.meta.dirname, 'boot.ts'), 'utf8')).toMatch(/import\('\.\/warm-cipher'\)[\s\S]*import\('\.\/main'\)/);
  });
});

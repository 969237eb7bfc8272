import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { signedSms, smsSignature } from './signature';

const src = fileURLToPath(new URL('../..', import.meta.url));

/** The server's source files, tests and the operator CLI's screen output (which marks states with 【】) aside. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return full.endsWith(path.join('cli', 'commands')) ? [] : sources(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('the SMS signature', () => {
  it('is the city union, 【{城市}总工会】', () => {
    expect(smsSignature('长沙市')).toBe('【长沙市总工会】');
    expect(signedSms('株洲市', '验证码123456')).toBe('【株洲市总工会】验证码123456');
  });

  it('is written in one place: no other source file signs a message itself', () => {
    const signing = sources(src).filter((f) => readFileSync(f, 'utf8').includes('【'));
    expect(signing.map((f) => path.relative(src, f))).toEqual([path.join('modules', 'sms', 'signature.ts')]);
  });
});

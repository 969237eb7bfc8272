import { describe, expect, it } from 'vitest';
import { ACCOUNT_RULES, checkAccount, checkLoginAccount, checkRegAccount } from './account';

/** The two account rules (spec §5, docs/decisions.md, "Two account rules for a unit") and what the forms' hints say of them. */
describe('unit account rules', () => {
  it('an opened account (新增企业, import, create-unit): 8-20 letters and digits, both', () => {
    expect(ACCOUNT_RULES.account).toBe('8-20位，只能是字母和数字，且须同时包含字母和数字');
    for (const ok of ['qydw92101', 'ABC12345', `a${'1'.repeat(19)}`]) expect(checkAccount(ok), ok).toBeNull();
    for (const bad of ['qydw921', 'abcdefgh', '12345678', 'qy_dw92101', `a${'1'.repeat(20)}`])
      expect(checkAccount(bad), bad).not.toBeNull();
  });

  it('a registration account (/register): 2-14 letters, digits or underscores, a letter among them', () => {
    expect(ACCOUNT_RULES.regAccount).toBe('2-14位，可用字母、数字和下划线，须包含字母');
    for (const ok of ['ab', 'my_union', 'xc2026']) expect(checkRegAccount(ok), ok).toBeNull();
    for (const bad of ['a', '12345', '__', 'abcdefghijklmno']) expect(checkRegAccount(bad), bad).not.toBeNull();
  });

  it('the login takes either', () => {
    expect(checkLoginAccount('my_union')).toBeNull();
    expect(checkLoginAccount('qydw92101')).toBeNull();
    expect(checkLoginAccount('1')).not.toBeNull();
  });
});

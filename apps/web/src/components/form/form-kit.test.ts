import { describe, expect, it } from 'vitest';
import type { RuleObject } from 'antd/es/form';
import { confirmRule, optionalText, passwordRule, requiredChoice, requiredText, smsCodeRule, textOrUndefined } from './form-kit';
import { checkMobile } from '@hall/shared/validation/contact.ts';

/** The message a rule gives for a value, or null. */
async function messageOf(rule: RuleObject, value: unknown): Promise<string | null> {
  try {
    await (rule.validator as (r: RuleObject, v: unknown) => Promise<void>)(rule, value);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('public form rules (shared checks, R35-R46)', () => {
  it('required text: 请输入…, then the check on the trimmed text, then the length', async () => {
    const rule = requiredText('手机号码', 11, checkMobile);
    expect(await messageOf(rule, undefined)).toBe('请输入手机号码');
    expect(await messageOf(rule, '   ')).toBe('请输入手机号码');
    expect(await messageOf(rule, 'NULL')).toBe('请输入手机号码'); // R46
    expect(await messageOf(rule, '12345678901')).toBe('请输入正确的手机号码');
    expect(await messageOf(rule, ' 13912345678 ')).toBeNull();
    expect(await messageOf(requiredText('单位名称', 20), 'x'.repeat(21))).toBe('字段长度不能超过20');
  });
  it('optional text is checked only when filled', async () => {
    const rule = optionalText(20);
    expect(await messageOf(rule, '')).toBeNull();
    expect(await messageOf(rule, 'x'.repeat(21))).toBe('字段长度不能超过20');
  });
  it('choices, passwords, codes', async () => {
    expect(await messageOf(requiredChoice('证件类型'), undefined)).toBe('请选择证件类型');
    expect(await messageOf(passwordRule(), '')).toBe('请输入密码');
    expect(await messageOf(passwordRule('新密码'), 'abcdefgh')).toBe('请输入8-16位密码，应由数字和字母组成');
    expect(await messageOf(passwordRule(), 'Hall@2026pw')).toBeNull();
    expect(await messageOf(smsCodeRule, '')).toBe('请输入短信验证码');
    expect(await messageOf(smsCodeRule, '12345')).toBe('请输入6位数字验证码');
    expect(await messageOf(smsCodeRule, '012345')).toBeNull();
  });
  it('the repetition must equal the password', async () => {
    const rule = (confirmRule() as (form: { getFieldValue(name: string): unknown }) => RuleObject)({ getFieldValue: () => 'Hall@2026pw' });
    expect(await messageOf(rule, '')).toBe('请再次输入密码');
    expect(await messageOf(rule, 'Hall@2026px')).toBe('两次输入密码不一致');
    expect(await messageOf(rule, 'Hall@2026pw')).toBeNull();
  });
  it('blank optional values are left out of the payload', () => {
    expect(textOrUndefined('  ')).toBeUndefined();
    expect(textOrUndefined(' 410006 ')).toBe('410006');
    expect(textOrUndefined(null)).toBeUndefined();
  });
});

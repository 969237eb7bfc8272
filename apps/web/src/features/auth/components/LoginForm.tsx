import { useRef, useState, type FormEvent } from 'react';
import { Code } from '@hall/shared/codes/index.ts';
import { checkLoginAccount, checkPassword } from '@hall/shared/validation/account.ts';
import { checkIdCard } from '@hall/shared/validation/idCard.ts';
import { isBlank } from '@hall/shared/validation/text.ts';
import type { LoginType } from '../../../lib/storage';
import { useSessionStore } from '../../../stores/session';
import { loginPersonal, loginUnit } from '../api/auth-api';
import { CaptchaImage } from '../../../components/captcha/CaptchaImage';
import { useCaptcha } from '../../../lib/captcha';
import { useChange } from '../../../lib/use-change';
import { GateField } from './GateField';
import { IdCardIcon, LockIcon, ShieldIcon, UserIcon } from './gate-icons';
import { useClickGuard } from '../../../lib/click-guard';

type Field = 'account' | 'password' | 'captchaCode';
type Values = Record<Field, string>;

const ACCOUNT_FIELD = {
  unit: { label: '账号', placeholder: '请输入单位账号', icon: <UserIcon />, check: checkLoginAccount, max: 20, autoComplete: 'username' },
  personal: {
    label: '身份证号码',
    placeholder: '请输入身份证号码',
    icon: <IdCardIcon />,
    check: (v: unknown) => checkIdCard(v),
    max: 18,
    autoComplete: 'username',
  },
} as const;

/** The message of a field, or null: required first, then the shared format rule. */
export function loginFieldError(loginType: LoginType, field: Field, value: string): string | null {
  if (field === 'account') {
    const { label, check } = ACCOUNT_FIELD[loginType];
    return isBlank(value) ? `请输入${label}` : check(value.trim()); // R37 / R41
  }
  if (field === 'password') return isBlank(value) ? '请输入密码' : checkPassword(value); // R39
  return isBlank(value) ? '请输入验证码' : null;
}

/** Where a unit with incomplete information goes after login (code 600067). */
export const improveInfoPath = (uact: string) => `/improveInfo?uact=${encodeURIComponent(uact)}`;

interface LoginFormProps {
  loginType: LoginType;
  /** Whether this form's tab is showing (only then it holds a captcha). */
  active: boolean;
  /** Where to go after login: /Home unless an old /login?redirect= asked for a page. */
  landing: string;
  /** Unit information incomplete (code 600067): the caller shows /improveInfo. */
  onIncomplete(uact: string): void;
}

/**
 * Unit login (account) or personal login (ID number), with password and captcha. Success stores
 * the session and enters the portal; a refusal keeps the form and replaces the single-use
 * captcha (the request client has shown the server's message).
 */
export function LoginForm({ loginType, active, landing, onIncomplete }: LoginFormProps) {
  const [values, setValues] = useState<Values>({ account: '', password: '', captchaCode: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string | null>>>({});
  const entering = useChange(enter);
  const submitting = entering.isPending;
  const acceptSubmit = useClickGuard(); // 2 s anti-double-click, as GuardedButton (no antd on the gateway)
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const captcha = useCaptcha(loginType, active);
  const signIn = useSessionStore((state) => state.signIn);
  const account = ACCOUNT_FIELD[loginType];
  const testId = `${loginType}-login`;

  const check = (field: Field, value = values[field]) => setErrors((e) => ({ ...e, [field]: loginFieldError(loginType, field, value) }));
  const change = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) check(field, value); // once shown, an error follows the typing
  };
  /** A field's value, error and input, checked when it is left (not the captcha: it is checked on submit). */
  const bind = (field: Field, checkOnBlur = true) => ({
    value: values[field],
    onChange: change(field),
    onBlur: checkOnBlur ? () => values[field] && check(field) : undefined,
    error: errors[field],
    inputRef: (el: HTMLInputElement | null) => {
      inputs.current[field] = el;
    },
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!acceptSubmit()) return;
    const fields: Field[] = ['account', 'password', 'captchaCode'];
    const found = Object.fromEntries(fields.map((f) => [f, loginFieldError(loginType, f, values[f])]));
    setErrors(found);
    const firstInvalid = fields.find((f) => found[f]);
    if (firstInvalid) return inputs.current[firstInvalid]?.focus();

    // A refusal keeps the form and replaces the single-use captcha (the request client showed why).
    entering.mutate(values.account.trim(), {
      onError: () => {
        setValues((v) => ({ ...v, captchaCode: '' }));
        captcha.refresh();
      },
    });
  }

  /** The login call; the session it answers enters the portal. `name` is trimmed (R35). */
  async function enter(name: string) {
    const common = { password: values.password, captchaId: captcha.captchaId, captchaCode: values.captchaCode.trim() };
    if (loginType === 'unit') {
      const answer = await loginUnit({ uact: name, ...common });
      if (answer.code === Code.NOTICE) {
        // 600067: signed in, but the unit must complete its information first. The answer
        // carries the tokens: keep the session so /improveInfo can load and save (R30).
        const incomplete = answer.data as Partial<typeof answer.data> | null;
        if (incomplete?.accessToken && incomplete.refreshToken && incomplete.user) {
          const unit = { ...incomplete.user, uactLevel: Number(incomplete.user.uactLevel) };
          signIn(
            { loginType: 'unit', unit },
            { accessToken: incomplete.accessToken, refreshToken: incomplete.refreshToken },
            improveInfoPath(name),
          );
          return;
        }
        return onIncomplete(name);
      }
      const { user, accessToken, refreshToken } = answer.data;
      signIn({ loginType: 'unit', unit: { ...user, uactLevel: Number(user.uactLevel) } }, { accessToken, refreshToken }, landing);
    } else {
      const answer = await loginPersonal({ certNo: name.toUpperCase(), ...common });
      const { user, accessToken, refreshToken } = answer.data;
      signIn({ loginType: 'personal', person: user }, { accessToken, refreshToken }, landing);
    }
  }

  return (
    <form
      className="login-form"
      onSubmit={submit}
      noValidate
      data-testid={`${testId}-form`}
      aria-label={loginType === 'unit' ? '单位用户登录' : '个人用户登录'}
    >
      <GateField
        label={account.label}
        icon={account.icon}
        placeholder={account.placeholder}
        maxLength={account.max}
        autoComplete={account.autoComplete}
        {...bind('account')}
        testId={`${testId}-account`}
      />
      <GateField
        label="密码"
        type="password"
        icon={<LockIcon />}
        placeholder="请输入密码"
        maxLength={16}
        autoComplete="current-password"
        {...bind('password')}
        testId={`${testId}-password`}
      />
      <GateField
        label="验证码"
        icon={<ShieldIcon />}
        placeholder="请输入验证码"
        maxLength={8}
        autoComplete="off"
        {...bind('captchaCode', false)}
        testId={`${testId}-captcha`}
        addon={<CaptchaImage captcha={captcha} testId={testId} />}
      />
      <button type="submit" className="gate-submit" disabled={submitting} aria-busy={submitting} data-testid={`${testId}-submit`}>
        {submitting ? <span className="gate-submit__spinner" aria-hidden="true" /> : null}
        {submitting ? '登录中…' : '登 录'}
      </button>
    </form>
  );
}

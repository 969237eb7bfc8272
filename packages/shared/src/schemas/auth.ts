import { z } from 'zod';
import { requiredText } from './common';

export const LoginType = { UNIT: 'unit', PERSONAL: 'personal' } as const;
export type LoginTypeValue = (typeof LoginType)[keyof typeof LoginType];

export const captchaAnswer = z.object({ captchaId: z.string(), image: z.string() });
export type CaptchaAnswer = z.infer<typeof captchaAnswer>;

// Login forms word the captcha as 验证码 (R-spec wording); the other forms say 图形验证码.
const captchaFields = {
  captchaId: requiredText('验证码', 64),
  captchaCode: requiredText('验证码', 8),
};

/** POST /iep-auc/auc/login */
export const unitLoginRequest = z.object({
  uact: requiredText('账号', 20),
  password: requiredText('密码', 64),
  ...captchaFields,
});

/** POST /iep-auc/auc/psnLogin/getPsnLoginInfo */
export const personalLoginRequest = z.object({
  certNo: requiredText('身份证号码', 18),
  password: requiredText('密码', 64),
  ...captchaFields,
});

/** POST /user/login: the template's generic login, a unit login under another name. */
export const userLoginRequest = z.object({
  username: requiredText('账号', 20),
  password: requiredText('密码', 64),
  ...captchaFields,
});

/** Stored in session storage as `hsa-user` (R21). */
export interface UnitUser {
  uact: string;
  psnName: string;
  uactLevel: number;
  uniType: string;
}
/** Stored in session storage as `person-user` (R21). */
export interface PersonUser {
  certNo: string;
  name: string;
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}
export interface UnitLoginAnswer extends TokenPair {
  user: UnitUser;
}
export interface PersonalLoginAnswer extends TokenPair {
  user: PersonUser;
}

/** GET /user/info */
export interface UserInfo {
  loginType: LoginTypeValue;
  name: string;
  avatar: string;
  roles: string[];
  /** Has an active medical-insurance registration (the unit's, or the person's): needInsured pages. */
  insured: boolean;
  unit?: UnitUser;
  person?: PersonUser;
  /** A branch whose authorization is released (auth_state '2'): its business pages are read-only (issue 10). */
  readOnly?: boolean;
  /** The account still has the first password a union gave it: it must change it before anything else (issue 10). */
  mustChangePassword?: boolean;
}

/**
 * POST /iep-auc/api/registerService/updatePassword {uact, pwd, oldPwd}: the spec's {uact, pwd}
 * plus the current password, which a logged-in change must prove (docs/api.md).
 */
export const updatePasswordRequest = z.object({
  uact: requiredText('账号', 20),
  oldPwd: z.string({ error: '请输入原登录密码' }).min(1, '请输入原登录密码').max(64, '原登录密码不正确'),
  pwd: z.string({ error: '新登录密码不能为空' }),
});

/** Header that carries the refresh token to …/empUser/refreshAccessToken (empty body). */
export const REFRESH_TOKEN_HEADER = 'x-refresh-token';

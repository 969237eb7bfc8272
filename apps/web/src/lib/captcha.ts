import { type Captcha, captchaKey, useCaptchaOf } from '@hall/client/captcha.tsx';
// The fetcher sits in its own module, so a test can replace the call and keep the hook.
import { fetchCaptcha } from './captcha-api';

export { captchaKey, fetchCaptcha, type Captcha };

/** The captcha of one portal form (packages/client `useCaptchaOf`). */
export const useCaptcha = (scope: string, enabled = true) => useCaptchaOf(fetchCaptcha, scope, enabled);

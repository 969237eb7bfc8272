import { authCalls } from '@hall/shared/contracts/auth.ts';
import { useCaptchaOf } from '@hall/client/captcha.tsx';
import { request } from '../../../lib/request';

/** The hall's captcha (single use, two minutes): the operator login takes the same one. */
export const fetchCaptcha = () => request.call(authCalls.captcha).then((answer) => answer.data);

export const useCaptcha = () => useCaptchaOf(fetchCaptcha, 'console-login');

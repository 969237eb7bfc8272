import { authCalls } from '@hall/shared/contracts/auth.ts';
import { request } from './request';

/** GET captcha: {captchaId, image (data: URL of an SVG)}; single use, two minutes. */
export const fetchCaptcha = () => request.call(authCalls.captcha).then((answer) => answer.data);

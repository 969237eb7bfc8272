import { randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { CAPTCHA_TTL_MS, type CaptchaAnswer } from '@hall/shared';
import { sha256 } from '../../lib/digest';
import { refuse } from '../../lib/hall-error';
import type { HallContext } from '../../types';
import { consumeCaptcha, insertCaptcha } from './auth.repository';

// Characters people misread (0/O, 1/l/I) are left out of the image.
// svg-captcha's typings miss its default call, which renders a given text (used for the fixed captcha).
const renderText = svgCaptcha as unknown as (text: string, options: object) => string;
const IGNORE = '0oO1ilIL';
const normalise = (answer: string) => answer.trim().toLowerCase();

/** A new single-use captcha, valid 2 minutes; the answer is kept only as a hash. */
export async function issueCaptcha({ db, clock, config }: HallContext): Promise<CaptchaAnswer> {
  const now = clock.now();
  const options = { width: 120, height: 40, fontSize: 44, noise: 2, color: true, background: '#f0f5ff' };
  const { text, data } = config.captchaFixed
    ? { text: config.captchaFixed, data: renderText(config.captchaFixed, options) }
    : svgCaptcha.create({ ...options, size: 4, ignoreChars: IGNORE });
  const captchaId = randomUUID();
  await insertCaptcha(db, { id: captchaId, answerHash: sha256(normalise(text)), expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS) }, now);
  return { captchaId, image: 'data:image/svg+xml;base64,' + Buffer.from(data).toString('base64') };
}

/** Uses the captcha up and refuses a wrong, expired, reused or unknown one. */
export async function checkCaptcha({ db, clock }: HallContext, captchaId: string, code: string): Promise<void> {
  const uuidLike = /^[0-9a-f-]{36}$/i.test(captchaId);
  const stored = uuidLike ? await consumeCaptcha(db, captchaId, clock.now()) : undefined;
  if (!stored || stored !== sha256(normalise(code))) throw refuse('验证码错误或已过期，请重新输入');
}

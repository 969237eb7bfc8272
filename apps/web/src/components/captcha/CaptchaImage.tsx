import './captcha.css';

// One captcha image for both apps (packages/client); the portal's look is its captcha.css.
export { CaptchaImage } from '@hall/client/captcha.tsx';

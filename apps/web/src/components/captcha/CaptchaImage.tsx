import './captcha.css';
import type { Captcha } from '../../lib/captcha';

/** The captcha image; a click fetches a new one. */
export function CaptchaImage({ captcha, testId }: { captcha: Captcha; testId: string }) {
  return (
    <button
      type="button"
      className="captcha-image"
      onClick={captcha.refresh}
      title="看不清？点击更换"
      aria-label="验证码图片，点击更换"
      data-testid={`${testId}-captcha-image`}
    >
      {captcha.image ? <img src={captcha.image} alt="验证码" /> : <span>{captcha.loading ? '加载中…' : '点击获取'}</span>}
    </button>
  );
}

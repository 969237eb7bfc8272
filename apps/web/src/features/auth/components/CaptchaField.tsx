import { useQuery } from '@tanstack/react-query';
import { Input } from 'antd';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import { CAPTCHA_TTL_MS } from '@hall/shared/constants.ts';
import { fetchCaptcha } from '../api/auth-api';

/**
 * The captcha of one login form. Single use and valid two minutes, so it is fetched fresh for
 * each form, replaced shortly before it expires, and after every failed attempt (refresh()).
 */
export function useCaptcha(scope: 'unit' | 'personal') {
  const query = useQuery({
    queryKey: ['captcha', scope],
    queryFn: fetchCaptcha,
    gcTime: 0,
    staleTime: 0,
    refetchInterval: CAPTCHA_TTL_MS - 10_000,
  });
  return {
    captchaId: query.data?.captchaId ?? '',
    image: query.data?.image,
    loading: query.isFetching,
    refresh: () => void query.refetch(),
  };
}

interface CaptchaFieldProps {
  captcha: ReturnType<typeof useCaptcha>;
  value?: string;
  onChange?: (value: string) => void;
  testId: string;
}

/** Captcha input with its image; a click on the image fetches a new one. */
export function CaptchaField({ captcha, value, onChange, testId }: CaptchaFieldProps) {
  return (
    <div className="captcha-field">
      <Input
        size="large"
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        prefix={<SafetyCertificateOutlined className="login-input-icon" />}
        placeholder="请输入验证码"
        maxLength={8}
        autoComplete="off"
        data-testid={`${testId}-captcha`}
        aria-label="验证码"
      />
      <button
        type="button"
        className="captcha-field__image"
        onClick={captcha.refresh}
        title="看不清？点击更换"
        aria-label="点击更换验证码"
        data-testid={`${testId}-captcha-image`}
      >
        {captcha.image ? <img src={captcha.image} alt="验证码" /> : <span>{captcha.loading ? '加载中…' : '点击获取'}</span>}
      </button>
    </div>
  );
}

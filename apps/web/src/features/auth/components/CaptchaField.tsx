import { useQuery } from '@tanstack/react-query';
import { CAPTCHA_TTL_MS } from '@hall/shared/constants.ts';
import { fetchCaptcha } from '../api/auth-api';

/**
 * The captcha of one login form. Single use and valid two minutes, so it is fetched fresh for
 * each form, replaced shortly before it expires, and after every failed attempt (refresh()).
 */
export function useCaptcha(scope: 'unit' | 'personal', enabled = true) {
  const query = useQuery({
    queryKey: ['captcha', scope],
    queryFn: fetchCaptcha,
    // Only the visible form holds a captcha: each one is a row on the server.
    enabled,
    gcTime: 0,
    staleTime: 0,
    refetchInterval: CAPTCHA_TTL_MS - 10_000,
  });
  return {
    captchaId: query.data?.captchaId ?? '',
    image: query.data?.image,
    loading: query.isFetching,
    failed: query.isError,
    refresh: () => void query.refetch(),
  };
}

/** The captcha image; a click fetches a new one. */
export function CaptchaImage({ captcha, testId }: { captcha: ReturnType<typeof useCaptcha>; testId: string }) {
  return (
    <button
      type="button"
      className="captcha-image"
      onClick={captcha.refresh}
      title="看不清？点击更换"
      aria-label="验证码图片，点击更换"
      data-testid={`${testId}-captcha-image`}
    >
      {captcha.image ? (
        <img src={captcha.image} alt="验证码" />
      ) : (
        <span>{captcha.loading ? '加载中…' : '点击获取'}</span>
      )}
    </button>
  );
}

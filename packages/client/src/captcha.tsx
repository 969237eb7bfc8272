import { useQuery } from '@tanstack/react-query';
import { CAPTCHA_TTL_MS } from '@hall/shared/constants.ts';

/** GET captcha's answer: an id and the image (a data: URL of an SVG). */
export interface CaptchaAnswer {
  captchaId: string;
  image: string;
}

export const captchaKey = (scope: string) => ['captcha', scope] as const;

/**
 * The captcha of one form (the logins of both apps, and every anonymous form that writes or
 * sends). Single use and valid two minutes, so it is fetched fresh for each form, replaced shortly
 * before it expires, and after every use (refresh()). Each app gives its fetcher (its request client).
 */
export function useCaptchaOf(fetchCaptcha: () => Promise<CaptchaAnswer>, scope: string, enabled = true) {
  const query = useQuery({
    queryKey: captchaKey(scope),
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

export type Captcha = ReturnType<typeof useCaptchaOf>;

/** The captcha image (class `captcha-image`, styled by each app); a click fetches a new one. */
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

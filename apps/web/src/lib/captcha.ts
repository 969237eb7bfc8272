import { useQuery } from '@tanstack/react-query';
import { CAPTCHA_TTL_MS } from '@hall/shared/constants.ts';
// The fetcher sits in its own module, so a test can replace the call and keep the hook.
import { fetchCaptcha } from './captcha-api';

export { fetchCaptcha };

export const captchaKey = (scope: string) => ['captcha', scope] as const;

/**
 * The captcha of one form (the logins, and every anonymous form that writes or sends). Single use
 * and valid two minutes, so it is fetched fresh for each form, replaced shortly before it expires,
 * and after every use (refresh()).
 */
export function useCaptcha(scope: string, enabled = true) {
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

export type Captcha = ReturnType<typeof useCaptcha>;

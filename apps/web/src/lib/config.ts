import { DEFAULT_ENVELOPE_KEY } from '@hall/shared/envelope/index.ts';
import { cityTitle } from '@hall/shared/constants.ts';

/**
 * Build-time settings (Vite env). Nothing is fetched for them: the gateway must paint its
 * title before any call returns.
 */
export const appConfig = {
  apiBase: import.meta.env.VITE_API_BASE || '/api',
  envelopeKey: import.meta.env.VITE_ENVELOPE_KEY || DEFAULT_ENVELOPE_KEY,
  cityName: import.meta.env.VITE_CITY_NAME || '长沙市',
};

/** {城市}总工会职工医疗互助网上服务大厅 */
export const productTitle = cityTitle(appConfig.cityName);

/** Document title of a page: route title + product title. */
export const documentTitle = (routeTitle?: string) => (routeTitle ? `${routeTitle} - ${productTitle}` : productTitle);

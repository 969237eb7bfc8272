import { cityUnion } from '@hall/shared/constants.ts';
import { DEFAULT_ENVELOPE_KEY } from '@hall/shared/envelope/index.ts';

/** Build-time settings (Vite env), as in the portal: nothing is fetched for them. */
export const consoleConfig = {
  apiBase: import.meta.env.VITE_API_BASE || '/api',
  envelopeKey: import.meta.env.VITE_ENVELOPE_KEY || DEFAULT_ENVELOPE_KEY,
  cityName: import.meta.env.VITE_CITY_NAME || '长沙市',
};

/** {城市}总工会: the union that runs the scheme, and the operators' employer. */
export const unionName = cityUnion(consoleConfig.cityName);

/** {城市}总工会职工医疗互助管理后台 */
export const consoleTitle = `${unionName}职工医疗互助管理后台`;

/** Where the console lives on the server (Vite base, router basename). */
export const CONSOLE_BASE = '/console';
export const LOGIN_PAGE = `${CONSOLE_BASE}/login`;

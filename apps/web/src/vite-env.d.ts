/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base path of the API (default /api). */
  readonly VITE_API_BASE?: string;
  /** 16-byte envelope key; must match the server's HALL_ENVELOPE_KEY. */
  readonly VITE_ENVELOPE_KEY?: string;
  /** City name in the product title (default 长沙市). */
  readonly VITE_CITY_NAME?: string;
  /** Address of antd's first-screen stylesheet, set by the build (scripts/antd-static-styles.mjs). */
  readonly HALL_ANTD_STYLES?: string;
  /** antd's map token of the portal's theme, derived at build time (src/app/antd-algorithm.ts). */
  readonly HALL_ANTD_MAP_TOKEN?: { seed: string; map: import('antd/es/theme/interface').MapToken };
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

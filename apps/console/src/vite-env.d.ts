/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base path of the API (default /api); the operator calls are under it at /ops/api. */
  readonly VITE_API_BASE?: string;
  /** 16-byte envelope key; must match the server's HALL_ENVELOPE_KEY. */
  readonly VITE_ENVELOPE_KEY?: string;
  /** City name in the title (default 长沙市). */
  readonly VITE_CITY_NAME?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

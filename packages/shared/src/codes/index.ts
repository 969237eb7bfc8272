/** Response codes of the wire protocol (DESIGN.md §4) and what the client does with each (spec §4). */
export const Code = {
  OK: 0,
  RESET_CLIENT: -4,
  ACCESS_EXPIRED: 600002,
  ACCESS_ROTATED: 600016,
  ACCESS_RETIRED_KEY: 609003,
  NO_TOKEN: 600003,
  SUPERSEDED: 600009,
  REFRESH_INVALID: 609002,
  ACCOUNT_LOCKED: 609046,
  NOTICE: 600067,
  /** Business refusal with a Chinese message (validation, not allowed, not found…). */
  FAIL: 1,
  /** Bad envelope: not JSON, bad base64, wrong key, wrong channel, missing data. */
  BAD_ENVELOPE: 2,
  /** Unexpected server fault; the message carries the serial number the client cuts (R53). */
  INTERNAL: 500,
} as const;

/** Codes that make the client refresh its tokens once and reload (R28). */
export const REFRESH_CODES: readonly number[] = [Code.ACCESS_EXPIRED, Code.ACCESS_ROTATED, Code.ACCESS_RETIRED_KEY];
/** Codes that end the session at once (R29). */
export const SESSION_FAILURE_CODES: readonly number[] = [Code.NO_TOKEN, Code.SUPERSEDED, Code.REFRESH_INVALID, Code.ACCOUNT_LOCKED];

/** Serial-number suffix of internal errors; the client shows only the text before it (R53). */
export const SERIAL_MARKER = '异常流水号';

export * from './labels';
export * from './dictionaries';

/** Business constants and limits of spec §9 (R58), one place for both sides. */
export const HTTP_TIMEOUT_MS = 120_000;
/** The spec also names a configured API timeout of 50 s: the server's own request budget. */
export const API_TIMEOUT_MS = 50_000;
export const DOWNLOAD_TIMEOUT_MS = 5_000;
export const RELOAD_DELAY_MS = 1_200;
export const PASSWORD_CHANGE_REDIRECT_MS = 2_000;
export const TOAST_DURATION_MS = 5_000;
export const UNREAD_READ_FLAG = '0';
export const SESSION_EXIT_GRACE_MS = 300_000;
export const MOBILE_BREAKPOINT_PX = 992;
export const SIDEBAR_WIDTH_PX = 230;
export const PAGE_WIDTHS_PX = [1100, 1200] as const;
export const FOOTER_TOP_MARGIN = 50;
export const MENU_TAB_TOLERANCE_PX = 4;
export const DOUBLE_CLICK_GUARD_MS = 2_000;
export const FEATURE_FLAGS = { batch: false, archives: true, evaluation: false } as const;
/** Blue main colour (spec §9), dark enough for white text and for text on light blue (WCAG AA, 5.2:1 or more). */
export const THEME_PRIMARY_COLOR = '#0f5fd6';

/** Security baseline (DESIGN.md §9). */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
export const LOGIN_LOCK_MS = 30 * 60_000;
export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_ABSOLUTE_MS = 12 * 3600_000;
export const ACCESS_TOKEN_TTL_S = 10 * 60;
export const CAPTCHA_TTL_MS = 2 * 60_000;

/** Paging: capped offset on indexed columns. */
export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 100;
export const PAGE_NUM_MAX = 500;
/** Lists count their matches up to this many; beyond it a page says "more than" (Page.totlCntCapped). */
export const LIST_COUNT_CAP = 10_000;

export const cityTitle = (city: string) => `${city}总工会职工医疗互助网上服务大厅`;

/** SMS and e-mail verification codes (DESIGN.md §9). */
export const VERIFY_CODE_LENGTH = 6;
export const VERIFY_CODE_TTL_MS = 5 * 60_000;
/** How long a code is valid, in the words of every SMS, mail and hint that says so. */
export const CODE_VALIDITY = `${VERIFY_CODE_TTL_MS / 60_000}分钟内有效`;
export const VERIFY_CODE_MAX_FAILURES = 5;
export const VERIFY_SEND_INTERVAL_MS = 60_000;
export const VERIFY_DAILY_LIMIT = 10;

/** Uploads: at most 10 MB; anonymous uploads (registration attachments) live 1 hour unless claimed. */
export const FILE_MAX_BYTES = 10 * 1024 * 1024;
/** At most this many attachments on one notice or policy document. */
export const NOTICE_ATTACHMENTS_MAX = 10;
/** The header naming an upload (client-chosen), whose rows read the import's progress call answers. */
export const UPLOAD_ID_HEADER = 'x-hall-upload-id';
/** A roster file (互助人员名单) may be larger: up to about 500,000 rows (docs/decisions.md, "Roster files"). */
export const ROSTER_FILE_MAX_BYTES = 40 * 1024 * 1024;
export const ROSTER_TOO_LARGE = '名单文件大小不能超过40MB，请拆分后分批导入';
export const ANONYMOUS_FILE_TTL_MS = 60 * 60_000;

/** The city union that runs the scheme (市总工会): sender of the hall's mail, payee, publisher, top of the tree. */
export const cityUnion = (city: string) => `${city}总工会`;

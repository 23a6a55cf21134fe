/** Product version shown in the console footer (spec §9). */
export const VERSION = "V3.8.33";

/** Every API path starts with this prefix (spec §7). */
export const API_PREFIX = "/apm-web";

/** Name of the session cookie (spec §7). */
export const AUTH_COOKIE = "Authorization";
/** Name of the language cookie (DECISIONS.md, §1). */
export const LANGUAGE_COOKIE = "language";

/** Session lifetime, pushed on by every authenticated request (spec §9). */
export const SESSION_TTL_MS = 7_200_000;
/** Request timeout used by the console's HTTP client (spec §9). */
export const REQUEST_TIMEOUT_MS = 300_000;

/** Login protection: captcha after this many failures, lockout after LOCKOUT_AFTER. */
export const CAPTCHA_AFTER_FAILURES = 3;
export const LOCKOUT_AFTER_FAILURES = 10;
export const LOCKOUT_MS = 15 * 60_000;
/** Second-factor login codes: 6 digits, valid 10 minutes, one mail a minute. */
export const VERIFICATION_CODE_TTL_MS = 10 * 60_000;
export const VERIFICATION_CODE_RESEND_MS = 60_000;

/** `isSysInit` answers: initialised, or not yet (DECISIONS.md). */
export const SYS_INIT = { initialised: 1, notOpen: 0, notInitialised: 2 } as const;

/** Notice list defaults (spec §7, §9). */
export const NOTICE_PAGE = { pageNo: 1, pageSize: 10 } as const;

/** Upload limit in MB: default client state and the value when the switch is off (spec §5, §9). */
export const UPLOAD_LIMIT_DEFAULT_STATE = 400;
export const UPLOAD_LIMIT_OFF_MB = 10240;

/** Largest page a list call accepts. */
export const MAX_PAGE_SIZE = 500;

/** Business constants of SPEC §9, named once for web, sdk and server. */

export const UNLIMITED = -1;

/** Plan names (SPEC §3, §6). */
export const PLAN_NAMES = ['free', 'pro', 'enterprise'] as const;

export const USAGE_WARNING_RATIO = 0.8;

export const PRICES = { free: 0, pro: 29, enterprise: null } as const;
export const REFUND_DAYS = 30;
export const COPYRIGHT_YEAR = 2025;

export const POST_LOGIN_PATH_HEADER = '/dashboard';
export const POST_LOGIN_PATH_DIALOG = '/generator';

/** Token lifetimes (SPEC §9, DESIGN §2b). */
export const ACCESS_TOKEN_TTL_SECONDS = 900;
export const REFRESH_TOKEN_TTL_SECONDS = 2_592_000;
export const TOKEN_EARLY_EXPIRY_SECONDS = 30;

export const OAUTH_POPUP_TIMEOUT_MS = 30_000;
export const OAUTH_POPUP_POLL_MS = 1_000;
export const CURRENT_USER_WAIT_MS = 5_000;
export const PARENT_FRAME_TOKEN_WAIT_MS = 100;

export const BACKEND_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
export const GENERATOR_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const MODIFY_IMAGE_MAX = 50;

export const GENERATION_MAX_TOKENS = 2000;
export const COPY_CONFIRM_MS = 2_000;

export const REALTIME_TIMEOUT_MS = 10_000;
export const REALTIME_HEARTBEAT_MS = 25_000;
export const REALTIME_RECONNECT_MAX_MS = 30_000;
export const REALTIME_RECONNECT_JITTER_MS = 1_000;

export const ANALYTICS_BATCH_SIZE = 10;
export const ANALYTICS_FLUSH_MS = 3_000;
export const ANALYTICS_STRING_MAX = 256;
export const ANALYTICS_SESSION_IDLE_MS = 30 * 60 * 1000;

export const SEARCH_LANGUAGE_DEFAULT = 'en';
export const SPEECH_VOICE_DEFAULT = 'alloy';
export const SPEECH_FORMAT_DEFAULT = 'mp3';

export const CTA_TOP_COUNT = 5;
export const LANDING_COUNTER_MS = 2_500;
export const LANDING_COUNTERS = [
  { label: 'Projects Generated', value: 1000, suffix: '+' },
  { label: 'Developers', value: 500, suffix: '+' },
  { label: 'Lines of Code', value: 200000, suffix: '+' },
] as const;

/** Editor options (SPEC §9). */
export const EDITOR_OPTIONS = {
  fontSize: 14,
  tabSize: 2,
  wordWrap: 'on',
  minimap: { enabled: true },
  theme: 'vs-dark',
} as const;

/** Auth rules the spec leaves open. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const EMAIL_MAX_LENGTH = 254;
export const DISPLAY_NAME_MAX_LENGTH = 100;
export const METADATA_MAX_BYTES = 16 * 1024;
export const SIGNIN_FAILURE_LIMIT_DEFAULT = 10;
export const SIGNIN_FAILURE_WINDOW_MINUTES_DEFAULT = 15;

export const DEFAULT_APP_PROJECT_ID = 'codewright';

/**
 * Error catalogue (SPEC §8). Server answers `{ error: { code, message } }`;
 * the SDK turns codes back into typed errors with these texts.
 */

/** Client-facing auth error codes of SPEC §8.1. */
export const AUTH_ERROR_MESSAGES = {
  INVALID_CREDENTIALS: 'Invalid email or password. Please try again.',
  EMAIL_NOT_VERIFIED: 'Please verify your email address before signing in.',
  POPUP_CANCELED: 'Sign-in was canceled. Please try again.',
  NETWORK_ERROR: 'Network error. Please check your connection and try again.',
  RATE_LIMITED: 'Too many attempts. Please wait a moment and try again.',
  AUTH_TIMEOUT: 'Authentication timed out. Please try again.',
  TOKEN_EXPIRED: 'Session expired. Please sign in again.',
  EMAIL_ALREADY_EXISTS: 'An account with this email already exists.',
  // The spec gives no text for these; ours say what to do next.
  REDIRECT_FAILED: 'Could not return to the app after sign-in. Please try again.',
  USER_NOT_FOUND: 'No account was found for this email.',
  WEAK_PASSWORD: 'Password must be at least 8 characters long.',
  INVALID_EMAIL: 'Please enter a valid email address.',
  MAGIC_LINK_EXPIRED: 'This sign-in link has expired. Please request a new one.',
  VERIFICATION_FAILED: 'This link is invalid or has already been used. Please request a new one.',
  // An account without a password: made by a social sign-in, or its address was proved by its
  // owner after someone else had set one (DESIGN §3.16). The reset flow sets one.
  PASSWORD_RESET_REQUIRED:
    'This account has no password to sign in with. Reset your password (“Forgot password?”) to set one, or sign in with an email link.',
} as const;
export type AuthErrorCode = keyof typeof AUTH_ERROR_MESSAGES;
export const AUTH_ERROR_CODES = Object.keys(AUTH_ERROR_MESSAGES) as AuthErrorCode[];

/** Server-side codes beyond the auth family, with default texts. */
export const SERVER_ERROR_MESSAGES = {
  VALIDATION_ERROR: 'The request is not valid.',
  UNAUTHORIZED: 'Please sign in to continue.',
  // A verify link of an account with a password, opened without proving who registered it
  // (DESIGN §3.16): the link is not spent.
  VERIFICATION_CHOICE_REQUIRED:
    'Confirm this account: open the link while signed in to it, or enter its password. If you did not create it, choose “I did not create this account”.',
  FORBIDDEN: 'You do not have permission to do that.',
  NOT_FOUND: 'Not found.',
  CONFLICT: 'That already exists.',
  PAYLOAD_TOO_LARGE: 'The request body is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'Send the request body as JSON (Content-Type: application/json).',
  INTERNAL_ERROR: 'Something went wrong on our side. Please try again.',
  SERVICE_UNAVAILABLE: 'The service is not ready. Please try again shortly.',
  // A server shutting down (docs/operations.md § Start and stop): a request that reaches it while
  // it drains, and an AI stream still running at its drain deadline (as the `error` event's text).
  SERVER_RESTARTING: 'The server is restarting. Please try again in a moment.',
  REQUEST_TIMEOUT:
    'The request took too long to arrive and was cut off. Check your connection and try again.',
  // Plans and quotas (DESIGN §2b, SPEC §5)
  GENERATION_LIMIT_REACHED:
    "You've reached your monthly generation limit. Upgrade to Pro for unlimited generations!",
  EDIT_LIMIT_REACHED: "You've reached your monthly edit limit. Upgrade to Pro for unlimited edits!",
  PROJECT_LIMIT_REACHED: "You've reached the maximum number of projects for your plan.",
  // A project's files (issue 45); the message names the plan's limit.
  FILE_LIMIT_REACHED: "You've reached the maximum number of files in a project for your plan.",
  PROJECT_TOO_LARGE: "The project's files would exceed the size your plan allows.",
  // Storage (SPEC §8.1)
  FILE_EXISTS: 'File already exists. Set upsert: true to overwrite.',
  FILE_NOT_FOUND: 'File not found',
  FILE_TOO_LARGE: 'File size exceeds maximum allowed size (50MB)',
  // AI (DESIGN §2b)
  AI_NOT_CONFIGURED: 'No AI model is configured. Set AI_PROVIDER or run Ollama locally.',
  AI_PROVIDER_ERROR: 'The AI model could not answer. Please try again.',
  // Admin SQL runs only as a restricted database role (DESIGN §3.10, docs/operations.md)
  ADMIN_SQL_UNAVAILABLE:
    'Admin SQL is unavailable: the server could not sign in to PostgreSQL as its restricted admin SQL role. See docs/operations.md.',
  // Admin SQL limits (DESIGN §3.17, docs/operations.md "Admin SQL"); messages name the limit.
  SQL_TIMEOUT:
    'The SQL ran longer than the admin SQL time-out and was stopped; nothing was applied.',
  SQL_LOCK_TIMEOUT:
    'The SQL waited too long for a lock another transaction holds and gave up; nothing was applied. Try again later.',
  SQL_NOT_ALLOWED:
    'Admin SQL cannot run that statement: roles, database settings, time-outs and transaction control are off limits.',
  AI_STREAM_LIMIT_REACHED:
    'You already have the most AI answers streaming at once. Wait for one to finish (or stop it), then try again.',
  // A feature the caller's plan does not include (SPEC §6, DESIGN §2c); the message names it.
  FEATURE_NOT_IN_PLAN: 'This feature is not included in your plan. Upgrade to Pro to use it.',
  // Live preview builds (docs/api.md § Preview, docs/decisions/019)
  PREVIEW_BUILD_TIMEOUT:
    'The preview build took too long and was stopped. Preview a smaller file, or simplify the code.',
  // Realtime websockets (docs/api.md § Realtime); messages name the limit or the channel.
  BAD_FRAME: 'A frame is one JSON object, as text, of a known type.',
  UPGRADE_REQUIRED: 'Open this address as a websocket (GET with Upgrade: websocket).',
  NOT_SUBSCRIBED: 'Subscribe to the channel first.',
  SUBSCRIPTION_LIMIT_REACHED:
    'This connection holds the most channels it may: unsubscribe from one first.',
  // Requests the server makes to a URL a user gave (DESIGN §2c, §3.14); messages carry the reason.
  URL_NOT_ALLOWED: 'That URL cannot be fetched: only public http(s) addresses are allowed.',
  URL_FETCH_FAILED: 'The URL could not be fetched. Check it and try again.',
  // Data services (DESIGN §2c): the message names what to configure.
  DATA_NOT_CONFIGURED: 'This data service is not configured on this server.',
  DATA_PROVIDER_ERROR: 'The data service could not answer. Please try again.',
  // Teams (SPEC §6, docs/decisions/026): the plan's member count is reached.
  MEMBER_LIMIT_REACHED:
    'Your workspace has as many members as your plan allows. Upgrade your plan to invite more.',
  INVITATION_INVALID:
    'This invitation link is invalid, expired, revoked or already used. Ask the workspace owner to send a new one.',
  // PostgREST's `single()` (Accept: application/vnd.pgrst.object+json) on a result of another
  // number of rows than one; the message says how many.
  NOT_ACCEPTABLE: 'One row was asked for, and the result has another number of rows.',
  INVITATION_WRONG_ACCOUNT:
    'This invitation was sent to another email address. Sign in with that address to accept it.',
} as const;
export type ServerErrorCode = keyof typeof SERVER_ERROR_MESSAGES;

export const ERROR_MESSAGES = { ...AUTH_ERROR_MESSAGES, ...SERVER_ERROR_MESSAGES } as const;
export type ErrorCode = keyof typeof ERROR_MESSAGES;

/** Shape of every error body the server sends. */
export interface ErrorBody {
  error: { code: ErrorCode | string; message: string; details?: unknown };
}

/**
 * The 403 FEATURE_NOT_IN_PLAN text naming the feature, e.g. "Version control"; a plural
 * name ("Private projects") takes "are" and "them".
 */
export function featureNotInPlanMessage(feature: string, plural = false): string {
  return plural
    ? `${feature} are not included in your plan. Upgrade to Pro to use them.`
    : `${feature} is not included in your plan. Upgrade to Pro to use it.`;
}

/** Storage upload-over-limit text of SPEC §8.1, N the actual size in MB. */
export function fileTooLargeMessage(sizeBytes: number): string {
  const mb = Math.round((sizeBytes / (1024 * 1024)) * 10) / 10;
  return `File size (${mb}MB) exceeds maximum allowed size (50MB)`;
}

export * from './types.ts';
export { createClient, type CodewrightClientInternals } from './client.ts';
export type {
  AccountSettingsClient,
  AccountStatus,
  DeleteAccountBody,
  SessionInfo,
} from './account/account-settings-client.ts';
export {
  AiError,
  AuthError,
  CodewrightError,
  DataError,
  NetworkError,
  ValidationError,
  errorFromResponse,
  isCodewrightError,
  toClientCode,
  type CodewrightErrorOptions,
  type ErrorCode,
} from './errors.ts';
export { camelCaseKey, isPlainObject, snakeCaseKey, toCamel, toSnake } from './case.ts';
export {
  accessTokenExpiresAtMs,
  isAccessTokenExpired,
  isRefreshTokenExpired,
  refreshTokenExpiresAtMs,
} from './auth/token-math.ts';
export { DEFAULT_STORAGE_KEY, type StoredAuth } from './auth/token-store.ts';
/** The state before start-up has settled; what a page rendered without a visitor (at build time) shows. */
export { LOADING as LOADING_AUTH_STATE } from './auth/auth-helpers.ts';
/** No session; what a page shows at once when start-up cannot find one (see mayFindSession). */
export { SIGNED_OUT as SIGNED_OUT_AUTH_STATE } from './auth/auth-helpers.ts';
export {
  PARENT_TOKEN_REQUEST_TYPE,
  PARENT_TOKEN_RESPONSE_TYPE,
  type ParentTokenMessage,
} from './auth/parent-handoff.ts';
export { URL_AUTH_PARAMS } from './auth/url-handoff.ts';
export { mayFindSession } from './auth/start-hints.ts';
export {
  AnalyticsClient,
  channelOf,
  type AnalyticsFields,
  type AnalyticsHost,
  type PageAddress,
  type AnalyticsValue,
} from './analytics/analytics-client.ts';
export { computeCtaStats, type CtaClick, type CtaStats } from './analytics/cta.ts';
export { isValidImageUrl } from '@codewright/contract';
export type {
  Invitation,
  InvitationPreview,
  RoleHolder,
  SharedProject,
  WorkspaceMembers,
  WorkspaceSummary,
  WorkspacesClient,
} from './workspaces/workspaces-client.ts';
export type {
  ApiKey,
  ApiKeysClient,
  CreateApiKeyBody,
  CreatedApiKey,
  IntegrationsClient,
} from './integrations/integrations-client.ts';
export type {
  CreateWebhookBody,
  UpdateWebhookBody,
  Webhook,
  WebhookDelivery,
  WebhookEvent,
  WebhookWithSecret,
  WebhooksClient,
} from './integrations/webhooks-client.ts';
export type { RealtimeChannel, RealtimeClient } from './realtime/realtime-client.ts';
export type { DocumentSaveOptions, RealtimeDocument } from './realtime/realtime-documents.ts';
export type { RealtimeChannelState, WebSocketLike } from './realtime/realtime-socket.ts';

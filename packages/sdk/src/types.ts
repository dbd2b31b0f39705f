/**
 * Public shapes of the SDK. The web app codes against these; the
 * implementation lives beside this file. camelCase here, snake_case on the wire.
 */
import type { AccountSettingsClient } from './account/account-settings-client.ts';
import type { AiClient, AiMediaClient } from './ai/ai-types.ts';
import type { AuthClient, StorageLike } from './auth/auth-types.ts';
import type { DataClient } from './data-services/data-types.ts';
import type { DbClient } from './db/db-types.ts';
import type { PlanClient } from './plan/plan-types.ts';
import type { PreviewClient } from './preview/preview-types.ts';
import type { StorageClient } from './storage/storage-types.ts';
import type { VersionsClient } from './versions/versions-types.ts';
import type { RealtimeClient } from './realtime/realtime-client.ts';
import type { WebSocketLike } from './realtime/realtime-socket.ts';
import type { WorkspacesClient } from './workspaces/workspaces-client.ts';
import type { IntegrationsClient } from './integrations/integrations-client.ts';

export type {
  User,
  PlanData,
  PlanInfo,
  PlanLimits,
  PlanName,
  SqlResult,
} from '@codewright/contract';
export type {
  Version,
  VersionCommitBody,
  VersionDiff,
  VersionSource,
  VersionSummary,
} from '@codewright/contract';
export type {
  AiCapabilitiesInfo,
  AiImageResult,
  AiStoredImage,
  AiTranscriptionResult,
  DataCapabilitiesInfo,
  DataExtractResult,
  DataFetchResult,
  DataScrapeResult,
  DataSearchResult,
  PageMetadata,
} from '@codewright/contract';
export type * from './ai/ai-types.ts';
export type * from './analytics/analytics-types.ts';
export type * from './auth/auth-types.ts';
export type * from './data-services/data-types.ts';
export type * from './db/db-types.ts';
export type * from './plan/plan-types.ts';
export type * from './preview/preview-types.ts';
export type * from './request-options.ts';
export type * from './storage/storage-types.ts';
export type * from './versions/versions-types.ts';

export interface ClientOptions {
  /** Origin of the API; '' (default) means same origin as the page. */
  baseUrl?: string;
  /** The app project id used in /api/{module}/{project}/… paths. */
  projectId: string;
  /** Injected fetch (tests, SSR); defaults to globalThis.fetch. */
  fetch?: typeof fetch;
  /** Token persistence; defaults to localStorage. */
  storage?: StorageLike;
  /** Storage key for the token set. */
  storageKey?: string;
  /** Run the start-up sequence of SPEC §4.1 on creation (default true in a browser). */
  autoInitialize?: boolean;
  /** Parent-frame origins whose token hand-off is accepted (default: this page's origin only). */
  trustedParentOrigins?: string[];
  /** OAuth popup: how often to check it (default 1 s) and when to give up (default 30 s) — SPEC §9. */
  oauthPopupPollMs?: number;
  oauthPopupTimeoutMs?: number;
  /** The WebSocket class for `client.realtime.channel()` (default: the platform's; Node 20 has none: pass `ws`). */
  WebSocket?: new (url: string) => WebSocketLike;
}

export interface CodewrightClient {
  readonly projectId: string;
  readonly auth: AuthClient;
  readonly db: DbClient;
  readonly plan: PlanClient;
  readonly storage: StorageClient;
  readonly ai: AiClient & AiMediaClient;
  readonly versions: VersionsClient;
  readonly data: DataClient;
  readonly preview: PreviewClient;
  /** The Settings screen's Account group: sessions, export, deletion (account/account-settings-client.ts). */
  readonly account: AccountSettingsClient;
  /** Workspaces, members, invitations, share links, and `hasRole` / `can` (workspaces/workspaces-client.ts). */
  readonly workspaces: WorkspacesClient;
  /** A workspace owner's API keys and webhooks, Enterprise (integrations/integrations-client.ts). */
  readonly integrations: IntegrationsClient;
  /** Channels of projects and workspaces: publish and read back (realtime/realtime-client.ts). */
  readonly realtime: RealtimeClient;
}

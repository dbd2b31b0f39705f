/**
 * `createClient()` — the SDK's entry point (supabase-js style factory).
 */
import { createAuthApi } from './auth/auth-api.ts';
import { createAccountApi } from './auth/account-api.ts';
import { CodewrightAccountAuthClient } from './auth/account-client.ts';
import {
  browserLocalStorage,
  createMemoryStorage,
  DEFAULT_STORAGE_KEY,
  TokenStore,
} from './auth/token-store.ts';
import { createHttpClient, type HttpClient } from './http.ts';
import { createDbClient } from './db/db-client.ts';
import { createPlanClient } from './plan/plan-client.ts';
import { createStorageClient } from './storage/storage-client.ts';
import { createAiClient } from './ai/ai-client.ts';
import { createAiMediaClient } from './ai/ai-media-client.ts';
import { createDataClient } from './data-services/data-client.ts';
import { createVersionsClient } from './versions/versions-client.ts';
import { createPreviewClient } from './preview/preview-client.ts';
import { createAccountSettingsClient } from './account/account-settings-client.ts';
import { createWorkspacesClient } from './workspaces/workspaces-client.ts';
import { createIntegrationsClient } from './integrations/integrations-client.ts';
import { createRealtimeClient } from './realtime/realtime-client.ts';
import type { WebSocketFactory } from './realtime/realtime-socket.ts';
import { AnalyticsClient } from './analytics/analytics-client.ts';
import type { ClientOptions, CodewrightClient } from './types.ts';

/** What createClient builds; `http` is for the SDK's own modules (db, storage, ai…). */
export interface CodewrightClientInternals extends CodewrightClient {
  readonly auth: CodewrightAccountAuthClient;
  /** Authenticated request helper bound to this client (baseUrl, fetch, Bearer). */
  readonly http: HttpClient;
  /** Analytics events and CTA interactions (SPEC §3, §4.5, §7.1). */
  readonly analytics: AnalyticsClient;
}

function browserWindow(): Window | null {
  return typeof window !== 'undefined' && typeof window.addEventListener === 'function'
    ? window
    : null;
}

function defaultTrustedOrigins(win: Window | null): string[] {
  const origin = win?.location?.origin;
  return origin && origin !== 'null' ? [origin] : [];
}

/**
 * Creates a Codewright client. In a browser it starts the SPEC §4.1 auth
 * sequence at once (parent frame → URL → localStorage); subscribe with
 * `client.auth.onAuthStateChange` to follow it.
 *
 * @example
 * import { createClient } from '@codewright/sdk';
 * export const codewright = createClient({ projectId: 'codewright' });
 * codewright.auth.onAuthStateChange(({ status, user }) => console.log(status, user?.email));
 */
export function createClient(options: ClientOptions): CodewrightClientInternals {
  if (!options || typeof options.projectId !== 'string' || options.projectId.trim() === '') {
    throw new TypeError('createClient: projectId is required');
  }
  const win = browserWindow();
  const store = new TokenStore(
    options.storage ?? browserLocalStorage() ?? createMemoryStorage(),
    options.storageKey ?? DEFAULT_STORAGE_KEY,
  );

  // The auth client is created after the http helper that reads tokens from it.
  let auth: CodewrightAccountAuthClient | null = null;
  const http = createHttpClient({
    baseUrl: options.baseUrl ?? '',
    fetch: options.fetch,
    getAccessToken: () => (auth ? auth.getAccessToken() : Promise.resolve(null)),
  });
  auth = new CodewrightAccountAuthClient({
    api: createAuthApi(http, options.projectId),
    account: createAccountApi(http),
    projectId: options.projectId,
    baseUrl: options.baseUrl ?? '',
    oauthPopupPollMs: options.oauthPopupPollMs,
    oauthPopupTimeoutMs: options.oauthPopupTimeoutMs,
    store,
    window: win,
    trustedParentOrigins: options.trustedParentOrigins ?? defaultTrustedOrigins(win),
  });

  if (options.autoInitialize ?? win !== null) void auth.initialize();

  const signedIn = auth;
  const analytics = new AnalyticsClient({
    http,
    projectId: options.projectId,
    baseUrl: options.baseUrl ?? '',
    storage: options.storage ?? browserLocalStorage() ?? createMemoryStorage(),
    host: win,
    fetch: options.fetch,
    getCurrentUser: () => signedIn.getCurrentUser(),
  });

  const storage = createStorageClient({
    http,
    projectId: options.projectId,
    baseUrl: options.baseUrl ?? '',
  });

  const db = createDbClient({ http, projectId: options.projectId });
  const plan = createPlanClient({ http });

  // Text (ai-client.ts) and object, image, speech, transcribe (ai-media-client.ts).
  const ai = Object.assign(
    createAiClient({ http, projectId: options.projectId }),
    createAiMediaClient({ http, projectId: options.projectId }),
  );
  const data = createDataClient({ http, projectId: options.projectId });

  const versions = createVersionsClient({ http, projectId: options.projectId });
  const preview = createPreviewClient({ http, projectId: options.projectId });
  const account = createAccountSettingsClient({ http, signOutLocally: () => signedIn.signOut() });
  const workspaces = createWorkspacesClient({
    http,
    projectId: options.projectId,
    currentUser: () => signedIn.getState().user,
  });
  const integrations = createIntegrationsClient({ http });

  const realtime = createRealtimeClient({
    http,
    projectId: options.projectId,
    socketUrl: realtimeSocketUrl(options.baseUrl ?? '', options.projectId, win),
    openSocket: socketFactory(options.WebSocket),
    getAccessToken: () => signedIn.getAccessToken(),
  });
  // The websocket follows the session: a refreshed token is sent on it, a sign-out closes it.
  auth.onAuthStateChange((state) => {
    if (state.session) realtime.renewToken(state.session.accessToken);
    else realtime.disconnect();
  });

  return {
    projectId: options.projectId,
    auth,
    http,
    analytics,
    storage,
    db,
    plan,
    ai,
    versions,
    preview,
    data,
    account,
    workspaces,
    integrations,
    realtime,
  };
}

/** ws(s)://host/api/realtime/{project}/ws from the API's base URL, or the page's origin. */
function realtimeSocketUrl(baseUrl: string, projectId: string, win: Window | null): string {
  const path = `/api/realtime/${encodeURIComponent(projectId)}/ws`;
  const origin = baseUrl || win?.location.origin || 'http://localhost';
  return `${origin.replace(/^http/, 'ws')}${path}`;
}

/** The WebSocket constructor given, else the platform's (browsers, Node 22+); null when none. */
function socketFactory(given: ClientOptions['WebSocket']): WebSocketFactory | null {
  const Ctor = given ?? (globalThis as { WebSocket?: ClientOptions['WebSocket'] }).WebSocket;
  return Ctor ? (url) => new Ctor(url) : null;
}

/**
 * `createClient()` — the SDK's entry point (supabase-js style factory).
 */
import { createAuthApi } from './auth/auth-api.ts';
import { CodewrightAuthClient } from './auth/auth-client.ts';
import {
  browserLocalStorage,
  createMemoryStorage,
  DEFAULT_STORAGE_KEY,
  TokenStore,
} from './auth/token-store.ts';
import { createHttpClient, type HttpClient } from './http.ts';
import type { ClientOptions, CodewrightClient } from './types.ts';

/** What createClient builds; `http` is for the SDK's own modules (db, storage, ai…). */
export interface CodewrightClientInternals extends CodewrightClient {
  readonly auth: CodewrightAuthClient;
  /** Authenticated request helper bound to this client (baseUrl, fetch, Bearer). */
  readonly http: HttpClient;
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
  let auth: CodewrightAuthClient | null = null;
  const http = createHttpClient({
    baseUrl: options.baseUrl ?? '',
    fetch: options.fetch,
    getAccessToken: () => (auth ? auth.getAccessToken() : Promise.resolve(null)),
  });
  auth = new CodewrightAuthClient({
    api: createAuthApi(http, options.projectId),
    store,
    window: win,
    trustedParentOrigins: options.trustedParentOrigins ?? defaultTrustedOrigins(win),
  });

  if (options.autoInitialize ?? win !== null) void auth.initialize();

  return { projectId: options.projectId, auth, http };
}

/** Client factory for the SDK's unit tests: injects the fake server's fetch and disposes afterwards. */
import { afterEach } from 'vitest';
import { createClient, type CodewrightClientInternals } from '../client.ts';
import type { ClientOptions } from '../types.ts';
import type { FakeAuthServer } from './fake-auth-server.ts';

const created: CodewrightClientInternals[] = [];

afterEach(() => {
  for (const client of created.splice(0)) client.auth.dispose();
});

export function clientFor(
  server: FakeAuthServer,
  options: Partial<ClientOptions> = {},
): CodewrightClientInternals {
  const client = createClient({ projectId: 'codewright', fetch: server.fetch, ...options });
  created.push(client);
  return client;
}

/** Sets the page address (jsdom) as a link or redirect would. */
export function visit(pathAndQuery: string): void {
  window.history.replaceState(null, '', pathAndQuery);
}

/** Pretends another tab wrote the auth entry: jsdom does not fire `storage` in the writing window. */
export function fireStorageEvent(key: string): void {
  window.dispatchEvent(new StorageEvent('storage', { key, storageArea: window.localStorage }));
}

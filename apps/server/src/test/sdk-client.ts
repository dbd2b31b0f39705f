/**
 * The SDK signed in against the real app over HTTP, for *.sdk.api.test.ts (CONVENTIONS §12).
 * With those tests, the one server file allowed to import the SDK (eslint.config.js), and
 * like them typechecked by tsconfig.sdk-tests.json (the SDK needs DOM types).
 */
import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import { createClient, type ClientOptions, type CodewrightClientInternals } from '@codewright/sdk';
import { newSession } from './auth-helpers.ts';

/** Storage in memory, as a browser's localStorage would hold the session. */
export function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

/** A client of its own (storage in memory), signed in as `email` against `baseUrl`. */
export async function clientSignedInAs(
  baseUrl: string,
  email: string,
  password: string,
): Promise<CodewrightClientInternals> {
  const client = createClient({
    projectId: 'codewright',
    baseUrl,
    storage: memoryStorage(),
    autoInitialize: false,
    // Node 20 has no WebSocket of its own: the one @fastify/websocket is built on.
    WebSocket: WebSocket as unknown as ClientOptions['WebSocket'],
  });
  await client.auth.signInWithPassword({ email, password });
  return client;
}

/** A new user, signed in through the SDK against the app listening at `baseUrl`. */
export async function signedInClient(
  app: FastifyInstance,
  baseUrl: string,
): Promise<CodewrightClientInternals> {
  const { email, password } = await newSession(app);
  return clientSignedInAs(baseUrl, email, password);
}

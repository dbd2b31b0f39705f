// Sign-in, sign-up and sign-out cases the real server cannot play: client-side validation,
// the wire shape, and failures (offline, malformed answers, a failing sign-out). Everything a
// working server answers is tested against buildApp() in
// apps/server/src/modules/auth/auth.sdk.api.test.ts.
import { MESSAGES } from '@codewright/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { NetworkError, ValidationError } from '../errors.ts';
import { clientFor } from '../testing/clients.ts';
import { createFakeAuthServer, json } from '../testing/fake-auth-server.ts';
import { createMemoryStorage } from './token-store.ts';

const EMAIL = 'ada@example.com';
const PASSWORD = 'password1';
let server: ReturnType<typeof createFakeAuthServer>;

beforeEach(() => {
  server = createFakeAuthServer();
  server.addUser(EMAIL, PASSWORD);
});

describe('client-side validation (SPEC §5)', () => {
  it.each([
    ['', PASSWORD],
    ['   ', PASSWORD],
    [EMAIL, ''],
    [EMAIL, '   '],
    ['', ''],
  ])('email %j / password %j: ValidationError and nothing sent', async (email, password) => {
    const client = clientFor(server);
    for (const attempt of [
      () => client.auth.signInWithPassword({ email, password }),
      () => client.auth.signUp({ email, password }),
    ]) {
      const error = await attempt().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect(error).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: MESSAGES.enterEmailAndPassword,
      });
    }
    expect(server.calls).toHaveLength(0);
  });
});

describe('signInWithPassword', () => {
  // The server ignores projectId, so only a recorded request can show the SDK sends it.
  it('sends the trimmed email, the password and the project id', async () => {
    await clientFor(server, { projectId: 'codewright' }).auth.signInWithPassword({
      email: ` ${EMAIL} `,
      password: PASSWORD,
    });
    expect(server.callsTo('POST /api/auth/signin/email')[0]?.body).toEqual({
      email: EMAIL,
      password: PASSWORD,
      projectId: 'codewright',
    });
  });

  it('offline: NetworkError NETWORK_ERROR', async () => {
    server.override('POST /api/auth/signin/email', () => 'throw');
    await expect(
      clientFor(server).auth.signInWithPassword({ email: EMAIL, password: PASSWORD }),
    ).rejects.toBeInstanceOf(NetworkError);
  });

  it('a malformed answer becomes NETWORK_ERROR, not a half-signed-in state', async () => {
    server.override('POST /api/auth/signin/email', () => json(200, { user: { id: 'x' } }));
    const client = clientFor(server);
    await expect(
      client.auth.signInWithPassword({ email: EMAIL, password: PASSWORD }),
    ).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
    });
    expect(client.auth.getState().isAuthenticated).toBe(false);
  });
});

describe('signOut', () => {
  // Revocation itself is checked against the real server; this is the request that asks for it.
  it('sends the access token as Bearer and the refresh token', async () => {
    const client = clientFor(server);
    const { session } = await client.auth.signInWithPassword({ email: EMAIL, password: PASSWORD });
    await client.auth.signOut();
    const call = server.callsTo('POST /api/auth/signout')[0];
    expect(call?.authorization).toBe(`Bearer ${session.accessToken}`);
    expect(call?.body).toEqual({ refresh_token: session.refreshToken });
  });

  it.each([
    ['a 500', () => json(500, { error: { code: 'INTERNAL_ERROR' } })],
    ['no network', () => 'throw' as const],
  ])('still clears locally after %s', async (_label, reply) => {
    const storage = createMemoryStorage();
    const client = clientFor(server, { storage });
    await client.auth.signInWithPassword({ email: EMAIL, password: PASSWORD });
    server.override('POST /api/auth/signout', reply);
    await expect(client.auth.signOut()).resolves.toBeUndefined();
    expect(client.auth.getState().status).toBe('signed-out');
    expect(await client.auth.getAccessToken()).toBeNull();
    expect(storage.getItem('codewright.auth')).toBeNull();
  });
});

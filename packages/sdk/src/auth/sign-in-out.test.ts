import { AUTH_ERROR_MESSAGES, MESSAGES } from '@codewright/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { AuthError, NetworkError, ValidationError } from '../errors.ts';
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

describe('signUp', () => {
  it('creates the account but does not sign in', async () => {
    const client = clientFor(server);
    const user = await client.auth.signUp({
      email: ' new@example.com ',
      password: 'longpassword',
      displayName: 'New',
    });
    expect(user.email).toBe('new@example.com');
    expect(server.callsTo('POST /api/auth/signup')[0]?.body).toEqual({
      email: 'new@example.com',
      password: 'longpassword',
      displayName: 'New',
    });
    expect(client.auth.getState()).toMatchObject({
      isAuthenticated: false,
      session: null,
      user: null,
    });
    expect(await client.auth.getAccessToken()).toBeNull();
    expect(client.auth.getState().status).toBe('signed-out');
  });

  it('reports an existing email with its §8.1 code and text', async () => {
    await expect(
      clientFor(server).auth.signUp({ email: EMAIL, password: 'whatever1' }),
    ).rejects.toMatchObject({
      code: 'EMAIL_ALREADY_EXISTS',
      message: AUTH_ERROR_MESSAGES.EMAIL_ALREADY_EXISTS,
    });
  });
});

describe('signInWithPassword', () => {
  it('signs in, sends the project id, and keeps the session in storage', async () => {
    const storage = createMemoryStorage();
    const client = clientFor(server, { storage, projectId: 'codewright' });
    const { user, session } = await client.auth.signInWithPassword({
      email: EMAIL,
      password: PASSWORD,
    });
    expect(user.email).toBe(EMAIL);
    expect(server.callsTo('POST /api/auth/signin/email')[0]?.body).toEqual({
      email: EMAIL,
      password: PASSWORD,
      projectId: 'codewright',
    });
    expect(client.auth.getState()).toMatchObject({
      status: 'signed-in',
      isAuthenticated: true,
      user,
      session,
    });
    expect(JSON.parse(storage.getItem('codewright.auth')!).session).toEqual(session);
  });

  it('wrong password: AuthError INVALID_CREDENTIALS, still signed out', async () => {
    const client = clientFor(server);
    const error = await client.auth
      .signInWithPassword({ email: EMAIL, password: 'nope' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      message: AUTH_ERROR_MESSAGES.INVALID_CREDENTIALS,
    });
    expect((await client.auth.initialize()).status).toBe('signed-out');
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
  it('revokes on the server and clears locally', async () => {
    const storage = createMemoryStorage();
    const client = clientFor(server, { storage });
    const { session } = await client.auth.signInWithPassword({ email: EMAIL, password: PASSWORD });
    await client.auth.signOut();
    const call = server.callsTo('POST /api/auth/signout')[0];
    expect(call?.authorization).toBe(`Bearer ${session.accessToken}`);
    expect(call?.body).toEqual({ refresh_token: session.refreshToken });
    expect(server.isFamilyRevokedFor(session.refreshToken)).toBe(true);
    expect(client.auth.getState()).toMatchObject({
      status: 'signed-out',
      session: null,
      user: null,
    });
    expect(storage.getItem('codewright.auth')).toBeNull();
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

/**
 * Test double of the auth host (DESIGN §2b) behind an injected `fetch`, for the SDK's unit
 * tests. What a working server answers (sign-up, sign-in, sign-out revoking the session,
 * start-up from storage, refresh with rotation and family revocation, concurrent refreshes,
 * /me, providers) is tested against the real buildApp() in
 * apps/server/src/modules/auth/auth.sdk.api.test.ts. What stays here, and why:
 * - a browser-like window (jsdom): URL hand-off, OAuth popup, parent hand-off, cross-tab
 *   `storage` events — the API test project runs in node, without a window;
 * - failures the real server cannot be made to produce: offline, malformed or slow answers,
 *   answers that never come, a failing sign-out or refresh (`override`);
 * - what only a recorded request shows: the project id the server ignores, requests the SDK
 *   must not send at all (`calls`), the Bearer of a hand-off's /me.
 * So it plays only what those tests need: one-shot refresh rotation (no family revocation),
 * no sign-up, no profile update.
 */
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from '@codewright/contract';
import type { User } from '../types.ts';

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | null;
  body: unknown;
}

type Reply = { status: number; body?: unknown; headers?: Record<string, string> };
type Override = (call: RecordedCall) => Reply | Promise<Reply | undefined> | 'throw' | undefined;

interface RefreshRecord {
  userId: string;
  used: boolean;
}

export function json(status: number, body?: unknown, headers: Record<string, string> = {}): Reply {
  return { status, body, headers };
}

export function createFakeAuthServer() {
  const users = new Map<string, { user: User; password: string }>();
  const accessTokens = new Map<string, string>();
  const refreshTokens = new Map<string, RefreshRecord>();
  const overrides = new Map<string, Override>();
  const calls: RecordedCall[] = [];
  let counter = 0;

  function addUser(email: string, password: string): User {
    const user: User = {
      id: `u${users.size + 1}`,
      email,
      displayName: null,
      role: 'user',
      metadata: '{}',
    };
    users.set(email, { user, password });
    return user;
  }

  function issue(user: User) {
    counter++;
    const access = `at_${counter}`;
    const refresh = `rt_${counter}`;
    accessTokens.set(access, user.id);
    refreshTokens.set(refresh, { userId: user.id, used: false });
    return {
      user,
      access_token: access,
      refresh_token: refresh,
      token_type: 'Bearer' as const,
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      refresh_expires_in: REFRESH_TOKEN_TTL_SECONDS,
      issued_at: Math.floor(Date.now() / 1000),
    };
  }

  const byId = (id: string) => [...users.values()].find((u) => u.user.id === id)?.user;
  const bearerUser = (call: RecordedCall) => {
    const token = call.authorization?.replace(/^Bearer /, '') ?? '';
    const id = accessTokens.get(token);
    return id ? byId(id) : undefined;
  };
  const unauthorized = json(401, {
    error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' },
  });

  function route(call: RecordedCall): Reply {
    const body = (call.body ?? {}) as Record<string, string>;
    switch (`${call.method} ${call.path}`) {
      case 'POST /api/auth/signin/email': {
        const entry = users.get(body.email ?? '');
        if (!entry || entry.password !== body.password) {
          return json(401, {
            error: {
              code: 'INVALID_CREDENTIALS',
              message: 'Invalid email or password. Please try again.',
            },
          });
        }
        return json(200, issue(entry.user));
      }
      case 'POST /api/auth/refresh': {
        const record = refreshTokens.get(body.refresh_token ?? '');
        if (!record || record.used) {
          return json(401, {
            error: { code: 'TOKEN_EXPIRED', message: 'Session expired. Please sign in again.' },
          });
        }
        record.used = true;
        return json(200, issue(byId(record.userId)!));
      }
      case 'POST /api/auth/signout':
        return bearerUser(call) ? json(204) : unauthorized;
      case 'GET /api/auth/me': {
        const user = bearerUser(call);
        return user ? json(200, user) : unauthorized;
      }
      case 'GET /api/auth/providers':
        return json(200, {
          providers: [
            { id: 'email', name: 'Email' },
            { id: 'google', name: 'Google' },
          ],
        });
      default:
        return json(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
    }
  }

  const fetchImpl = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost:3000');
    const headers = new Headers(init.headers);
    const call: RecordedCall = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      authorization: headers.get('Authorization'),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    calls.push(call);
    const override = overrides.get(`${call.method} ${call.path}`);
    let reply = override ? await override(call) : undefined;
    if (reply === 'throw') throw new TypeError('Failed to fetch');
    reply ??= route(call);
    const text = reply.body === undefined ? null : JSON.stringify(reply.body);
    return new Response(text, {
      status: reply.status,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  };

  return {
    fetch: fetchImpl as typeof fetch,
    calls,
    addUser,
    /** Issues a token set for an existing user as sign-in would (wire shape). */
    issueFor: (email: string) => issue(users.get(email)!.user),
    /** Replaces a route's answer, e.g. `override('POST /api/auth/refresh', () => json(500))`. */
    override: (key: string, fn: Override) => void overrides.set(key, fn),
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}

export type FakeAuthServer = ReturnType<typeof createFakeAuthServer>;

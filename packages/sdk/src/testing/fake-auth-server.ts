/**
 * Test double of the auth host (DESIGN §2b) behind an injected `fetch`:
 * rotation of refresh tokens with family revocation, Bearer checks, and
 * hooks to make any route fail. Used by the SDK's unit tests only.
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
  family: number;
  used: boolean;
}

export function json(status: number, body?: unknown, headers: Record<string, string> = {}): Reply {
  return { status, body, headers };
}

export function createFakeAuthServer() {
  const users = new Map<string, { user: User; password: string }>();
  const accessTokens = new Map<string, string>();
  const refreshTokens = new Map<string, RefreshRecord>();
  const revokedFamilies = new Set<number>();
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

  function issue(user: User, family = ++counter) {
    counter++;
    const access = `at_${counter}`;
    const refresh = `rt_${counter}`;
    accessTokens.set(access, user.id);
    refreshTokens.set(refresh, { userId: user.id, family, used: false });
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
      case 'POST /api/auth/signup': {
        if (users.has(body.email ?? ''))
          return json(409, {
            error: {
              code: 'EMAIL_ALREADY_EXISTS',
              message: 'An account with this email already exists.',
            },
          });
        return json(201, { user: addUser(body.email ?? '', body.password ?? '') });
      }
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
        const expired = json(401, {
          error: { code: 'TOKEN_EXPIRED', message: 'Session expired. Please sign in again.' },
        });
        if (!record || revokedFamilies.has(record.family)) return expired;
        if (record.used) {
          revokedFamilies.add(record.family);
          return expired;
        }
        record.used = true;
        return json(200, issue(byId(record.userId)!, record.family));
      }
      case 'POST /api/auth/signout': {
        if (!bearerUser(call)) return unauthorized;
        const record = refreshTokens.get(body.refresh_token ?? '');
        if (record) revokedFamilies.add(record.family);
        return json(204);
      }
      case 'GET /api/auth/me': {
        const user = bearerUser(call);
        return user ? json(200, user) : unauthorized;
      }
      case 'PATCH /api/auth/me': {
        const user = bearerUser(call);
        if (!user) return unauthorized;
        if (body.displayName !== undefined) user.displayName = body.displayName;
        if (body.metadata !== undefined) user.metadata = body.metadata;
        return json(200, user);
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
    isFamilyRevokedFor: (refreshToken: string) => {
      const record = refreshTokens.get(refreshToken);
      return record ? revokedFamilies.has(record.family) : false;
    },
  };
}

export type FakeAuthServer = ReturnType<typeof createFakeAuthServer>;

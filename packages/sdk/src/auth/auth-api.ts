/**
 * The auth host's wire calls (SPEC §7.2, DESIGN §2b) with their answers
 * checked against the contract schemas. No state here; auth-client.ts owns it.
 */
import type { SessionResponse } from '@codewright/contract';
import { parseResponse } from '../response.ts';
import type { HttpClient } from '../http.ts';
import type { Provider, Session, User } from '../types.ts';
import { sessionFromTokenSet } from './token-math.ts';

const BASE = '/api/auth';

/** A sign-in answer: session, user and the server-minus-local clock difference. */
export interface IssuedSession {
  session: Session;
  user: User;
  clockSkewMs: number;
}

async function issued(body: unknown, receivedAtMs: number): Promise<IssuedSession> {
  const data: SessionResponse = await parseResponse('SessionResponseSchema', body);
  return {
    session: sessionFromTokenSet(data),
    user: data.user,
    clockSkewMs: data.issued_at * 1000 - receivedAtMs,
  };
}

export function createAuthApi(http: HttpClient, projectId: string) {
  return {
    async signUp(
      body: { email: string; password: string; displayName?: string },
      signal?: AbortSignal,
    ) {
      const res = await http({ method: 'POST', path: `${BASE}/signup`, body, auth: false, signal });
      return parseResponse('UserSchema', (res as { user?: unknown } | undefined)?.user);
    },

    async signIn(email: string, password: string, signal?: AbortSignal): Promise<IssuedSession> {
      const body = { email, password, projectId };
      const res = await http({
        method: 'POST',
        path: `${BASE}/signin/email`,
        body,
        auth: false,
        signal,
      });
      return issued(res, Date.now());
    },

    async refresh(refreshToken: string): Promise<IssuedSession> {
      const body = { refresh_token: refreshToken };
      const res = await http({ method: 'POST', path: `${BASE}/refresh`, body, auth: false });
      return issued(res, Date.now());
    },

    async verifyMagicToken(token: string): Promise<IssuedSession> {
      const res = await http({
        method: 'POST',
        path: `${BASE}/magic/verify`,
        body: { token },
        auth: false,
      });
      return issued(res, Date.now());
    },

    async signOut(session: Session, signal?: AbortSignal): Promise<void> {
      const body = session.refreshToken ? { refresh_token: session.refreshToken } : {};
      await http({
        method: 'POST',
        path: `${BASE}/signout`,
        body,
        auth: session.accessToken || false,
        signal,
      });
    },

    async me(accessToken: string, signal?: AbortSignal): Promise<User> {
      return parseResponse(
        'UserSchema',
        await http({ path: `${BASE}/me`, auth: accessToken, signal }),
      );
    },

    async updateMe(
      accessToken: string,
      body: { displayName?: string | null; metadata?: string },
      signal?: AbortSignal,
    ): Promise<User> {
      const res = await http({
        method: 'PATCH',
        path: `${BASE}/me`,
        body,
        auth: accessToken,
        signal,
      });
      return parseResponse('UserSchema', res);
    },

    async providers(signal?: AbortSignal): Promise<Provider[]> {
      const res = await http({
        path: `${BASE}/providers`,
        query: { projectId },
        auth: false,
        signal,
      });
      return (await parseResponse('ProvidersResponseSchema', res)).providers;
    },
  };
}

export type AuthApi = ReturnType<typeof createAuthApi>;

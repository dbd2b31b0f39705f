/**
 * `client.account`: the Settings screen's Account group (docs/api.md § Account settings):
 * account status, signed-in sessions, the data export and account deletion. Display name,
 * password change and verification mails stay on `client.auth`.
 */
import type { AccountStatus, DeleteAccountBody, SessionInfo } from '@codewright/contract';
import { parseResponse } from '../response.ts';
import type { HttpClient } from '../http.ts';
import type { RequestOptions } from '../types.ts';

export type { AccountStatus, DeleteAccountBody, SessionInfo };

/** Rejects with CodewrightError codes UNAUTHORIZED/TOKEN_EXPIRED (401) when signed out. */
export interface AccountSettingsClient {
  /** Email, whether it is verified, whether the account has a password, and when it was made. */
  getStatus(options?: RequestOptions): Promise<AccountStatus>;
  /**
   * The caller's live sessions, most recently active first; `current` marks this one.
   * @example const sessions = await client.account.listSessions();
   */
  listSessions(options?: RequestOptions): Promise<SessionInfo[]>;
  /** Signs out one session at once (its tokens are refused); NOT_FOUND (404) for an id not yours. */
  revokeSession(sessionId: string, options?: RequestOptions): Promise<void>;
  /** Signs out every session but this one; resolves with how many were signed out. */
  revokeOtherSessions(options?: RequestOptions): Promise<number>;
  /**
   * A zip of the projects of the workspaces you own, their chat and versions (JSON) and code
   * files, plus your own messages in teams you belong to (docs/decisions/028).
   * @example const zip = await client.account.exportData(); // a Blob of type application/zip
   */
  exportData(options?: RequestOptions): Promise<Blob>;
  /**
   * Deletes the account and everything in it, confirmed with the password (or, for an
   * account without one, its email), then signs out here. A wrong password rejects with
   * INVALID_CREDENTIALS (401) and deletes nothing.
   */
  deleteAccount(confirmation: DeleteAccountBody, options?: RequestOptions): Promise<void>;
}

/** Builds `client.account`; `signOutLocally` drops this client's tokens after a deletion. */
export function createAccountSettingsClient(options: {
  http: HttpClient;
  signOutLocally: () => Promise<void>;
}): AccountSettingsClient {
  const { http } = options;
  const BASE = '/api/auth';
  return {
    async getStatus(request: RequestOptions = {}) {
      const body = await http({ path: `${BASE}/account`, signal: request.signal });
      return parseResponse('AccountStatusSchema', body);
    },

    async listSessions(request: RequestOptions = {}) {
      const body = await http({ path: `${BASE}/sessions`, signal: request.signal });
      return (await parseResponse('SessionListSchema', body)).sessions;
    },

    async revokeSession(sessionId, request: RequestOptions = {}) {
      await http({
        method: 'DELETE',
        path: `${BASE}/sessions/${encodeURIComponent(sessionId)}`,
        signal: request.signal,
      });
    },

    async revokeOtherSessions(request: RequestOptions = {}) {
      const body = await http({
        method: 'POST',
        path: `${BASE}/sessions/revoke-others`,
        signal: request.signal,
      });
      return (await parseResponse('RevokedSessionsSchema', body)).revoked;
    },

    exportData(request: RequestOptions = {}) {
      return http<Blob>({ path: `${BASE}/export`, responseType: 'blob', signal: request.signal });
    },

    async deleteAccount(confirmation, request: RequestOptions = {}) {
      await http({
        method: 'DELETE',
        path: `${BASE}/me`,
        body: confirmation,
        signal: request.signal,
      });
      await options.signOutLocally();
    },
  };
}

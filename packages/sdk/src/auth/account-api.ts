/**
 * Wire calls of the account flows (SPEC §7.2, docs/decisions/006); state stays in
 * account-client.ts.
 */
import { parseResponse } from '../response.ts';
import type { HttpClient } from '../http.ts';

const BASE = '/api/auth';

async function message(body: unknown): Promise<string> {
  return (await parseResponse('AccountMessageResponseSchema', body)).message;
}

export function createAccountApi(http: HttpClient) {
  const send = async (path: string, body: unknown, auth: boolean | string, signal?: AbortSignal) =>
    message(await http({ method: 'POST', path: `${BASE}${path}`, body, auth, signal }));
  return {
    requestPasswordReset: (email: string, signal?: AbortSignal) =>
      send('/password/reset', { email }, false, signal),
    confirmPasswordReset: (token: string, password: string, signal?: AbortSignal) =>
      send('/password/reset/confirm', { token, password }, false, signal),
    changePassword: (
      accessToken: string,
      oldPassword: string,
      newPassword: string,
      signal?: AbortSignal,
    ) => send('/password/change', { oldPassword, newPassword }, accessToken, signal),
    /** `/email/verify` (DESIGN §3.16): a Bearer token of the account or its password proves its registrant. */
    verifyEmail: async (
      token: string,
      proof: { accessToken?: string | null; password?: string; notMine?: boolean },
      signal?: AbortSignal,
    ) =>
      parseResponse(
        'VerifyEmailResponseSchema',
        await http({
          method: 'POST',
          path: `${BASE}/email/verify`,
          body: {
            token,
            ...(proof.password !== undefined ? { password: proof.password } : {}),
            ...(proof.notMine ? { notMine: true } : {}),
          },
          auth: proof.accessToken && !proof.notMine ? proof.accessToken : false,
          signal,
        }),
      ),
    resendVerification: (email: string | null, accessToken: string | null, signal?: AbortSignal) =>
      accessToken
        ? send('/email/verify/send', {}, accessToken, signal)
        : send('/email/verify/send', { email }, false, signal),
    requestMagicLink: (email: string, signal?: AbortSignal) =>
      send('/signin/magic', { email }, false, signal),
  };
}

export type AccountApi = ReturnType<typeof createAccountApi>;

/**
 * The auth client plus the account flows (docs/decisions/006): password reset and
 * change, email verification, magic links and Google/GitHub sign-in.
 */
import { MESSAGES, type VerifyEmailResponse } from '@codewright/contract';
import { AuthError, type CodewrightError, ValidationError } from '../errors.ts';
import type { AuthClient, RequestOptions, Session, User } from '../types.ts';
import type { AccountApi } from './account-api.ts';
import { type AuthClientDeps, CodewrightAuthClient } from './auth-client.ts';
import { runOAuthPopup } from './oauth-popup.ts';

export interface AccountClientDeps extends AuthClientDeps {
  account: AccountApi;
  projectId: string;
  baseUrl: string;
  oauthPopupPollMs?: number;
  oauthPopupTimeoutMs?: number;
}

function requireEmail(email: unknown): string {
  if (typeof email !== 'string' || !email.trim()) {
    throw new ValidationError({
      code: 'VALIDATION_ERROR',
      message: 'Please enter your email address.',
    });
  }
  return email.trim();
}

function requireText(value: unknown, message: string): string {
  if (typeof value !== 'string' || !value)
    throw new ValidationError({ code: 'VALIDATION_ERROR', message });
  return value;
}

export class CodewrightAccountAuthClient extends CodewrightAuthClient implements AuthClient {
  private readonly account: AccountClientDeps;
  /** Filled by the start sequence (which runs after construction). */
  private readonly started: { error: CodewrightError | null };

  constructor(deps: AccountClientDeps) {
    const started: { error: CodewrightError | null } = { error: null };
    super({ ...deps, onStartError: (error) => void (started.error = error) });
    this.account = deps;
    this.started = started;
  }

  /** The error of a failed start-up hand-off (expired magic link, OAuth failure), once; then null. */
  takeStartError(): CodewrightError | null {
    const error = this.started.error;
    this.started.error = null;
    return error;
  }

  /**
   * Google or GitHub sign-in in a popup (30 s, polled every 1 s); falls back to a
   * full-page redirect when the popup is blocked.
   * @example await client.auth.signInWithOAuth({ provider: 'google' });
   */
  async signInWithOAuth(params: {
    provider: string;
    redirectUrl?: string;
  }): Promise<{ user: User; session: Session }> {
    const win = this.deps.window;
    if (!win)
      throw new AuthError({
        code: 'REDIRECT_FAILED',
        status: null,
        message: 'Social sign-in needs a browser window.',
      });
    const code = await runOAuthPopup({
      provider: params.provider,
      window: win,
      projectId: this.account.projectId,
      baseUrl: this.account.baseUrl,
      redirectUrl: params.redirectUrl,
      pollMs: this.account.oauthPopupPollMs,
      timeoutMs: this.account.oauthPopupTimeoutMs,
    });
    const issued = await this.deps.api.verifyMagicToken(code);
    this.adoptIssued(issued);
    return { user: issued.user, session: issued.session };
  }

  /** Mails a reset link; resolves with the same message whether or not the account exists. */
  requestPasswordReset(email: string, options?: RequestOptions): Promise<string> {
    return this.account.account.requestPasswordReset(requireEmail(email), options?.signal);
  }

  /** Sets a new password with the mailed token; every session of the user is signed out. */
  confirmPasswordReset(
    params: { token: string; password: string },
    options?: RequestOptions,
  ): Promise<string> {
    const token = requireText(
      params?.token,
      'This link is missing its token. Please use the link from the email.',
    );
    const password = requireText(params?.password, MESSAGES.enterEmailAndPassword);
    return this.account.account.confirmPasswordReset(token, password, options?.signal);
  }

  /** Changes the signed-in user's password; their other sessions are signed out. */
  async changePassword(
    params: { oldPassword: string; newPassword: string },
    options?: RequestOptions,
  ): Promise<string> {
    const token = await this.getAccessToken();
    if (!token) throw new AuthError({ code: 'TOKEN_EXPIRED', status: null });
    return this.account.account.changePassword(
      token,
      params.oldPassword,
      params.newPassword,
      options?.signal,
    );
  }

  /**
   * Uses a mailed verification token (DESIGN §3.16). Signed in as the account, that proves its
   * registrant; otherwise pass the account's `password`, or `notMine: true` to take the account
   * over from whoever registered it. Without a proof an account with a password answers
   * VERIFICATION_CHOICE_REQUIRED and the link is not spent.
   */
  async confirmEmail(
    token: string,
    proof: { password?: string; notMine?: boolean } = {},
    options?: RequestOptions,
  ): Promise<VerifyEmailResponse> {
    const accessToken =
      this.getState().status === 'signed-in' && !proof.notMine ? await this.getAccessToken() : null;
    return this.account.account.verifyEmail(
      requireText(token, 'This link is missing its token.'),
      { ...proof, accessToken },
      options?.signal,
    );
  }

  /** Uses a mailed verification token; the message to show. See confirmEmail for the proofs. */
  async verifyEmail(token: string, options?: RequestOptions): Promise<string> {
    return (await this.confirmEmail(token, {}, options)).message;
  }

  /** Sends a new verification link: to the signed-in user, or to `email`. */
  async resendVerificationEmail(email?: string, options?: RequestOptions): Promise<string> {
    const token = this.getState().status === 'signed-in' ? await this.getAccessToken() : null;
    return this.account.account.resendVerification(
      token ? null : requireEmail(email),
      token,
      options?.signal,
    );
  }

  /** Mails a one-time sign-in link (15 min); same message whether or not the account exists. */
  signInWithMagicLink(email: string, options?: RequestOptions): Promise<string> {
    return this.account.account.requestMagicLink(requireEmail(email), options?.signal);
  }
}

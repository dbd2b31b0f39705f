// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_ERROR_MESSAGES, OAUTH_MESSAGE_TYPE } from '@codewright/contract';
import { CodewrightError } from '../errors.ts';
import { createFakeAuthServer } from '../testing/fake-auth-server.ts';
import { clientFor, visit } from '../testing/clients.ts';
import { runOAuthPopup } from './oauth-popup.ts';

interface FakePopup {
  closed: boolean;
  close: () => void;
}

let popup: FakePopup;
let opened: string[];

beforeEach(() => {
  visit('/pricing?tab=1');
  opened = [];
  popup = { closed: false, close: () => void (popup.closed = true) };
  vi.spyOn(window, 'open').mockImplementation((url) => {
    opened.push(String(url));
    return popup as unknown as Window;
  });
});
afterEach(() => vi.restoreAllMocks());

const options = (extra: Partial<Parameters<typeof runOAuthPopup>[0]> = {}) => ({
  provider: 'google',
  window,
  projectId: 'codewright',
  baseUrl: '',
  pollMs: 10,
  timeoutMs: 300,
  ...extra,
});

function stateOfOpened(): string {
  return new URL(opened[0]!, window.location.origin).searchParams.get('state')!;
}

function post(data: unknown, origin = window.location.origin) {
  window.dispatchEvent(new MessageEvent('message', { data, origin }));
}

const message = (state: string, extra: Record<string, unknown> = {}) => ({
  type: OAUTH_MESSAGE_TYPE,
  state,
  projectId: 'codewright',
  ...extra,
});

describe('OAuth popup', () => {
  it('opens the start route with state, mode, project and a same-page redirect_url', async () => {
    const pending = runOAuthPopup(options());
    const url = new URL(opened[0]!, window.location.origin);
    expect(url.pathname).toBe('/api/auth/oauth/google/start');
    expect(url.searchParams.get('mode')).toBe('popup');
    expect(url.searchParams.get('project_id')).toBe('codewright');
    expect(url.searchParams.get('redirect_url')).toBe(`${window.location.origin}/pricing?tab=1`);
    expect(stateOfOpened()).toMatch(/^[0-9a-f]{48}$/);
    post(message(stateOfOpened(), { code: 'one-time' }));
    await expect(pending).resolves.toBe('one-time');
  });

  it('ignores messages with another state, project id or origin', async () => {
    const pending = runOAuthPopup(options({ timeoutMs: 200 }));
    const state = stateOfOpened();
    post(message('someone-elses-state', { code: 'forged' }));
    post(message(state, { code: 'forged', projectId: 'other' }));
    post(message(state, { code: 'forged' }), 'https://evil.example');
    post({ type: 'unrelated' });
    await expect(pending).rejects.toMatchObject({ code: 'AUTH_TIMEOUT' });
  });

  it('rejects with POPUP_CANCELED when the popup is closed', async () => {
    const pending = runOAuthPopup(options());
    popup.closed = true;
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CodewrightError);
    expect(error).toMatchObject({
      code: 'POPUP_CANCELED',
      message: AUTH_ERROR_MESSAGES.POPUP_CANCELED,
    });
  });

  it('times out with AUTH_TIMEOUT and closes the popup', async () => {
    const started = Date.now();
    const error = await runOAuthPopup(options({ timeoutMs: 120 })).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'AUTH_TIMEOUT',
      message: AUTH_ERROR_MESSAGES.AUTH_TIMEOUT,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    expect(popup.closed).toBe(true);
  });

  it('passes on the error the callback page reports', async () => {
    const pending = runOAuthPopup(options());
    post(
      message(stateOfOpened(), {
        error: { code: 'EMAIL_NOT_VERIFIED', message: 'Your Google email is not verified.' },
      }),
    );
    await expect(pending).rejects.toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      message: 'Your Google email is not verified.',
    });
  });

  it('falls back to a full-page redirect when the popup is blocked', () => {
    vi.mocked(window.open).mockReturnValue(null);
    const assign = vi.fn();
    const fakeWindow = new Proxy(window, {
      get: (target, key) =>
        key === 'location'
          ? {
              ...target.location,
              href: target.location.href,
              origin: target.location.origin,
              assign,
            }
          : Reflect.get(target, key, target),
    });
    void runOAuthPopup(options({ window: fakeWindow }));
    const to = new URL(assign.mock.calls[0]![0] as string, window.location.origin);
    expect(to.pathname).toBe('/api/auth/oauth/google/start');
    expect(to.searchParams.get('mode')).toBe('redirect');
  });
});

describe('signInWithOAuth', () => {
  it('exchanges the posted code through /magic/verify and signs in', async () => {
    localStorage.clear();
    const server = createFakeAuthServer();
    const user = server.addUser('ada@example.com', 'password1');
    server.override('POST /api/auth/magic/verify', (call) =>
      (call.body as { token: string }).token === 'good-code'
        ? { status: 200, body: server.issueFor('ada@example.com') }
        : undefined,
    );
    const client = clientFor(server, { oauthPopupPollMs: 10, oauthPopupTimeoutMs: 500 });
    await client.auth.initialize();
    const pending = client.auth.signInWithOAuth({ provider: 'google' });
    await vi.waitFor(() => expect(opened).toHaveLength(1));
    post(message(stateOfOpened(), { code: 'good-code' }));
    const result = await pending;
    expect(result.user.id).toBe(user.id);
    expect(client.auth.getState().status).toBe('signed-in');
  });
});

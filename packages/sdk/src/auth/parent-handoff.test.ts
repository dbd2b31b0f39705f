// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeAuthServer } from '../testing/fake-auth-server.ts';
import { clientFor, visit } from '../testing/clients.ts';
import { PARENT_TOKEN_REQUEST_TYPE, PARENT_TOKEN_RESPONSE_TYPE } from './parent-handoff.ts';

const PAGE_ORIGIN = 'http://localhost:3000';
const parentDescriptor = Object.getOwnPropertyDescriptor(window, 'parent')!;

let server: ReturnType<typeof createFakeAuthServer>;
let parentWindow: Window;
let iframe: HTMLIFrameElement;

/** Makes this page framed; `answer` is how the parent reacts to the token request. */
function frameWithParent(answer: (request: unknown, targetOrigin: string) => void) {
  iframe = document.createElement('iframe');
  document.body.appendChild(iframe);
  parentWindow = iframe.contentWindow!;
  Object.defineProperty(window, 'parent', { configurable: true, value: parentWindow });
  return vi
    .spyOn(parentWindow, 'postMessage')
    .mockImplementation(((message: unknown, targetOrigin: string) =>
      answer(message, targetOrigin)) as never);
}

function postFromParent(
  data: unknown,
  origin: string,
  delayMs: number,
  source: Window = parentWindow,
) {
  setTimeout(
    () => window.dispatchEvent(new MessageEvent('message', { data, origin, source })),
    delayMs,
  );
}

function tokenMessage(set: { access_token: string; refresh_token: string }) {
  return {
    type: PARENT_TOKEN_RESPONSE_TYPE,
    access_token: set.access_token,
    refresh_token: set.refresh_token,
  };
}

beforeEach(() => {
  localStorage.clear();
  visit('/');
  server = createFakeAuthServer();
  server.addUser('ada@example.com', 'password1');
  server.addUser('eve@example.com', 'password2');
});

afterEach(() => {
  Object.defineProperty(window, 'parent', parentDescriptor);
  iframe?.remove();
});

describe('parent-frame hand-off', () => {
  it('asks the parent at the trusted origin and accepts its answer within 100 ms', async () => {
    const set = server.issueFor('ada@example.com');
    const postMessage = frameWithParent(() => postFromParent(tokenMessage(set), PAGE_ORIGIN, 20));
    const state = await clientFor(server).auth.initialize();
    expect(postMessage).toHaveBeenCalledWith({ type: PARENT_TOKEN_REQUEST_TYPE }, PAGE_ORIGIN);
    expect(state).toMatchObject({ status: 'signed-in', user: { email: 'ada@example.com' } });
    expect(state.session?.accessToken).toBe(set.access_token);
  });

  it('accepts an origin listed in trustedParentOrigins', async () => {
    const set = server.issueFor('ada@example.com');
    frameWithParent(() => postFromParent(tokenMessage(set), 'https://host.example', 10));
    const state = await clientFor(server, {
      trustedParentOrigins: ['https://host.example'],
    }).auth.initialize();
    expect(state.session?.accessToken).toBe(set.access_token);
  });

  it('ignores an untrusted origin and falls through to the URL', async () => {
    const evil = server.issueFor('eve@example.com');
    const ada = server.issueFor('ada@example.com');
    frameWithParent(() => postFromParent(tokenMessage(evil), 'https://evil.example', 10));
    visit(`/?access_token=${ada.access_token}&refresh_token=${ada.refresh_token}`);
    const state = await clientFor(server).auth.initialize();
    expect(state.user?.email).toBe('ada@example.com');
  });

  it('ignores a trusted-origin message that does not come from the parent window', async () => {
    const evil = server.issueFor('eve@example.com');
    const other = document.createElement('iframe');
    document.body.appendChild(other);
    frameWithParent(() =>
      postFromParent(tokenMessage(evil), PAGE_ORIGIN, 10, other.contentWindow!),
    );
    const state = await clientFor(server).auth.initialize();
    expect(state.status).toBe('signed-out');
    other.remove();
  });

  it('after 100 ms without an answer falls through to localStorage; a late answer is ignored', async () => {
    await clientFor(server, { autoInitialize: false }).auth.signInWithPassword({
      email: 'ada@example.com',
      password: 'password1',
    });
    const late = server.issueFor('eve@example.com');
    frameWithParent(() => postFromParent(tokenMessage(late), PAGE_ORIGIN, 150));
    const client = clientFor(server);
    const started = Date.now();
    const state = await client.auth.initialize();
    expect(Date.now() - started).toBeGreaterThanOrEqual(95);
    expect(state.user?.email).toBe('ada@example.com');
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(client.auth.getState().user?.email).toBe('ada@example.com');
  });

  it('does not ask or wait when the page is not framed', async () => {
    const spy = vi.spyOn(window, 'postMessage');
    // With timers frozen, start-up can only finish if it never waits on one.
    vi.useFakeTimers();
    try {
      const state = await clientFor(server).auth.initialize();
      expect(state.status).toBe('signed-out');
    } finally {
      vi.useRealTimers();
    }
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});

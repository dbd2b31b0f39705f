import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ANALYTICS_BATCH_SIZE,
  ANALYTICS_FLUSH_MS,
  ANALYTICS_SESSION_IDLE_MS,
  ANALYTICS_STRING_MAX,
} from '@codewright/contract';
import type { HttpRequest } from '../http.ts';
import { createMemoryStorage } from '../auth/token-store.ts';
import { AnalyticsClient, channelOf, type AnalyticsHost } from './analytics-client.ts';

type Listener = () => void;

/** A browser-like host with a settable DNT flag, a recording sendBeacon and page events. */
function fakeHost(overrides: Partial<AnalyticsHost> = {}) {
  const listeners = new Map<string, Listener[]>();
  const beacons: Array<{ url: string; body: Blob }> = [];
  const host: AnalyticsHost & { fire(type: string): void } = {
    location: {
      pathname: '/pricing',
      search: '?utm_source=news&utm_medium=email',
      origin: 'https://cw.test',
    },
    document: { referrer: 'https://www.google.com/', visibilityState: 'visible' },
    screen: { width: 390 },
    navigator: {
      doNotTrack: null,
      sendBeacon: (url, data) => {
        beacons.push({ url, body: data as Blob });
        return true;
      },
    },
    addEventListener: (type, listener) =>
      listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    removeEventListener: (type, listener) =>
      listeners.set(
        type,
        (listeners.get(type) ?? []).filter((l) => l !== listener),
      ),
    fire: (type) => (listeners.get(type) ?? []).forEach((l) => l()),
    ...overrides,
  };
  return { host, beacons };
}

function setup(overrides: Partial<AnalyticsHost> = {}, storage = createMemoryStorage()) {
  const requests: HttpRequest[] = [];
  const http = vi.fn(async (req: HttpRequest) => {
    requests.push(req);
    return { accepted: 1 } as never;
  });
  const { host, beacons } = fakeHost(overrides);
  const analytics = new AnalyticsClient({
    http: http as never,
    projectId: 'codewright',
    baseUrl: 'https://api.cw.test',
    storage,
    host,
    now: () => Date.now(),
  });
  clients.push(analytics);
  const events = (i: number) =>
    (requests[i]!.body as { events: Array<Record<string, unknown>> }).events;
  return { analytics, requests, events, host, beacons, storage };
}

const clients: AnalyticsClient[] = [];
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
});
afterEach(() => {
  clients.splice(0).forEach((c) => c.dispose());
  vi.useRealTimers();
});

describe('batching', () => {
  it(`sends ${ANALYTICS_BATCH_SIZE} events as one request at once`, async () => {
    const { analytics, requests, events } = setup();
    for (let i = 0; i < ANALYTICS_BATCH_SIZE - 1; i++) analytics.track('click', { n: i });
    expect(requests).toHaveLength(0);
    analytics.track('click', { n: 9 });
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/api/analytics/codewright/log' });
    expect(events(0)).toHaveLength(ANALYTICS_BATCH_SIZE);
    expect(events(0).map((e) => e.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // Nothing is left for the timer to send.
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS * 2);
    expect(requests).toHaveLength(1);
  });

  it(`flushes a partial batch ${ANALYTICS_FLUSH_MS / 1000} s after the first event`, async () => {
    const { analytics, requests, events } = setup();
    analytics.track('a');
    await vi.advanceTimersByTimeAsync(1000);
    analytics.track('b');
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS - 1000 - 1);
    expect(requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(1);
    expect(events(0).map((e) => e.type)).toEqual(['a', 'b']);
    expect(events(0)[0]).toMatchObject({
      timestamp: '2026-03-01T10:00:00.000Z',
      project_id: 'codewright',
    });
  });

  it('a failed send is logged, never thrown', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const analytics = new AnalyticsClient({
      http: (async () => {
        throw new Error('offline');
      }) as never,
      projectId: 'codewright',
      baseUrl: '',
      storage: createMemoryStorage(),
      host: null,
    });
    clients.push(analytics);
    analytics.track('a');
    await expect(analytics.flush()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('limits', () => {
  it(`cuts every string to ${ANALYTICS_STRING_MAX} characters and the type to 64`, async () => {
    const { analytics, events } = setup();
    const long = 'x'.repeat(1000);
    analytics.track('t'.repeat(100), { referrer: long, cta_name: long, pathname: 'short' });
    await analytics.flush();
    const [event] = events(0);
    expect((event!.type as string).length).toBe(64);
    expect((event!.referrer as string).length).toBe(ANALYTICS_STRING_MAX);
    expect((event!.cta_name as string).length).toBe(ANALYTICS_STRING_MAX);
    expect(event!.pathname).toBe('short');
  });

  it('drops values the server would refuse instead of losing the batch', async () => {
    const { analytics, events } = setup();
    analytics.track('x', {
      screen_width: '390' as unknown as number,
      nested: { a: 1 } as unknown as string,
      ratio: Number.NaN,
      ok: true,
    });
    analytics.track('y', { screen_width: 1e9 });
    await analytics.flush();
    expect(events(0)[0]).not.toHaveProperty('screen_width');
    expect(events(0)[0]).not.toHaveProperty('nested');
    expect(events(0)[0]).not.toHaveProperty('ratio');
    expect(events(0)[0]!.ok).toBe(true);
    expect(events(0)[1]!.screen_width).toBe(100_000);
  });
});

describe('Do Not Track', () => {
  for (const [name, overrides] of [
    ['navigator.doNotTrack = "1"', { navigator: { doNotTrack: '1' } }],
    ['window.doNotTrack = "1"', { doNotTrack: '1' }],
    ['Global Privacy Control', { navigator: { globalPrivacyControl: true } }],
  ] as const) {
    it(`sends nothing with ${name}`, async () => {
      const { analytics, requests, beacons, host } = setup(overrides as Partial<AnalyticsHost>);
      expect(analytics.enabled).toBe(false);
      for (let i = 0; i < 25; i++) analytics.track('click');
      analytics.page();
      await analytics.trackCta({ ctaName: 'Start Building', page: '/' });
      await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS * 3);
      await analytics.flush();
      host.fire('pagehide');
      expect(requests).toHaveLength(0);
      expect(beacons).toHaveLength(0);
    });
  }
});

describe('session', () => {
  it('keeps one session id while active and renews it after 30 minutes idle', async () => {
    const { analytics, events } = setup();
    analytics.track('a');
    await vi.advanceTimersByTimeAsync(ANALYTICS_SESSION_IDLE_MS - 1000);
    analytics.track('b'); // 29 min 59 s later: same session, and activity is refreshed
    await vi.advanceTimersByTimeAsync(ANALYTICS_SESSION_IDLE_MS - 1000);
    analytics.track('c');
    await vi.advanceTimersByTimeAsync(ANALYTICS_SESSION_IDLE_MS + 1);
    analytics.track('d'); // over 30 min idle: a new session
    await analytics.flush();
    const sessions = [0, 1, 2, 3].map((i) => events(i)[0]!.session_id);
    expect(sessions[0]).toEqual(expect.any(String));
    expect(sessions[1]).toBe(sessions[0]);
    expect(sessions[2]).toBe(sessions[0]);
    expect(sessions[3]).not.toBe(sessions[0]);
  });

  it('survives a reload through storage', async () => {
    const storage = createMemoryStorage();
    const first = setup({}, storage);
    const second = setup({}, storage);
    expect(second.analytics.sessionId()).toBe(first.analytics.sessionId());
  });
});

describe('page views', () => {
  it('carry pathname, referrer, screen width, channel and utm_* from the URL', async () => {
    const { analytics, events, host } = setup();
    analytics.page();
    host.location = { pathname: '/docs', search: '', origin: 'https://cw.test' };
    analytics.page();
    await analytics.flush();
    expect(events(0)[0]).toMatchObject({
      type: 'page_view',
      pathname: '/pricing',
      referrer: 'https://www.google.com/',
      screen_width: 390,
      channel: 'email',
      utm_source: 'news',
      utm_medium: 'email',
    });
    // A client-side navigation: the previous in-app page is the referrer.
    expect(events(0)[1]).toMatchObject({
      pathname: '/docs',
      referrer: 'https://cw.test/pricing',
      channel: 'internal',
    });
    expect(events(0)[1]).not.toHaveProperty('utm_source');
  });

  it('record the address given when the calls come after the visitor moved on', async () => {
    const { analytics, events, host } = setup();
    const landed = { ...host.location! };
    host.location = { pathname: '/docs', search: '', origin: 'https://cw.test' };
    analytics.page({}, landed);
    analytics.page();
    await analytics.flush();
    expect(events(0)[0]).toMatchObject({ pathname: '/pricing', utm_source: 'news' });
    expect(events(0)[1]).toMatchObject({ pathname: '/docs', referrer: 'https://cw.test/pricing' });
  });

  it('channelOf names the source', () => {
    expect(channelOf('', 'https://a.test', null)).toBe('direct');
    expect(channelOf('https://www.bing.com/search', 'https://a.test', null)).toBe('search');
    expect(channelOf('https://news.ycombinator.com/', 'https://a.test', null)).toBe('social');
    expect(channelOf('https://blog.example.com/', 'https://a.test', null)).toBe('referral');
    expect(channelOf('https://blog.example.com/', 'https://a.test', 'CPC')).toBe('cpc');
  });
});

describe('page hide', () => {
  it('hands the queue to sendBeacon as an application/json Blob', async () => {
    const { analytics, requests, beacons, host } = setup();
    analytics.track('a', { cta_name: 'x' });
    analytics.track('b');
    host.fire('pagehide');
    expect(requests).toHaveLength(0);
    expect(beacons).toHaveLength(1);
    expect(beacons[0]!.url).toBe('https://api.cw.test/api/analytics/codewright/log');
    expect(beacons[0]!.body.type).toBe('application/json');
    const body = JSON.parse(await beacons[0]!.body.text()) as { events: Array<{ type: string }> };
    expect(body.events.map((e) => e.type)).toEqual(['a', 'b']);
    // The timer no longer fires a second copy.
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_MS);
    expect(requests).toHaveLength(0);
  });

  it('also flushes when the tab becomes hidden, but not when it stays visible', () => {
    const { analytics, beacons, host } = setup();
    analytics.track('a');
    host.fire('visibilitychange');
    expect(beacons).toHaveLength(0);
    host.document = { referrer: '', visibilityState: 'hidden' };
    host.fire('visibilitychange');
    expect(beacons).toHaveLength(1);
  });

  it('falls back to fetch with keepalive when sendBeacon refuses', async () => {
    const calls: Array<[string, RequestInit]> = [];
    const { host } = fakeHost({ navigator: { sendBeacon: () => false } });
    const analytics = new AnalyticsClient({
      http: (async () => ({})) as never,
      projectId: 'codewright',
      baseUrl: '',
      storage: createMemoryStorage(),
      host,
      fetch: (async (url: string, init: RequestInit) => {
        calls.push([url, init]);
        return new Response(null, { status: 202 });
      }) as never,
    });
    clients.push(analytics);
    analytics.track('a');
    host.fire('pagehide');
    expect(calls).toHaveLength(1);
    expect(calls[0]![0]).toBe('/api/analytics/codewright/log');
    expect(calls[0]![1]).toMatchObject({ method: 'POST', keepalive: true });
    expect(JSON.parse(calls[0]![1].body as string).events).toHaveLength(1);
  });
});

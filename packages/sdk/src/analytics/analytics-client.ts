/**
 * The analytics module (SPEC §3, §4.5, §9): queues events and sends them to
 * `POST /api/analytics/{project}/log` in batches of 10 or after 3 s, whichever
 * comes first; cuts strings to 256 characters; keeps a session id that is
 * renewed after 30 minutes without activity; sends nothing at all when the
 * browser asks not to be tracked; and flushes with `navigator.sendBeacon` when
 * the page is hidden or unloaded.
 * (Over 300 lines: queueing, batching, the session id, Do Not Track and the beacon flush share one
 * client's queue, timer and session; CTA calls are cta.ts.)
 */
import {
  ANALYTICS_BATCH_SIZE,
  ANALYTICS_FLUSH_MS,
  ANALYTICS_MAX_EXTRA_PROPERTIES,
  ANALYTICS_PROPERTY_NAME_MAX,
  ANALYTICS_SESSION_IDLE_MS,
  ANALYTICS_STRING_MAX,
  ANALYTICS_TYPE_MAX,
  ANALYTICS_EVENT_FIELDS,
  PAGE_VIEW_EVENT,
  UTM_FIELDS,
} from '@codewright/contract';
import type { HttpClient } from '../http.ts';
import { joinUrl } from '../http.ts';
import type { StorageLike } from '../types.ts';
import { fetchCtaStats, trackCtaClick, type CtaClick, type CtaStats } from './cta.ts';

/** A value an event field may hold; anything longer than 256 characters is cut. */
export type AnalyticsValue = string | number | boolean | null | undefined;
export type AnalyticsFields = Record<string, AnalyticsValue>;

/** An event as queued and sent (snake_case, SPEC §3). */
export type QueuedEvent = { type: string; timestamp: string; session_id: string } & Record<
  string,
  string | number | boolean | null
>;

/** Where a page view happened: the parts of `window.location` it reads. */
export type PageAddress = { pathname: string; search: string; origin: string };

/** The slice of `window` the module uses; injectable for tests and non-browser hosts. */
export interface AnalyticsHost {
  location?: PageAddress;
  document?: { referrer: string; visibilityState?: string };
  screen?: { width: number };
  navigator?: {
    doNotTrack?: string | null;
    globalPrivacyControl?: boolean;
    sendBeacon?: (url: string, data?: BodyInit | null) => boolean;
  };
  /** Legacy IE/Safari location of the DNT flag. */
  doNotTrack?: string | null;
  addEventListener?: (type: string, listener: () => void) => void;
  removeEventListener?: (type: string, listener: () => void) => void;
}

export interface AnalyticsClientOptions {
  http: HttpClient;
  projectId: string;
  baseUrl: string;
  /** Where the session id and its last activity are kept (localStorage in a browser). */
  storage: StorageLike;
  host: AnalyticsHost | null;
  /** The fetch used for the keep-alive fallback of sendBeacon. */
  fetch?: typeof fetch;
  /** The signed-in user for CTA interactions; failures are ignored (SPEC §7.1). */
  getCurrentUser?: () => Promise<{ id: string } | null>;
  /** Clock, for tests. */
  now?: () => number;
}

const SESSION_KEY = 'codewright.analytics.session';
const KNOWN_FIELDS: ReadonlySet<string> = new Set(ANALYTICS_EVENT_FIELDS);

function cut(value: string, max = ANALYTICS_STRING_MAX): string {
  return value.length > max ? value.slice(0, max) : value;
}

function randomId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** Where a visit came from, from the utm_medium or the referrer's host. */
export function channelOf(referrer: string, ownOrigin: string, utmMedium: string | null): string {
  if (utmMedium) return cut(utmMedium.toLowerCase());
  if (!referrer) return 'direct';
  let host: string;
  try {
    const url = new URL(referrer);
    if (url.origin === ownOrigin) return 'internal';
    host = url.hostname;
  } catch {
    return 'direct';
  }
  if (/(^|\.)(google|bing|duckduckgo|yahoo|baidu|yandex|ecosia|kagi)\./.test(host)) return 'search';
  if (/(^|\.)(twitter|x|t|linkedin|facebook|reddit|news\.ycombinator|mastodon)\./.test(`${host}.`))
    return 'social';
  return 'referral';
}

/**
 * Client of the analytics log. All methods are fire-and-forget: failures are
 * logged to the console and never thrown at the caller.
 *
 * @example
 * client.analytics.page();
 * client.analytics.track('cta_clicked', { cta_name: 'Start Building', page: '/' });
 */
export class AnalyticsClient {
  private readonly options: AnalyticsClientOptions;
  private readonly now: () => number;
  private queue: QueuedEvent[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastPath: string | null = null;
  private readonly onHidden = () => {
    if (this.options.host?.document?.visibilityState === 'hidden') this.flushWithBeacon();
  };
  private readonly onPageHide = () => this.flushWithBeacon();

  constructor(options: AnalyticsClientOptions) {
    this.options = options;
    this.now = options.now ?? Date.now;
    options.host?.addEventListener?.('pagehide', this.onPageHide);
    options.host?.addEventListener?.('visibilitychange', this.onHidden);
  }

  /** False when Do Not Track or Global Privacy Control is set: then nothing is queued or sent. */
  get enabled(): boolean {
    const host = this.options.host;
    const nav = host?.navigator;
    return !(
      nav?.doNotTrack === '1' ||
      nav?.doNotTrack === 'yes' ||
      host?.doNotTrack === '1' ||
      nav?.globalPrivacyControl === true
    );
  }

  /** The current session id; a new one after 30 minutes without an event. */
  sessionId(): string {
    const now = this.now();
    let storedId: string | null = null;
    try {
      const stored = JSON.parse(this.options.storage.getItem(SESSION_KEY) ?? 'null') as {
        id?: unknown;
        lastActivity?: unknown;
      } | null;
      if (
        stored &&
        typeof stored.id === 'string' &&
        typeof stored.lastActivity === 'number' &&
        now - stored.lastActivity <= ANALYTICS_SESSION_IDLE_MS
      )
        storedId = stored.id;
    } catch {
      storedId = null;
    }
    const id = storedId ?? randomId();
    try {
      this.options.storage.setItem(SESSION_KEY, JSON.stringify({ id, lastActivity: now }));
    } catch {
      // Storage full or refused: the id still works for this page.
    }
    return id;
  }

  /** Queues one event; `fields` are §3 fields or extra properties such as cta_name. */
  track(type: string, fields: AnalyticsFields = {}): void {
    if (!this.enabled) return;
    const event: QueuedEvent = {
      type: cut(String(type), ANALYTICS_TYPE_MAX),
      timestamp: new Date(this.now()).toISOString(),
      session_id: this.sessionId(),
      project_id: cut(this.options.projectId),
    };
    let extras = 0;
    for (const [key, value] of Object.entries(fields)) {
      if (value === undefined || key === 'type' || key === 'timestamp' || key === 'session_id')
        continue;
      if (!KNOWN_FIELDS.has(key)) {
        if (key.length > ANALYTICS_PROPERTY_NAME_MAX || extras >= ANALYTICS_MAX_EXTRA_PROPERTIES)
          continue;
        extras++;
      }
      // Only values the server accepts: one bad field would cost the whole batch a 400.
      if (key === 'screen_width') {
        if (typeof value === 'number' && Number.isFinite(value))
          event[key] = Math.min(100_000, Math.max(0, Math.round(value)));
      } else if (typeof value === 'string') event[key] = cut(value);
      else if (typeof value === 'number') {
        if (Number.isFinite(value)) event[key] = value;
      } else if (typeof value === 'boolean' || value === null) event[key] = value;
    }
    this.queue.push(event);
    if (this.queue.length >= ANALYTICS_BATCH_SIZE) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), ANALYTICS_FLUSH_MS);
  }

  /**
   * Logs a page view of the current address: pathname, referrer (the previous
   * in-app page after a client-side navigation), screen width, channel and utm_*.
   * `at` is the address seen, when the call comes later than the visit (an app
   * that loads the SDK after showing the page); the current one by default.
   */
  page(fields: AnalyticsFields = {}, at?: PageAddress): void {
    if (!this.enabled) return;
    const host = this.options.host;
    const location = at ?? host?.location;
    const pathname = location?.pathname ?? '';
    const params = new URLSearchParams(location?.search ?? '');
    const referrer =
      this.lastPath !== null && location
        ? `${location.origin}${this.lastPath}`
        : (host?.document?.referrer ?? '');
    this.lastPath = pathname;
    const utm: AnalyticsFields = {};
    for (const key of UTM_FIELDS) {
      const value = params.get(key);
      if (value) utm[key] = value;
    }
    this.track(PAGE_VIEW_EVENT, {
      pathname,
      referrer: referrer || null,
      screen_width: host?.screen?.width,
      channel: channelOf(referrer, location?.origin ?? '', params.get('utm_medium')),
      ...utm,
      ...fields,
    });
  }

  /** Sends everything queued now (in batches of 10), with the Bearer token when signed in. */
  async flush(): Promise<void> {
    this.clearTimer();
    while (this.queue.length > 0) {
      const events = this.queue.splice(0, ANALYTICS_BATCH_SIZE);
      try {
        await this.options.http({ method: 'POST', path: this.path(), body: { events } });
      } catch (error) {
        console.warn('Analytics: could not send events', error);
      }
    }
  }

  /**
   * Records a call-to-action click: a `cta_interactions` row (anonymous allowed)
   * and a `cta_clicked` event with cta_name and page. Never throws; failures are
   * logged. Like every event, nothing is recorded when Do Not Track is set.
   *
   * @example
   * void client.analytics.trackCta({ ctaName: 'Start Building', page: '/' });
   */
  trackCta(click: CtaClick): Promise<void> {
    if (!this.enabled) return Promise.resolve();
    return trackCtaClick(
      {
        http: this.options.http,
        projectId: this.options.projectId,
        getCurrentUser: this.options.getCurrentUser ?? (async () => null),
        track: (type, fields) => this.track(type, fields),
        now: this.now,
      },
      click,
    );
  }

  /**
   * Total CTA clicks and the top 5 by count, from the CTA interactions (an admin
   * listing). Falls back to `{ totalClicks: 0, top: [] }` on any failure.
   */
  getCtaStats(): Promise<CtaStats> {
    return fetchCtaStats({ http: this.options.http, projectId: this.options.projectId });
  }

  /** Events waiting to be sent (for tests and debugging). */
  pending(): readonly QueuedEvent[] {
    return this.queue;
  }

  /** Stops listening to page events and drops the timer (tests, hot reload). */
  dispose(): void {
    this.clearTimer();
    this.options.host?.removeEventListener?.('pagehide', this.onPageHide);
    this.options.host?.removeEventListener?.('visibilitychange', this.onHidden);
  }

  /**
   * Page is going away: hand the queue to the browser with sendBeacon, which
   * outlives the page but cannot carry a Bearer token, so these are anonymous.
   * The body is a Blob typed application/json so the server parses it as JSON.
   */
  private flushWithBeacon(): void {
    this.clearTimer();
    const url = joinUrl(this.options.baseUrl, this.path());
    while (this.queue.length > 0) {
      const events = this.queue.splice(0, ANALYTICS_BATCH_SIZE);
      const json = JSON.stringify({ events });
      const beacon = this.options.host?.navigator?.sendBeacon;
      let sent = false;
      try {
        sent = beacon
          ? beacon.call(
              this.options.host!.navigator,
              url,
              new Blob([json], { type: 'application/json' }),
            )
          : false;
      } catch {
        sent = false;
      }
      if (!sent) {
        const doFetch = this.options.fetch ?? globalThis.fetch;
        void doFetch?.(url, {
          method: 'POST',
          keepalive: true,
          headers: { 'Content-Type': 'application/json' },
          body: json,
        }).catch((error: unknown) => console.warn('Analytics: could not send events', error));
      }
    }
  }

  private path(): string {
    return `/api/analytics/${encodeURIComponent(this.options.projectId)}/log`;
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}

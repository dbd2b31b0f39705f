import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ANALYTICS_MAX_EVENTS_PER_REQUEST, ANALYTICS_STRING_MAX } from '@codewright/contract';
import { newSession } from '../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { analyticsEvents } from './analytics.schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ANALYTICS_RATE_LIMIT_MAX: '1000' });
});
afterAll(async () => {
  await t?.close();
});

const URL = '/api/analytics/codewright/log';
const errorOf = (res: { json(): unknown }) =>
  (res.json() as { error: { code: string; message: string } }).error;

function post(payload: unknown, headers: Record<string, string> = {}, url = URL) {
  return t.app.inject({ method: 'POST', url, payload: payload as object, headers });
}

/** Rows of one test, found by its own unique session id. */
function rowsOf(sessionId: string) {
  return t.app.db.select().from(analyticsEvents).where(eq(analyticsEvents.sessionId, sessionId));
}

describe('POST /api/analytics/{project}/log — validation', () => {
  it('refuses an event without a type, naming the field', async () => {
    const sessionId = randomUUID();
    const res = await post({ events: [{ session_id: sessionId, pathname: '/' }] });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('VALIDATION_ERROR');
    expect(errorOf(res).message).toMatch(/events\.0\.type/);
    expect(await rowsOf(sessionId)).toHaveLength(0);
  });

  it('refuses a type longer than 64 characters', async () => {
    const res = await post({ events: [{ type: 'x'.repeat(65) }] });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toMatch(/64 characters/);
  });

  it(`refuses more than ${ANALYTICS_MAX_EVENTS_PER_REQUEST} events and stores none of them`, async () => {
    const sessionId = randomUUID();
    const events = Array.from({ length: ANALYTICS_MAX_EVENTS_PER_REQUEST + 1 }, () => ({
      type: 'page_view',
      session_id: sessionId,
    }));
    const res = await post({ events });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toMatch(/at most 50 events/);
    expect(await rowsOf(sessionId)).toHaveLength(0);
  });

  it('refuses strings over 256 characters, in known fields and in extra properties', async () => {
    const long = 'a'.repeat(ANALYTICS_STRING_MAX + 1);
    for (const event of [
      { type: 'page_view', referrer: long },
      { type: 'cta_clicked', cta_name: long },
    ]) {
      const res = await post({ events: [event] });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).message).toMatch(/256 characters/);
    }
    const ok = await post({ events: [{ type: 'page_view', referrer: long.slice(1) }] });
    expect(ok.statusCode).toBe(202);
  });

  it('refuses an empty batch, a missing events array and a wrong-typed field', async () => {
    for (const payload of [
      { events: [] },
      {},
      { events: [{ type: 'page_view', screen_width: 'wide' }] },
      { events: [{ type: 'page_view', timestamp: 'yesterday' }] },
      { events: [{ type: 'x', nested: { a: 1 } }] },
      { events: 'page_view' },
      { events: [null] },
      { events: [{ type: '   ' }] },
      { events: [{ type: 'page_view', screen_width: -1 }] },
      [{ type: 'page_view' }],
    ]) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res).code).toBe('VALIDATION_ERROR');
    }
  });

  it('answers 404 for another project, whatever the body', async () => {
    for (const payload of [{ events: [{ type: 'page_view' }] }, { nope: true }]) {
      const res = await post(payload, {}, '/api/analytics/other-project/log');
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe('NOT_FOUND');
    }
  });

  it('refuses a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      payload: 'type=page_view',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.statusCode).toBe(415);
  });

  it('answers 401 for a bad Bearer token instead of storing the events anonymously', async () => {
    const sessionId = randomUUID();
    const res = await post(
      { events: [{ type: 'page_view', session_id: sessionId }] },
      { authorization: 'Bearer not-a-token' },
    );
    expect(res.statusCode).toBe(401);
    expect(await rowsOf(sessionId)).toHaveLength(0);
  });
});

describe('POST /api/analytics/{project}/log — storage', () => {
  it('stores anonymous events with every §3 field and extra properties, 202 { accepted }', async () => {
    const sessionId = randomUUID();
    const res = await post({
      events: [
        {
          type: 'page_view',
          timestamp: '2026-01-02T03:04:05.000Z',
          session_id: sessionId,
          pathname: '/pricing',
          referrer: 'https://example.com/',
          screen_width: 390,
          channel: 'web',
          utm_source: 'newsletter',
          utm_medium: 'email',
          utm_campaign: 'launch',
          utm_content: 'hero',
          utm_term: 'ai code',
        },
        { type: 'cta_clicked', session_id: sessionId, cta_name: 'Start Building', page: '/' },
      ],
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: 2 });

    const rows = await rowsOf(sessionId);
    expect(rows).toHaveLength(2);
    const view = rows.find((r) => r.type === 'page_view')!;
    expect(view).toMatchObject({
      projectId: 'codewright',
      userId: null,
      userEmail: null,
      pathname: '/pricing',
      referrer: 'https://example.com/',
      screenWidth: 390,
      channel: 'web',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'launch',
      utmContent: 'hero',
      utmTerm: 'ai code',
      properties: null,
    });
    expect(view.occurredAt?.toISOString()).toBe('2026-01-02T03:04:05.000Z');
    const cta = rows.find((r) => r.type === 'cta_clicked')!;
    expect(cta.properties).toEqual({ cta_name: 'Start Building', page: '/' });
  });

  it('takes the user from the Bearer token, never from the body', async () => {
    const { email, session } = await newSession(t.app);
    const sessionId = randomUUID();
    const res = await post(
      {
        events: [
          {
            type: 'page_view',
            session_id: sessionId,
            user_id: 'usr_someone_else',
            user_email: 'victim@example.com',
            project_id: 'another-project',
          },
        ],
      },
      { authorization: `Bearer ${session.access_token}` },
    );
    expect(res.statusCode).toBe(202);
    const [row] = await rowsOf(sessionId);
    expect(row).toMatchObject({
      userId: session.user.id,
      userEmail: email,
      projectId: 'codewright',
    });
  });

  it('accepts a body sent as sendBeacon does (application/json Blob, no Authorization)', async () => {
    const sessionId = randomUUID();
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: { 'content-type': 'application/json' },
      payload: Buffer.from(
        JSON.stringify({ events: [{ type: 'page_view', session_id: sessionId }] }),
      ),
    });
    expect(res.statusCode).toBe(202);
    expect(await rowsOf(sessionId)).toHaveLength(1);
  });
});

describe('POST /api/analytics/{project}/log — rate limit', () => {
  it('limits each client IP separately, tighter than the API-wide limit', async () => {
    const limited = await createTestApp({ ANALYTICS_RATE_LIMIT_MAX: '3' });
    try {
      const send = (ip: string) =>
        limited.app.inject({
          method: 'POST',
          url: URL,
          remoteAddress: ip,
          payload: { events: [{ type: 'page_view' }] },
        });
      for (let i = 0; i < 3; i++) expect((await send('10.0.0.1')).statusCode).toBe(202);
      const refused = await send('10.0.0.1');
      expect(refused.statusCode).toBe(429);
      expect(errorOf(refused).code).toBe('RATE_LIMITED');
      expect(refused.headers['retry-after']).toBeDefined();
      expect((await send('10.0.0.2')).statusCode).toBe(202);
      // Other API routes keep their own, larger budget.
      const health = await limited.app.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '10.0.0.1',
      });
      expect(health.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

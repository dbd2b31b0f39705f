import { describe, expect, it } from 'vitest';
import { PLAN_LIMITS } from '@codewright/contract';
import { createHttpClient } from '../http.ts';
import { createPlanClient } from './plan-client.ts';

const info = {
  plan: 'pro',
  limits: PLAN_LIMITS.pro,
  usage: { generationsUsed: 1, editsUsed: 0, lastResetDate: '2026-01-01T00:00:00.000Z' },
  remaining: { generations: -1, edits: -1, projects: -1 },
};

describe('client.plan', () => {
  it('gets and upgrades through /api/plan', async () => {
    const calls: string[] = [];
    const http = createHttpClient({
      fetch: async (input, init) => {
        calls.push(`${init?.method} ${String(input)} ${init?.body ?? ''}`);
        return new Response(JSON.stringify(info), {
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    const plan = createPlanClient({ http });
    expect(await plan.get()).toEqual(info);
    expect(await plan.upgrade('pro')).toEqual(info);
    expect(calls).toEqual(['GET /api/plan ', 'POST /api/plan/upgrade {"plan":"pro"}']);
  });

  it('treats an answer of the wrong shape as a network error', async () => {
    const http = createHttpClient({
      fetch: async () =>
        new Response('{"plan":"gold"}', { headers: { 'content-type': 'application/json' } }),
    });
    await expect(createPlanClient({ http }).get()).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
  });
});

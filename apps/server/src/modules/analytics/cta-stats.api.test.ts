// GET /api/analytics/{project}/cta-stats (SPEC §7.1, §9): total CTA clicks and the top 5,
// counted by the database, for admins only.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CTA_TOP_COUNT } from '@codewright/contract';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { errorOf, newUser, rest, userWithEmail } from '../db/db-test-helpers.ts';

let t: TestApp;
const adminEmail = `admin-${randomBytes(4).toString('hex')}@example.com`;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: adminEmail, CTA_RATE_LIMIT_MAX: '100000' });
});
afterAll(async () => {
  await t?.close();
});

const stats = (token?: string, project = 'codewright') =>
  t.app.inject({
    method: 'GET',
    url: `/api/analytics/${project}/cta-stats`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe('CTA stats', () => {
  it('counts every click of every user: the total and the five most clicked, ties by name', async () => {
    const admin = await userWithEmail(t.app, adminEmail);
    expect((await stats(admin.token)).json()).toEqual({ totalClicks: 0, top: [] });

    const a = await newUser(t.app);
    const clicks: Record<string, number> = {
      'Start Building': 4,
      'Get Started': 3,
      'Try this prompt': 3,
      'Sign In': 2,
      'Choose Pro': 1,
      'Read the docs': 1,
    };
    for (const [name, n] of Object.entries(clicks)) {
      for (let i = 0; i < n; i++) {
        // Half signed in, half anonymous: both count.
        const res = await rest(t.app, 'POST', 'cta_interactions', {
          token: i % 2 === 0 ? a.token : undefined,
          body: { cta_name: name, page: '/' },
        });
        expect(res.statusCode, res.body).toBe(201);
      }
    }
    const res = await stats(admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      totalClicks: 14,
      top: [
        { ctaName: 'Start Building', count: 4 },
        { ctaName: 'Get Started', count: 3 },
        { ctaName: 'Try this prompt', count: 3 },
        { ctaName: 'Sign In', count: 2 },
        { ctaName: 'Choose Pro', count: 1 },
      ],
    });
    expect((res.json() as { top: unknown[] }).top).toHaveLength(CTA_TOP_COUNT);
  });

  it('is refused to users (403 FORBIDDEN), visitors (401) and another project (404)', async () => {
    const user = await newUser(t.app);
    const asUser = await stats(user.token);
    expect(asUser.statusCode).toBe(403);
    expect(errorOf(asUser)).toEqual({
      code: 'FORBIDDEN',
      message: 'Only an admin can read the CTA stats.',
    });
    expect((await stats()).statusCode).toBe(401);
    const admin = await userWithEmail(t.app, adminEmail);
    expect((await stats(admin.token, 'other')).statusCode).toBe(404);
  });
});

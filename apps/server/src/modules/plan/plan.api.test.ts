import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PLAN_LIMITS, SERVER_ERROR_MESSAGES, type PlanInfo } from '@codewright/contract';
import { isAppError } from '../../lib/app-error.ts';
import { getMe } from '../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { errorOf, newUser, projectRow, rest, upgrade } from '../db/db-test-helpers.ts';
import { planRepository } from './plan.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const getPlan = async (token: string) => {
  const res = await t.app.inject({
    url: '/api/plan',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PlanInfo>();
};
const planDataOf = async (token: string) =>
  JSON.parse((await getMe(t.app, token)).json().metadata).planData;

/** Outcome of a reservation: 'ok' or the AppError code it threw. */
const reserve = (userId: string, meter: 'generation' | 'edit') =>
  t.app.planService.reserveUsage(userId, meter).then(
    () => 'ok',
    (err: unknown) => (isAppError(err) ? `${err.statusCode} ${err.code}` : String(err)),
  );

describe('GET /api/plan', () => {
  it('reports a fresh Free account with its limits and remaining quota', async () => {
    const u = await newUser(t.app);
    const info = await getPlan(u.token);
    expect(info).toMatchObject({
      plan: 'free',
      limits: PLAN_LIMITS.free,
      usage: { generationsUsed: 0, editsUsed: 0 },
      remaining: { generations: 10, edits: 5, projects: 3 },
    });
    expect(Date.parse(info.usage.lastResetDate)).not.toBeNaN();
    await rest(t.app, 'POST', 'projects', { token: u.token, body: projectRow() });
    expect((await getPlan(u.token)).remaining.projects).toBe(2);
  });

  it('treats an account without a plan row as Free and creates the row', async () => {
    const u = await newUser(t.app);
    await t.app.db.execute(sql`delete from user_plans where user_id = ${u.id}`);
    t.app.principalCache.forgetUser(u.id);
    expect((await planDataOf(u.token)).plan).toBe('free');
    expect((await getPlan(u.token)).remaining).toEqual({ generations: 10, edits: 5, projects: 3 });
    await t.app.db.execute(sql`delete from user_plans where user_id = ${u.id}`);
    expect(await reserve(u.id, 'edit')).toBe('ok');
    await t.app.db.execute(sql`delete from user_plans where user_id = ${u.id}`);
    const created = await rest(t.app, 'POST', 'projects', { token: u.token, body: projectRow() });
    expect(created.statusCode).toBe(201);
    expect((await getPlan(u.token)).remaining.projects).toBe(2);
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ url: '/api/plan' })).statusCode).toBe(401);
  });
});

describe('POST /api/plan/upgrade', () => {
  it('switches to Pro at once: unlimited, remaining -1, and /me says pro', async () => {
    const u = await newUser(t.app);
    expect((await planDataOf(u.token)).plan).toBe('free');
    const res = await upgrade(t.app, u.token, 'pro');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      plan: 'pro',
      limits: PLAN_LIMITS.pro,
      remaining: { generations: -1, edits: -1, projects: -1 },
    });
    expect((await planDataOf(u.token)).plan).toBe('pro');
    const results = await Promise.all(
      Array.from({ length: 12 }, () => reserve(u.id, 'generation')),
    );
    expect(results.every((r) => r === 'ok')).toBe(true);
    expect((await getPlan(u.token)).remaining.generations).toBe(-1);
  });

  it('refuses an unknown plan with 400 and changes nothing', async () => {
    const u = await newUser(t.app);
    const res = await upgrade(t.app, u.token, 'platinum');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('VALIDATION_ERROR');
    expect(errorOf(res).message).toMatch(/plan/);
    expect((await getPlan(u.token)).plan).toBe('free');
  });
});

describe('usage meters (DESIGN §3.2)', () => {
  it('lets exactly 10 of 20 parallel generation reservations through on Free', async () => {
    const u = await newUser(t.app);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => reserve(u.id, 'generation')),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(10);
    expect(results.filter((r) => r === '402 GENERATION_LIMIT_REACHED')).toHaveLength(10);
    const info = await getPlan(u.token);
    expect(info.usage.generationsUsed).toBe(10);
    expect(info.remaining.generations).toBe(0);
    expect((await planDataOf(u.token)).generationsUsed).toBe(10);
  });

  it('charges parallel reservations that fit together, and /me shows the count at once', async () => {
    const u = await newUser(t.app);
    const other = await newUser(t.app);
    const results = await Promise.all([
      ...Array.from({ length: 6 }, () => reserve(u.id, 'generation')),
      ...Array.from({ length: 3 }, () => reserve(other.id, 'generation')),
      ...Array.from({ length: 2 }, () => reserve(u.id, 'edit')),
    ]);
    expect(results.every((r) => r === 'ok')).toBe(true);
    expect((await getPlan(u.token)).usage).toMatchObject({ generationsUsed: 6, editsUsed: 2 });
    expect((await getPlan(other.token)).usage).toMatchObject({ generationsUsed: 3, editsUsed: 0 });
    expect(await planDataOf(u.token)).toMatchObject({ generationsUsed: 6, editsUsed: 2 });
  });

  it('batched statement: charges n units only where all n fit', async () => {
    const a = await newUser(t.app);
    const b = await newUser(t.app);
    const charged = await planRepository.reserveMany(t.app.db, 'generation', [
      { userId: a.id, n: 4 },
      { userId: b.id, n: 11 },
    ]);
    expect([...charged.keys()]).toEqual([a.id]);
    expect(charged.get(a.id)).toMatchObject({ plan: 'free', generationsUsed: 4, editsUsed: 0 });
    expect((await getPlan(b.token)).usage.generationsUsed).toBe(0);
    const tooMany = await planRepository.reserveMany(t.app.db, 'generation', [
      { userId: a.id, n: 7 },
    ]);
    expect(tooMany.size).toBe(0);
    expect((await getPlan(a.token)).usage.generationsUsed).toBe(4);
  });

  it('allows 5 edits on Free, then refuses with the edit message', async () => {
    const u = await newUser(t.app);
    for (let i = 0; i < 5; i++) expect(await reserve(u.id, 'edit')).toBe('ok');
    await expect(t.app.planService.reserveUsage(u.id, 'edit')).rejects.toMatchObject({
      code: 'EDIT_LIMIT_REACHED',
      statusCode: 402,
      message: SERVER_ERROR_MESSAGES.EDIT_LIMIT_REACHED,
    });
    const info = await getPlan(u.token);
    expect(info.usage).toMatchObject({ editsUsed: 5, generationsUsed: 0 });
    expect(info.remaining.edits).toBe(0);
  });

  it('refunds a reservation, never below zero', async () => {
    const u = await newUser(t.app);
    const { reservation } = await t.app.planService.reserveUsage(u.id, 'generation');
    expect((await getPlan(u.token)).usage.generationsUsed).toBe(1);
    await t.app.planService.refundUsage(reservation);
    expect((await getPlan(u.token)).usage.generationsUsed).toBe(0);
    await t.app.planService.refundUsage(reservation);
    expect((await getPlan(u.token)).usage.generationsUsed).toBe(0);
    expect((await planDataOf(u.token)).generationsUsed).toBe(0);
  });
});

describe('monthly reset (SPEC §4.3)', () => {
  const lastMonth = () => {
    const d = new Date();
    return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 15)).toISOString();
  };
  const ageRow = async (userId: string, generations: number, edits: number) => {
    await t.app.db.execute(
      sql`update user_plans set generations_used = ${generations}, edits_used = ${edits}, last_reset_date = ${lastMonth()} where user_id = ${userId}`,
    );
    t.app.principalCache.forgetUser(userId);
  };

  it('zeroes both counters of an earlier month in /me and GET /api/plan, and stores the reset', async () => {
    const u = await newUser(t.app);
    await ageRow(u.id, 10, 5);
    const me = await planDataOf(u.token);
    expect(me).toMatchObject({ generationsUsed: 0, editsUsed: 0 });
    expect(new Date(me.lastResetDate).getUTCMonth()).toBe(new Date().getUTCMonth());

    const info = await getPlan(u.token);
    expect(info.usage).toMatchObject({ generationsUsed: 0, editsUsed: 0 });
    expect(info.remaining).toMatchObject({ generations: 10, edits: 5 });
    expect(new Date(info.usage.lastResetDate).getUTCMonth()).toBe(new Date().getUTCMonth());
    const stored = await t.app.db.execute(
      sql`select generations_used, edits_used from user_plans where user_id = ${u.id}`,
    );
    expect((stored as unknown as { rows: unknown[] }).rows[0]).toEqual({
      generations_used: 0,
      edits_used: 0,
    });
  });

  it('resets an exhausted earlier month inside the reservation itself', async () => {
    const u = await newUser(t.app);
    await ageRow(u.id, 10, 5);
    expect(await reserve(u.id, 'edit')).toBe('ok');
    const info = await getPlan(u.token);
    expect(info.usage).toMatchObject({ generationsUsed: 0, editsUsed: 1 });
  });

  it('resets an earlier month inside a batch of parallel reservations', async () => {
    const u = await newUser(t.app);
    await ageRow(u.id, 10, 5);
    const results = await Promise.all(Array.from({ length: 4 }, () => reserve(u.id, 'edit')));
    expect(results.filter((r) => r === 'ok')).toHaveLength(4);
    expect((await getPlan(u.token)).usage).toMatchObject({ generationsUsed: 0, editsUsed: 4 });
  });

  it('does not refund a unit charged before the reset into the new month', async () => {
    const u = await newUser(t.app);
    const { reservation } = await t.app.planService.reserveUsage(u.id, 'generation');
    await t.app.planService.reserveUsage(u.id, 'generation');
    // Pretend the month turned: the old reservation belongs to last month.
    await t.app.planService.refundUsage({ ...reservation, chargedAt: new Date(lastMonth()) });
    expect((await getPlan(u.token)).usage.generationsUsed).toBe(2);
  });
});

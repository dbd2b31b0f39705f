import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SERVER_ERROR_MESSAGES } from '@codewright/contract';
import { useTestApp } from '../../test/test-app.ts';
import {
  createProject,
  errorOf,
  newUser,
  projectById,
  rest,
  userWithEmail,
} from './db-test-helpers.ts';

const adminEmail = `admin-${randomBytes(4).toString('hex')}@example.com`;
const t = useTestApp({ ADMIN_EMAILS: ` Other@example.com , ${adminEmail.toUpperCase()}` });

type Row = Record<string, unknown>;

describe('ownership', () => {
  it('hides, protects and never hands over another user’s projects', async () => {
    const a = await newUser(t.app);
    const b = await newUser(t.app);
    const p = await createProject(t.app, a.token, { name: 'A secret' });

    expect((await rest(t.app, 'GET', 'projects', { token: b.token })).json()).toEqual([]);
    expect((await projectById(t.app, 'GET', b.token, p.id)).json()).toEqual([]);
    const patched = await projectById(t.app, 'PATCH', b.token, p.id, { name: 'mine' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toEqual([]);
    const deleted = await projectById(t.app, 'DELETE', b.token, p.id);
    expect(deleted.json()).toEqual([]);
    // A filter on user_id cannot widen the scope either.
    const byOwner = await rest(t.app, 'GET', 'projects', {
      token: b.token,
      query: `user_id=eq.${a.id}`,
    });
    expect(byOwner.json()).toEqual([]);
    const claim = await projectById(t.app, 'PATCH', b.token, p.id, { user_id: b.id });
    expect(claim.statusCode).toBe(400);

    const still = await projectById(t.app, 'GET', a.token, p.id);
    expect(still.json<Row[]>()[0]).toMatchObject({ name: 'A secret', user_id: a.id });
  });

  it('lets chat messages into the caller’s own projects only, and keeps them private', async () => {
    const a = await newUser(t.app);
    const b = await newUser(t.app);
    const p = await createProject(t.app, a.token);
    const into = await rest(t.app, 'POST', 'chat_messages', {
      token: b.token,
      body: { project_id: p.id, role: 'user', content: 'hi' },
    });
    expect(into.statusCode).toBe(404);
    expect(errorOf(into)).toEqual({ code: 'NOT_FOUND', message: `Project ${p.id} not found.` });
    const missing = await rest(t.app, 'POST', 'chat_messages', {
      token: a.token,
      body: { project_id: 'proj_1_nothere', role: 'user', content: 'hi' },
    });
    expect(missing.statusCode).toBe(404);

    const createdAt = '2026-01-02T03:04:05.000Z';
    const own = await rest(t.app, 'POST', 'chat_messages', {
      token: a.token,
      body: {
        project_id: p.id,
        role: 'assistant',
        content: 'code',
        code_snapshot: null,
        user_id: b.id,
        created_at: createdAt,
      },
    });
    expect(own.statusCode).toBe(201);
    const [m] = own.json<Row[]>();
    expect(m).toMatchObject({
      user_id: a.id,
      project_id: p.id,
      role: 'assistant',
      code_snapshot: null,
      created_at: createdAt,
    });
    expect(m!.id).toMatch(/^msg_\d+_/);

    expect((await rest(t.app, 'GET', 'chat_messages', { token: b.token })).json()).toEqual([]);
    const patch = await rest(t.app, 'PATCH', 'chat_messages', {
      token: b.token,
      query: `id=eq.${m!.id}`,
      body: { content: 'x' },
    });
    expect(patch.json()).toEqual([]);
    const del = await rest(t.app, 'DELETE', 'chat_messages', {
      token: b.token,
      query: `id=eq.${m!.id}`,
    });
    expect(del.json()).toEqual([]);
    const move = await rest(t.app, 'PATCH', 'chat_messages', {
      token: a.token,
      query: `id=eq.${m!.id}`,
      body: { project_id: 'x' },
    });
    expect(move.statusCode).toBe(400);
    const mine = await rest(t.app, 'GET', 'chat_messages', {
      token: a.token,
      query: `project_id=eq.${p.id}`,
    });
    expect(mine.json<Row[]>().map((r) => r.content)).toEqual(['code']);
    const edit = await rest(t.app, 'PATCH', 'chat_messages', {
      token: a.token,
      query: `id=eq.${m!.id}`,
      body: { content: 'edited' },
    });
    expect(edit.json<Row[]>()[0]!.content).toBe('edited');
  });
});

describe('cta_interactions', () => {
  it('takes anonymous clicks with user_id null, signed-in clicks as the caller, and lists them to the admin only', async () => {
    const u = await newUser(t.app);
    const admin = await userWithEmail(t.app, adminEmail);
    const anon = await rest(t.app, 'POST', 'cta_interactions', {
      body: {
        cta_name: 'start-building',
        page: '/',
        user_id: u.id,
        timestamp: '2001-01-01T00:00:00Z',
      },
    });
    expect(anon.statusCode).toBe(201);
    const [row] = anon.json<Row[]>();
    expect(row).toMatchObject({ user_id: null, cta_name: 'start-building', page: '/' });
    expect(row!.id).toMatch(/^cta_\d+_/);
    expect(Date.parse(row!.timestamp as string)).toBeGreaterThan(Date.parse('2020-01-01'));

    const signedIn = await rest(t.app, 'POST', 'cta_interactions', {
      token: u.token,
      body: { cta_name: 'pricing-pro', page: '/pricing', user_id: null },
    });
    expect(signedIn.json<Row[]>()[0]!.user_id).toBe(u.id);

    const badToken = await rest(t.app, 'POST', 'cta_interactions', {
      token: 'nope',
      body: { cta_name: 'x', page: '/' },
    });
    expect(badToken.statusCode).toBe(401);

    const asUser = await rest(t.app, 'GET', 'cta_interactions', { token: u.token });
    expect(asUser.statusCode).toBe(403);
    expect(errorOf(asUser)).toEqual({
      code: 'FORBIDDEN',
      message: SERVER_ERROR_MESSAGES.FORBIDDEN,
    });
    expect((await rest(t.app, 'GET', 'cta_interactions')).statusCode).toBe(401);
    const del = await rest(t.app, 'DELETE', 'cta_interactions', {
      token: u.token,
      query: `id=eq.${row!.id}`,
    });
    expect(del.statusCode).toBe(403);

    const me = await t.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(me.json().role).toBe('admin');
    const listed = await rest(t.app, 'GET', 'cta_interactions', {
      token: admin.token,
      query: 'cta_name=in.(start-building,pricing-pro)&order=timestamp.asc',
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json<Row[]>().map((r) => r.user_id)).toEqual(
      expect.arrayContaining([null, u.id]),
    );
  });
});

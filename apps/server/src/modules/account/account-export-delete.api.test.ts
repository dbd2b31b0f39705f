import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getMe, newSession, signIn, signUp } from '../../test/auth-helpers.ts';
import { useTestApp } from '../../test/test-app.ts';
import { unzipText } from '../../test/unzip.ts';
import { createProject, rest } from '../db/db-test-helpers.ts';
import { whereFound } from './account-test-helpers.ts';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

const t = useTestApp();

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A user with two projects (one edited twice, with chat) and an uploaded file. */
async function userWithData() {
  const { email, password, session } = await newSession(t.app);
  const token = session.access_token;
  const id = session.user.id;
  const app = await createProject(t.app, token, {
    name: 'Todo App',
    language: 'TypeScript',
    code: 'export const v = 1;',
  });
  for (const code of ['export const v = 2;', 'export const v = 3;\nexport const w = 4;']) {
    const res = await rest(t.app, 'PATCH', 'projects', {
      token,
      query: `id=eq.${String(app.id)}`,
      body: { code },
    });
    expect(res.statusCode).toBe(200);
  }
  // One message per request: messages of one statement share a time, and chat is ordered by time.
  for (const [role, content] of [
    ['user', 'Make a todo app'],
    ['assistant', 'Here it is.'],
  ]) {
    const chat = await rest(t.app, 'POST', 'chat_messages', {
      token,
      body: { project_id: app.id, role, content },
    });
    expect(chat.statusCode).toBe(201);
  }
  const script = await createProject(t.app, token, {
    name: 'Script',
    language: 'Python',
    code: 'print("hi")',
  });
  const upload = await t.app.storage.saveBytes({
    userId: id,
    name: 'logo.png',
    bytes: PNG,
    publicUrlOf: (p) => p,
  });
  return { id, email, password, token, app, script, upload };
}

function exportOf(token: string) {
  return t.app.inject({ method: 'GET', url: '/api/auth/export', headers: bearer(token) });
}

function deleteAccount(token: string, body?: unknown) {
  return t.app.inject({
    method: 'DELETE',
    url: '/api/auth/me',
    headers: bearer(token),
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

describe('GET /api/auth/export', () => {
  it('is a zip of the projects, their chat and versions as JSON, plus the code files', async () => {
    const user = await userWithData();
    const other = await newSession(t.app);
    await createProject(t.app, other.session.access_token, { name: 'Not mine' });

    const res = await exportOf(user.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="codewright-export-/);
    const files = await unzipText(res.rawPayload);

    const account = JSON.parse(files.get('account.json')!);
    expect(account).toMatchObject({ id: user.id, email: user.email, plan: 'free' });
    expect(JSON.stringify(account)).not.toMatch(/password|scrypt|argon/i);

    const folder = `projects/todo-app-${String(user.app.id)}`;
    expect(JSON.parse(files.get(`${folder}/project.json`)!)).toMatchObject({
      id: user.app.id,
      name: 'Todo App',
      language: 'TypeScript',
    });
    expect(files.get(`${folder}/code.ts`)).toBe('export const v = 3;\nexport const w = 4;');
    // The project's tree, each file at its path (here the main file alone).
    expect(files.get(`${folder}/files/main.ts`)).toBe('export const v = 3;\nexport const w = 4;');
    const chat = JSON.parse(files.get(`${folder}/chat.json`)!) as { content: string }[];
    expect(chat.map((m) => m.content)).toEqual(['Make a todo app', 'Here it is.']);
    const versions = JSON.parse(files.get(`${folder}/versions.json`)!) as {
      number: number;
      file: string;
    }[];
    expect(versions.map((v) => v.number)).toEqual([1, 2, 3]);
    expect(versions.map((v) => files.get(`${folder}/${v.file}`))).toEqual([
      'export const v = 1;',
      'export const v = 2;',
      'export const v = 3;\nexport const w = 4;',
    ]);
    expect(files.get(`projects/script-${String(user.script.id)}/code.py`)).toBe('print("hi")');

    expect([...files.keys()].some((name) => name.includes('not-mine'))).toBe(false);
    const manifest = JSON.parse(files.get('manifest.json')!);
    expect(manifest).toMatchObject({ format: 1, projects: 2, complete: true, omitted: [] });
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/export' });
    expect(res.statusCode).toBe(401);
  });
});

describe('DELETE /api/auth/me', () => {
  it('refuses a wrong password with a message and deletes nothing', async () => {
    const user = await userWithData();
    const res = await deleteAccount(user.token, { password: 'not my password' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      message: expect.stringMatching(/password is not correct/i),
    });
    expect((await getMe(t.app, user.token)).statusCode).toBe(200);
    const projects = await rest(t.app, 'GET', 'projects', { token: user.token });
    expect(projects.json()).toHaveLength(2);
  });

  it('asks for the password when none is sent', async () => {
    const user = await userWithData();
    const res = await deleteAccount(user.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/enter your password/i);
  });

  it('after an export, leaves nothing of the user in any table or in storage', async () => {
    const user = await userWithData();
    const other = await newSession(t.app);
    const kept = await createProject(t.app, other.session.access_token, { name: 'Kept' });
    expect((await exportOf(user.token)).statusCode).toBe(200);
    // Failed sign-ins, analytics and CTA clicks name the user too: they must go as well.
    await signIn(t.app, { email: user.email, password: 'wrong password' });
    const logged = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/codewright/log',
      headers: bearer(user.token),
      payload: { events: [{ type: 'page_view', pathname: '/settings' }] },
    });
    expect(logged.statusCode).toBe(202);
    const cta = await rest(t.app, 'POST', 'cta_interactions', {
      token: user.token,
      body: { cta_name: 'Get Started', page: '/' },
    });
    expect(cta.statusCode).toBe(201);
    const files = path.join(t.config.DATA_DIR, 'uploads', user.id);
    await expect(fs.stat(path.join(t.config.DATA_DIR, user.upload.path))).resolves.toBeTruthy();
    // The search itself works: before deletion it finds the user in many places.
    const before = await whereFound(t.app, [user.id, user.email]);
    expect(before).toEqual(
      expect.arrayContaining([
        'users.id',
        'users.email',
        'sessions.user_id',
        'projects.user_id',
        'chat_messages.user_id',
        'project_versions.author_id',
        'auth_attempts.email',
        'analytics_events.user_id',
        'analytics_events.user_email',
        'cta_interactions.user_id',
      ]),
    );

    const res = await deleteAccount(user.token, { password: user.password });
    expect(res.statusCode).toBe(204);

    expect(await whereFound(t.app, [user.id, user.email])).toEqual([]);
    await expect(fs.stat(files)).rejects.toMatchObject({ code: 'ENOENT' });
    const me = await getMe(t.app, user.token);
    expect(me.statusCode).toBe(401);
    // The other user's data is untouched.
    const theirs = await rest(t.app, 'GET', 'projects', { token: other.session.access_token });
    expect(theirs.json()).toEqual([expect.objectContaining({ id: kept.id })]);
    // The address is free again.
    expect(
      (await signUp(t.app, { email: user.email, password: 'a new password' })).statusCode,
    ).toBe(201);
  });
});

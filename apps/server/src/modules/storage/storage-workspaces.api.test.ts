// Storage of a workspace, uploads/{workspaceId}/ (docs/decisions/032): the viewer / editor /
// owner / non-member matrix on every storage route, and what account deletion does with them.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../../../../e2e/fixtures/smtp-sink.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { newUser, upgrade, userWithEmail } from '../db/db-test-helpers.ts';
import {
  inviteAndAccept,
  personalWorkspace,
  proTeam,
} from '../workspaces/workspace-test-helpers.ts';

// Real multipart bodies over a real socket: the app listens and Node's fetch is the client.
let sink: SmtpSink;
let t: TestApp;
let base: string;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url });
  // Fastify answers the address it listens on: http://127.0.0.1:<port>.
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

interface User {
  id: string;
  token: string;
  email: string;
}

const api = (route: string) => `${base}/api/storage/codewright${route}`;
function upload(user: User | null, p: string, body: string, options?: { upsert: boolean }) {
  const form = new FormData();
  form.append('path', p);
  if (options) form.append('options', JSON.stringify(options));
  form.append('file', new Blob([body]), 'blob');
  return fetch(api('/upload'), {
    method: 'POST',
    headers: user ? { authorization: `Bearer ${user.token}` } : {},
    body: form,
  });
}
const download = (user: User, p: string) =>
  fetch(api(`/download?path=${encodeURIComponent(p)}`), {
    headers: { authorization: `Bearer ${user.token}` },
  });
const remove = (user: User, paths: string[]) =>
  fetch(api('/remove'), {
    method: 'DELETE',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ paths }),
  });
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string } }).error;
const onDisk = (key: string) =>
  fs.stat(path.join(t.config.DATA_DIR, key)).then(
    () => true,
    () => false,
  );

/** A Pro owner's workspace with an editor and a viewer in it, a stranger, and one file in it. */
async function team() {
  const { owner, editor, viewer, stranger, wsId } = await proTeam(t.app, sink);
  const file = `uploads/${wsId}/logo.txt`;
  expect((await upload(owner, file, 'team logo')).status).toBe(201);
  return { owner, editor, viewer, stranger, wsId, file };
}

describe('a workspace folder: who may do what', () => {
  it('download: owner, editor and viewer read it; a non-member gets 404 as for a missing file', async () => {
    const { owner, editor, viewer, stranger, file } = await team();
    for (const member of [owner, editor, viewer]) {
      const res = await download(member, file);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('team logo');
    }
    const hidden = await download(stranger, file);
    expect(hidden.status).toBe(404);
    expect((await errorOf(hidden)).code).toBe('FILE_NOT_FOUND');
    const missing = await download(owner, file.replace('logo', 'nothing'));
    expect(missing.status).toBe(404);
    expect((await errorOf(missing)).code).toBe('FILE_NOT_FOUND');
  });

  it('upload: owner and editor create and overwrite; a viewer is refused; a non-member gets 404', async () => {
    const { owner, editor, viewer, stranger, wsId, file } = await team();
    const created = await upload(editor, `uploads/${wsId}/by-editor.txt`, 'from the editor');
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ path: `uploads/${wsId}/by-editor.txt` });
    expect(await (await download(owner, `uploads/${wsId}/by-editor.txt`)).text()).toBe(
      'from the editor',
    );
    // Overwriting the owner's file needs upsert, like one's own.
    const taken = await upload(editor, file, 'again');
    expect(taken.status).toBe(409);
    expect((await errorOf(taken)).code).toBe('FILE_EXISTS');
    expect((await upload(editor, file, 'new logo', { upsert: true })).status).toBe(201);
    expect((await upload(owner, `uploads/${wsId}/by-owner.txt`, 'o')).status).toBe(201);

    const refused = await upload(viewer, `uploads/${wsId}/by-viewer.txt`, 'v');
    expect(refused.status).toBe(403);
    const why = await errorOf(refused);
    expect(why.code).toBe('FORBIDDEN');
    expect(why.message).toContain('viewer');
    expect(await onDisk(`uploads/${wsId}/by-viewer.txt`)).toBe(false);
    expect((await upload(viewer, file, 'v', { upsert: true })).status).toBe(403);

    const hidden = await upload(stranger, `uploads/${wsId}/by-stranger.txt`, 's');
    expect(hidden.status).toBe(404);
    expect(await errorOf(hidden)).toEqual({
      code: 'NOT_FOUND',
      message: `Workspace ${wsId} not found.`,
    });
    // The same answer as a workspace that does not exist: membership is invisible.
    const unknown = await upload(stranger, `uploads/ws_${'0'.repeat(32)}/a.txt`, 's');
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).code).toBe('NOT_FOUND');
    expect(await onDisk(`uploads/${wsId}/by-stranger.txt`)).toBe(false);
    expect(await (await download(viewer, file)).text()).toBe('new logo');
  });

  it('remove: owner and editor remove; a viewer is refused and nothing goes; a non-member gets 404', async () => {
    const { owner, editor, viewer, stranger, wsId, file } = await team();
    const second = `uploads/${wsId}/second.txt`;
    expect((await upload(owner, second, '2')).status).toBe(201);

    const hidden = await remove(stranger, [file]);
    expect(hidden.status).toBe(404);
    expect((await errorOf(hidden)).code).toBe('FILE_NOT_FOUND');
    const refused = await remove(viewer, [file]);
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe('FORBIDDEN');
    expect(await onDisk(file)).toBe(true);

    const byEditor = await remove(editor, [file]);
    expect(byEditor.status).toBe(200);
    expect(await byEditor.json()).toEqual({ removed: [file] });
    expect(await onDisk(file)).toBe(false);
    const byOwner = await remove(owner, [second]);
    expect(await byOwner.json()).toEqual({ removed: [second] });
    expect((await download(owner, second)).status).toBe(404);
  });

  it("a Pro team's file gets a signed URL; its plain public path is 404 (docs/decisions/037)", async () => {
    const { editor, wsId } = await team();
    const res = await upload(editor, `uploads/${wsId}/shared.txt`, 'team bytes');
    const { publicUrl } = (await res.json()) as { publicUrl: string };
    // Built on PUBLIC_URL (unset: http://localhost:PORT); fetched from the test's listener.
    expect(publicUrl).toMatch(
      new RegExp(
        `^http://localhost:${t.config.PORT}/api/storage/codewright/public/uploads/${wsId}/shared\\.txt\\?expires=\\d+&signature=[\\w-]{43}$`,
      ),
    );
    const signed = await fetch(`${base}${new URL(publicUrl).pathname}${new URL(publicUrl).search}`);
    expect(signed.status).toBe(200);
    expect(await signed.text()).toBe('team bytes');
    const plain = await fetch(api(`/public/uploads/${wsId}/shared.txt`));
    expect(plain.status).toBe(404);
    expect((await errorOf(plain)).code).toBe('FILE_NOT_FOUND');
  });

  it('a member leaving, or demoted to viewer, loses write access at once', async () => {
    const { owner, editor, viewer, wsId, file } = await team();
    const demoted = await fetch(`${base}/api/workspaces/${wsId}/members/${editor.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ role: 'viewer' }),
    });
    expect(demoted.status).toBe(204);
    expect((await upload(editor, `uploads/${wsId}/late.txt`, 'x')).status).toBe(403);
    const left = await fetch(`${base}/api/workspaces/${wsId}/members/${viewer.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${viewer.token}` },
    });
    expect(left.status).toBe(204);
    expect((await download(viewer, file)).status).toBe(404);
  });

  it("a teammate's own folder stays theirs: the team cannot read or write it", async () => {
    const { owner, editor } = await team();
    const own = `uploads/${editor.id}/private.txt`;
    expect((await upload(editor, own, 'mine')).status).toBe(201);
    expect((await download(owner, own)).status).toBe(404);
    expect((await remove(owner, [own])).status).toBe(404);
    const write = await upload(owner, own, 'theirs', { upsert: true });
    expect(write.status).toBe(403);
    expect(await (await download(editor, own)).text()).toBe('mine');
  });
});

describe('account deletion and workspace folders (docs/decisions/029, 032)', () => {
  const deleteAccount = (user: User) =>
    fetch(`${base}/api/auth/me`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'correct horse' }),
    });

  it('a workspace closed with its owner loses its folder; their own folder goes too', async () => {
    const alone = await userWithEmail(t.app, `alone-${Date.now()}@example.com`);
    const wsId = await personalWorkspace(t.app, alone.token);
    expect((await upload(alone, `uploads/${wsId}/a.txt`, 'a')).status).toBe(201);
    expect((await upload(alone, `uploads/${alone.id}/b.txt`, 'b')).status).toBe(201);
    const res = await deleteAccount(alone);
    expect(res.status).toBe(204);
    expect(await onDisk(`uploads/${wsId}`)).toBe(false);
    expect(await onDisk(`uploads/${alone.id}`)).toBe(false);
  });

  it('a workspace handed over keeps its files for the new owner', async () => {
    const owner = await userWithEmail(t.app, `leaving-${Date.now()}@example.com`);
    expect((await upgrade(t.app, owner.token, 'pro')).statusCode).toBe(200);
    const wsId = await personalWorkspace(t.app, owner.token);
    const heir = await newUser(t.app);
    await inviteAndAccept(t.app, sink, {
      ownerToken: owner.token,
      workspaceId: wsId,
      email: heir.email,
      token: heir.token,
      role: 'editor',
    });
    expect((await upload(owner, `uploads/${wsId}/kept.txt`, 'kept')).status).toBe(201);
    expect((await deleteAccount(owner)).status).toBe(204);
    const res = await download(heir, `uploads/${wsId}/kept.txt`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('kept');
    expect((await remove(heir, [`uploads/${wsId}/kept.txt`])).status).toBe(200);
  });
});

// What the data export holds once teams are in play (docs/decisions/028): the workspaces the
// user owns whole; in a team they belong to, only their own messages, marked as such; nothing
// of a team they were removed from, whenever it was written.
import { describe, expect, it } from 'vitest';
import { unzipText } from '../../test/unzip.ts';
import { createProject, proUser, rest } from '../db/db-test-helpers.ts';
import { commit } from '../versions/versions-test-helpers.ts';
import { call, personalWorkspace, useMailingApp } from '../workspaces/workspace-test-helpers.ts';

const servers = useMailingApp({ PUBLIC_URL: 'https://app.codewright.test' });

type User = Awaited<ReturnType<typeof proUser>>;

async function exportOf(user: User): Promise<Map<string, string>> {
  const res = await call(servers.t.app, 'GET', '/api/auth/export', user.token);
  expect(res.statusCode, res.body).toBe(200);
  return unzipText(res.rawPayload);
}

/** Creates a project with `fields` as `user`: its id. */
async function newProject(user: User, fields: Record<string, string>) {
  return String((await createProject(servers.t.app, user.token, fields)).id);
}

/** Saves `code` as a version of the project, as `user`. */
const save = (user: User, projectId: string, code: string) =>
  commit(servers.t.app, user.token, projectId, { code, source: 'save' });

/** Takes `member` out of the workspace, as `by` (its owner, or the member leaving). */
const removeFromTeam = (workspaceId: string, member: User, by: User) =>
  call(servers.t.app, 'DELETE', `/api/workspaces/${workspaceId}/members/${member.id}`, by.token);

/** One message per request: messages of one statement share a time, and chat is ordered by time. */
async function say(user: User, projectId: string, content: string, role = 'user') {
  const res = await rest(servers.t.app, 'POST', 'chat_messages', {
    token: user.token,
    body: { project_id: projectId, role, content },
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** Every file of the zip as one text, to look for what must not be there. */
const everything = (files: Map<string, string>) =>
  [...files.entries()].map(([name, text]) => `${name}\n${text}`).join('\n');

/** A Pro owner whose workspace holds a member's project with versions and chat, and a personal project of the member. */
async function teamWithMember(role: 'editor' | 'viewer' = 'editor') {
  const owner = await proUser(servers.t.app);
  const member = await proUser(servers.t.app);
  const workspaceId = await personalWorkspace(servers.t.app, owner.token);
  await servers.join(owner, workspaceId, member, role);
  const personal = await createProject(servers.t.app, member.token, {
    name: 'My Own Thing',
    language: 'JavaScript',
    code: 'const mine = 1;',
  });
  await say(member, String(personal.id), 'personal prompt');
  await save(member, String(personal.id), 'const mine = 2;');
  return { owner, member, workspaceId, personal };
}

describe('GET /api/auth/export with teams', () => {
  it('holds nothing of a team the user was removed from, written before or after; the owner keeps all of it', async () => {
    const { owner, member, workspaceId, personal } = await teamWithMember();
    const projectId = await newProject(member, {
      name: 'Team Secret',
      language: 'TypeScript',
      code: 'const before = "TEAM-CODE-BEFORE";',
      workspace_id: workspaceId,
    });
    await save(member, projectId, 'const before = "TEAM-VERSION-BEFORE";');
    await say(member, projectId, 'MEMBER-MESSAGE-BEFORE');
    await say(owner, projectId, 'OWNER-MESSAGE-BEFORE');

    const removed = await removeFromTeam(workspaceId, member, owner);
    expect(removed.statusCode, removed.body).toBe(204);

    // The team keeps working on the project the member created.
    await save(owner, projectId, 'const after = "TEAM-VERSION-AFTER";');
    await say(owner, projectId, 'OWNER-MESSAGE-AFTER');

    const files = await exportOf(member);
    const text = everything(files);
    for (const secret of [
      projectId,
      'Team Secret',
      'team-secret',
      'TEAM-CODE-BEFORE',
      'TEAM-VERSION-BEFORE',
      'TEAM-VERSION-AFTER',
      'MEMBER-MESSAGE-BEFORE',
      'OWNER-MESSAGE-BEFORE',
      'OWNER-MESSAGE-AFTER',
      workspaceId,
    ])
      expect(text).not.toContain(secret);
    expect([...files.keys()].some((name) => name.startsWith('workspaces/'))).toBe(false);
    // Their personal project is all there.
    const folder = `projects/my-own-thing-${String(personal.id)}`;
    expect(files.get(`${folder}/code.js`)).toBe('const mine = 2;');
    expect(JSON.parse(files.get(`${folder}/chat.json`)!)).toEqual([
      expect.objectContaining({ content: 'personal prompt' }),
    ]);
    const versions = JSON.parse(files.get(`${folder}/versions.json`)!) as { file: string }[];
    expect(versions.map((v) => files.get(`${folder}/${v.file}`))).toEqual([
      'const mine = 1;',
      'const mine = 2;',
    ]);
    expect(JSON.parse(files.get('manifest.json')!)).toMatchObject({
      projects: 1,
      teamProjects: 0,
      complete: true,
    });

    // The owner's export has the whole project: code, every version and everyone's chat.
    const ownerFiles = await exportOf(owner);
    const teamFolder = `projects/team-secret-${projectId}`;
    expect(ownerFiles.get(`${teamFolder}/code.ts`)).toBe('const after = "TEAM-VERSION-AFTER";');
    expect(
      (JSON.parse(ownerFiles.get(`${teamFolder}/chat.json`)!) as { content: string }[]).map(
        (m) => m.content,
      ),
    ).toEqual(['MEMBER-MESSAGE-BEFORE', 'OWNER-MESSAGE-BEFORE', 'OWNER-MESSAGE-AFTER']);
    const ownerVersions = JSON.parse(ownerFiles.get(`${teamFolder}/versions.json`)!) as {
      file: string;
    }[];
    expect(ownerVersions.map((v) => ownerFiles.get(`${teamFolder}/${v.file}`))).toEqual([
      'const before = "TEAM-CODE-BEFORE";',
      'const before = "TEAM-VERSION-BEFORE";',
      'const after = "TEAM-VERSION-AFTER";',
    ]);
    expect(everything(ownerFiles)).not.toContain('personal prompt');
  });

  it("gives a current member their own messages in a team project, marked, without the team's code or others' messages", async () => {
    const { owner, member, workspaceId, personal } = await teamWithMember();
    const projectId = await newProject(owner, {
      name: 'Shared Work',
      language: 'Python',
      code: 'print("TEAM-CODE")',
    });
    await save(owner, projectId, 'print("TEAM-VERSION")');
    await say(owner, projectId, 'OWNER-MESSAGE');
    await say(member, projectId, 'my first message');
    await say(member, projectId, 'assistant answer to me', 'assistant');
    await say(owner, projectId, 'OWNER-MESSAGE-2');
    await say(member, projectId, 'my second message');
    // A team project the member created but never wrote in: the team's, so not in their export.
    const silentId = await newProject(member, {
      name: 'Silent',
      workspace_id: workspaceId,
      code: 'const silent = "SILENT-CODE";',
    });

    const files = await exportOf(member);
    const text = everything(files);
    for (const secret of ['TEAM-CODE', 'TEAM-VERSION', 'OWNER-MESSAGE', 'SILENT-CODE', silentId])
      expect(text).not.toContain(secret);
    const teamFiles = [...files.keys()].filter((name) => name.startsWith('workspaces/'));
    expect(teamFiles).toHaveLength(1);
    expect(teamFiles[0]).toMatch(
      new RegExp(`^workspaces/[a-z0-9-]*${workspaceId}/shared-work-${projectId}/messages\\.json$`),
    );
    const written = JSON.parse(files.get(teamFiles[0]!)!);
    expect(written).toMatchObject({
      yours: true,
      about: expect.stringContaining('Your own messages'),
      workspace: { id: workspaceId, role: 'editor' },
      project: { id: projectId, name: 'Shared Work', language: 'Python' },
    });
    expect(
      (written.messages as { content: string; user_id: string }[]).map((m) => [
        m.content,
        m.user_id,
      ]),
    ).toEqual([
      ['my first message', member.id],
      ['assistant answer to me', member.id],
      ['my second message', member.id],
    ]);
    // Nothing of the team in the personal part; the personal project as before.
    expect([...files.keys()].filter((name) => name.endsWith('/project.json'))).toEqual([
      `projects/my-own-thing-${String(personal.id)}/project.json`,
    ]);
    expect(JSON.parse(files.get('manifest.json')!)).toMatchObject({
      projects: 1,
      teamProjects: 1,
      complete: true,
    });

    // Leaving the team takes those messages out of the next export.
    const left = await removeFromTeam(workspaceId, member, member);
    expect(left.statusCode, left.body).toBe(204);
    const after = await exportOf(member);
    expect([...after.keys()].some((name) => name.startsWith('workspaces/'))).toBe(false);
    expect(everything(after)).not.toContain('my first message');
  });
});

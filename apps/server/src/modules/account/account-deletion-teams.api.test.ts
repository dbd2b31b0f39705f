import { describe, expect, it } from 'vitest';
import { createProject, proUser, rest } from '../db/db-test-helpers.ts';
import { call, personalWorkspace, useMailingApp } from '../workspaces/workspace-test-helpers.ts';
import { whereFound } from './account-test-helpers.ts';

const servers = useMailingApp({ PUBLIC_URL: 'https://app.codewright.test' });

describe('DELETE /api/auth/me of a team owner', () => {
  it('hands the team over to its member and leaves nothing of the user anywhere', async () => {
    const owner = await proUser(servers.t.app);
    const member = await proUser(servers.t.app);
    const other = await proUser(servers.t.app);
    const team = await personalWorkspace(servers.t.app, owner.token);
    const project = await createProject(servers.t.app, owner.token, { name: 'Team project' });
    await servers.join(owner, team, member, 'editor');
    // Someone else's invitation to the owner, still open, names the owner's address.
    const invited = await call(
      servers.t.app,
      'POST',
      `/api/workspaces/${await personalWorkspace(servers.t.app, other.token)}/invitations`,
      other.token,
      { email: owner.email, role: 'viewer' },
    );
    expect(invited.statusCode, invited.body).toBe(201);

    const res = await call(servers.t.app, 'DELETE', '/api/auth/me', owner.token, {
      password: 'correct horse',
    });
    expect(res.statusCode, res.body).toBe(204);

    // The member now owns the team and still has its project.
    const workspaces = await call(servers.t.app, 'GET', '/api/workspaces', member.token);
    expect(workspaces.json().workspaces).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: team, role: 'owner' })]),
    );
    const projects = await rest(servers.t.app, 'GET', 'projects', {
      token: member.token,
      query: `id=eq.${String(project.id)}`,
    });
    expect(projects.json()).toEqual([expect.objectContaining({ name: 'Team project' })]);

    expect(await whereFound(servers.t.app, [owner.id, owner.email])).toEqual([]);
  });
});

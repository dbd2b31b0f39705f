// The SDK's workspaces module against the real buildApp() over HTTP (CONVENTIONS §12).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@codewright/sdk';
import { startSmtpSink, type SmtpSink } from '../../../../../e2e/fixtures/smtp-sink.ts';
import { useTestApp } from '../../test/test-app.ts';
import { newSession } from '../../test/auth-helpers.ts';
import { clientSignedInAs, memoryStorage } from '../../test/sdk-client.ts';

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink?.close();
});
// Registered after the sink's hooks: starts after it and closes before it.
const t = useTestApp(() => ({ SMTP_URL: sink.url }), { listen: true });

async function signedInClient() {
  const { email, password } = await newSession(t.app);
  return { client: await clientSignedInAs(t.baseUrl, email, password), email };
}

describe('client.workspaces', () => {
  it('invites, accepts, checks roles and permissions, and reads a share link signed out', async () => {
    const owner = await signedInClient();
    await owner.client.plan.upgrade('pro');
    const [mine] = await owner.client.workspaces.list();
    expect(mine).toMatchObject({ personal: true, role: 'owner', plan: 'pro', memberLimit: 5 });
    expect(owner.client.workspaces.hasRole(['editor'], mine)).toBe(true);
    expect(owner.client.workspaces.can('create', 'invitation', mine)).toBe(true);

    const member = await signedInClient();
    const invitation = await owner.client.workspaces.invite(mine!.id, {
      email: member.email,
      role: 'viewer',
    });
    expect(invitation).toMatchObject({ email: member.email, role: 'viewer' });
    const mail = await sink.waitForMail(member.email);
    const token = new URL(mail.links[0]!).searchParams.get('token')!;
    const joined = await member.client.workspaces.acceptInvitation(token);
    expect(joined).toMatchObject({ id: mine!.id, role: 'viewer' });
    expect(member.client.workspaces.can('update', 'project', joined)).toBe(false);
    expect(member.client.workspaces.hasRole('viewer', joined)).toBe(true);
    await expect(
      member.client.workspaces.invite(mine!.id, { email: 'x@example.com' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });

    const [project] = await owner.client.db
      .from('projects')
      .insert({ name: 'Shared', language: 'JavaScript', code: 'let x = 1;', visibility: 'public' });
    const anonymous = createClient({
      projectId: 'codewright',
      baseUrl: t.baseUrl,
      storage: memoryStorage(),
      autoInitialize: false,
    });
    const shared = await anonymous.workspaces.getShared(project!.shareToken);
    expect(shared).toMatchObject({ name: 'Shared', code: 'let x = 1;' });
    const fresh = await owner.client.workspaces.regenerateShareToken(project!.id);
    await expect(anonymous.workspaces.getShared(project!.shareToken)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await anonymous.workspaces.getShared(fresh)).name).toBe('Shared');
  });

  it('previews an invitation signed out: inviter, workspace and role, until it is accepted', async () => {
    const owner = await signedInClient();
    await owner.client.plan.upgrade('pro');
    await owner.client.auth.updateUser({ displayName: 'Alex Kim' });
    const [mine] = await owner.client.workspaces.list();
    const member = await signedInClient();
    await owner.client.workspaces.invite(mine!.id, { email: member.email, role: 'editor' });
    const mail = await sink.waitForMail(member.email);
    const token = new URL(mail.links[0]!).searchParams.get('token')!;
    const anonymous = createClient({
      projectId: 'codewright',
      baseUrl: t.baseUrl,
      storage: memoryStorage(),
      autoInitialize: false,
    });
    expect(await anonymous.workspaces.previewInvitation(token)).toEqual({
      inviterName: 'Alex Kim',
      workspaceName: mine!.name,
      role: 'editor',
    });
    await member.client.workspaces.acceptInvitation(token);
    await expect(anonymous.workspaces.previewInvitation(token)).rejects.toMatchObject({
      code: 'INVITATION_INVALID',
      status: 404,
    });
  });
});

// Webhooks against a local receiver (issue 49). (Over 300 lines: one journey per rule of delivery —
// signing, retries, rotation, events, the SSRF policy, unreadable secrets — sharing one app,
// one receiver and their set-up.)
import { describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES } from '@codewright/contract';
import { aroundTests } from '../../test/around-tests.ts';
import { useTestApp } from '../../test/test-app.ts';
import { startWebhookReceiver } from '../../test/webhook-receiver.ts';
import {
  addWebhookAt,
  enterpriseOwner as enterpriseOwnerOf,
  signedWith,
  verifyFromDocs,
} from './webhook-test-helpers.ts';
import { UNREADABLE_SECRET } from './webhook-deliverer.ts';
import { createProject, errorOf, newUser, rest, upgrade } from '../db/db-test-helpers.ts';
import { call, personalWorkspace, useMailingApp } from '../workspaces/workspace-test-helpers.ts';

const receiver = aroundTests('the receiver is', startWebhookReceiver, (r) => r.close());
// Loopback receivers are allowed here only because the allow list names them (DESIGN §3.14).
const { t, join } = useMailingApp({
  URL_ALLOW_LIST: '127.0.0.1',
  WEBHOOK_MAX_ATTEMPTS: '3',
  WEBHOOK_RETRY_BASE_MS: '50',
});
// The same server as shipped: no allow list.
const strict = useTestApp();

const enterpriseOwner = (app = t.app) => enterpriseOwnerOf(app);

const addWebhook = (
  owner: { token: string; workspaceId: string },
  path: string,
  events: string[],
  app = t.app,
) => addWebhookAt(app, owner, receiver().url(path), events);

const deliveriesOf = async (token: string, webhookId: string) =>
  (await call(t.app, 'GET', `/api/integrations/webhooks/${webhookId}/deliveries`, token)).json<{
    deliveries: {
      id: string;
      event: string;
      status: string;
      attempts: number;
      responseStatus: number | null;
      error: string | null;
    }[];
  }>().deliveries;

describe('webhooks (Enterprise)', () => {
  it('are refused to Free and Pro workspaces with FEATURE_NOT_IN_PLAN', async () => {
    const user = await newUser(t.app);
    expect((await upgrade(t.app, user.token, 'pro')).statusCode).toBe(200);
    const res = await call(t.app, 'POST', '/api/integrations/webhooks', user.token, {
      workspaceId: await personalWorkspace(t.app, user.token),
      url: receiver().url('/pro'),
      events: ['project.created'],
    });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toEqual({
      code: 'FEATURE_NOT_IN_PLAN',
      message: API_KEY_MESSAGES.notInPlan,
    });
  });

  it('deliver project events signed with the secret, and log them', async () => {
    const owner = await enterpriseOwner();
    const { webhook, secret } = await addWebhook(owner, '/projects', [
      'project.created',
      'project.updated',
      'project.deleted',
    ]);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const project = await createProject(t.app, owner.token, { name: 'Hooked' });
    await rest(t.app, 'PATCH', 'projects', {
      token: owner.token,
      query: `id=eq.${project.id as string}`,
      body: { name: 'Renamed' },
    });
    await rest(t.app, 'DELETE', 'projects', {
      token: owner.token,
      query: `id=eq.${project.id as string}`,
    });
    await expect.poll(() => receiver().at('/projects').length).toBe(3);
    const got = receiver().at('/projects');
    const bodies = got.map(
      (r) =>
        JSON.parse(r.body) as {
          type: string;
          workspaceId: string;
          data: { projectId: string; name: string };
        },
    );
    expect(bodies.map((b) => b.type).sort()).toEqual([
      'project.created',
      'project.deleted',
      'project.updated',
    ]);
    for (const b of bodies)
      expect(b).toMatchObject({ workspaceId: owner.workspaceId, data: { projectId: project.id } });
    for (const r of got) {
      expect(r.headers['content-type']).toBe('application/json');
      expect(signedWith(secret, r)).toBe(true);
      expect(signedWith('whsec_' + Buffer.alloc(24).toString('base64'), r)).toBe(false);
      expect(Math.abs(Number(r.headers['webhook-timestamp']) * 1000 - r.at)).toBeLessThan(5000);
    }
    await expect
      .poll(async () => (await deliveriesOf(owner.token, webhook.id)).map((d) => d.status))
      .toEqual(['succeeded', 'succeeded', 'succeeded']);
    // Only the events it asked for: a member joining is not sent to it.
    expect(
      (await deliveriesOf(owner.token, webhook.id)).every((d) => d.responseStatus === 200),
    ).toBe(true);
  });

  it('retry a receiver that answers 500, then log the delivery as failed', async () => {
    receiver().answerWith((path) => (path === '/broken' ? 500 : 200));
    const owner = await enterpriseOwner();
    const { webhook } = await addWebhook(owner, '/broken', ['project.created']);
    await createProject(t.app, owner.token);
    await expect
      .poll(async () => (await deliveriesOf(owner.token, webhook.id))[0]?.status, {
        timeout: 10_000,
      })
      .toBe('failed');
    const [failed] = await deliveriesOf(owner.token, webhook.id);
    expect(failed).toMatchObject({
      attempts: 3,
      responseStatus: 500,
      error: 'The receiver answered 500.',
    });
    const tries = receiver().at('/broken');
    expect(tries).toHaveLength(3);
    expect(new Set(tries.map((r) => r.headers['webhook-id'])).size).toBe(1);

    // Send again: a new delivery of the same event, once the receiver is mended.
    receiver().answerWith(() => 200);
    const again = await call(
      t.app,
      'POST',
      `/api/integrations/webhooks/${webhook.id}/deliveries/${failed!.id}/resend`,
      owner.token,
    );
    expect(again.statusCode, again.body).toBe(202);
    await expect.poll(() => receiver().at('/broken').length).toBe(4);
    const resent = receiver().at('/broken')[3]!;
    expect(resent.body).toBe(tries[0]!.body);
    expect(resent.headers['webhook-id']).not.toBe(tries[0]!.headers['webhook-id']);
  });

  it('keep deliveries valid across a secret rotation: both secrets sign for the grace period', async () => {
    const owner = await enterpriseOwner();
    const { webhook, secret: old } = await addWebhook(owner, '/rotated', ['project.created']);
    const rotated = await call(
      t.app,
      'POST',
      `/api/integrations/webhooks/${webhook.id}/rotate`,
      owner.token,
    );
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret: fresh, webhook: after } = rotated.json<{
      secret: string;
      webhook: { previousSecretUntil: string };
    }>();
    expect(fresh).not.toBe(old);
    expect(Date.parse(after.previousSecretUntil) - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
    await createProject(t.app, owner.token);
    await expect.poll(() => receiver().at('/rotated').length).toBe(1);
    const [delivery] = receiver().at('/rotated');
    expect(signedWith(fresh, delivery!)).toBe(true);
    expect(signedWith(old, delivery!)).toBe(true);
    // The check docs/api.md gives accepts it under either secret, and refuses a changed body.
    const verify = await verifyFromDocs();
    expect(verify(fresh, delivery!.headers, delivery!.body)).toBe(true);
    expect(verify(old, delivery!.headers, delivery!.body)).toBe(true);
    expect(verify(fresh, delivery!.headers, delivery!.body.replace('}', ',"x":1}'))).toBe(false);
  });

  it('tell of members joining and leaving', async () => {
    const owner = await enterpriseOwner();
    await addWebhook(owner, '/members', ['member.joined', 'member.left']);
    const member = await newUser(t.app);
    await join(owner, owner.workspaceId, member, 'editor');
    const left = await call(
      t.app,
      'DELETE',
      `/api/workspaces/${owner.workspaceId}/members/${member.id}`,
      owner.token,
    );
    expect(left.statusCode).toBe(204);
    await expect.poll(() => receiver().at('/members').length).toBe(2);
    // Deliveries may arrive in any order; the payload's timestamp is the event's.
    const events = receiver()
      .at('/members')
      .map((r) => JSON.parse(r.body) as { type: string; timestamp: string; data: unknown })
      .sort((x, y) => x.timestamp.localeCompare(y.timestamp));
    expect(events).toEqual([
      expect.objectContaining({
        type: 'member.joined',
        data: { userId: member.id, role: 'editor' },
      }),
      expect.objectContaining({ type: 'member.left', data: { userId: member.id, role: 'editor' } }),
    ]);
  });

  it('log a delivery whose secret cannot be read as failed at once, not retried forever', async () => {
    const owner = await enterpriseOwner();
    const { webhook } = await addWebhook(owner, '/unreadable', ['project.created']);
    await t.app.dbPool.query("update webhooks set secret = 'v1.bad.bad.bad' where id = $1", [
      webhook.id,
    ]);
    await createProject(t.app, owner.token);
    await expect
      .poll(async () => (await deliveriesOf(owner.token, webhook.id))[0]?.status)
      .toBe('failed');
    expect((await deliveriesOf(owner.token, webhook.id))[0]).toMatchObject({
      attempts: 1,
      error: UNREADABLE_SECRET,
    });
    expect(receiver().at('/unreadable')).toEqual([]);
  });

  it('refuse a loopback receiver unless the allow list names it', async () => {
    const owner = await enterpriseOwner(strict.app);
    const literal = await call(strict.app, 'POST', '/api/integrations/webhooks', owner.token, {
      workspaceId: owner.workspaceId,
      url: receiver().url('/literal'),
      events: ['project.created'],
    });
    expect(literal.statusCode).toBe(400);
    expect(errorOf(literal).code).toBe('URL_NOT_ALLOWED');
    // A name that resolves to loopback is refused when it is reached: failed at once, not retried.
    const named = await call(strict.app, 'POST', '/api/integrations/webhooks', owner.token, {
      workspaceId: owner.workspaceId,
      url: `http://localhost:${receiver().port}/named`,
      events: ['project.created'],
    });
    expect(named.statusCode, named.body).toBe(201);
    const { webhook } = named.json<{ webhook: { id: string } }>();
    await createProject(strict.app, owner.token);
    const log = async () =>
      (
        await call(
          strict.app,
          'GET',
          `/api/integrations/webhooks/${webhook.id}/deliveries`,
          owner.token,
        )
      ).json<{
        deliveries: { status: string; attempts: number; error: string }[];
      }>().deliveries;
    await expect.poll(async () => (await log())[0]?.status).toBe('failed');
    expect((await log())[0]).toMatchObject({ attempts: 1 });
    expect((await log())[0]!.error).toMatch(/not allowed|private|loopback|local/i);
    expect(receiver().at('/named')).toEqual([]);
  });

  it('are managed by the workspace owner only, and refuse odd input', async () => {
    const owner = await enterpriseOwner();
    const { webhook } = await addWebhook(owner, '/owned', ['project.created']);
    const stranger = await newUser(t.app);
    for (const [method, url] of [
      ['GET', `/api/integrations/webhooks/${webhook.id}/deliveries`],
      ['DELETE', `/api/integrations/webhooks/${webhook.id}`],
      ['POST', `/api/integrations/webhooks/${webhook.id}/rotate`],
    ] as const)
      expect((await call(t.app, method, url, stranger.token)).statusCode, `${method} ${url}`).toBe(
        404,
      );
    for (const body of [
      { url: 'ftp://example.com/x', events: ['project.created'] },
      { url: receiver().url('/x'), events: [] },
      { url: receiver().url('/x'), events: ['project.exploded'] },
      { url: receiver().url('/x'), events: ['project.created', 'project.created'] },
    ]) {
      const res = await call(t.app, 'POST', '/api/integrations/webhooks', owner.token, {
        workspaceId: owner.workspaceId,
        ...body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const changed = await call(
      t.app,
      'PATCH',
      `/api/integrations/webhooks/${webhook.id}`,
      owner.token,
      {
        events: ['project.deleted'],
      },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().events).toEqual(['project.deleted']);
    expect(
      (await call(t.app, 'DELETE', `/api/integrations/webhooks/${webhook.id}`, owner.token))
        .statusCode,
    ).toBe(204);
    const listed = await call(
      t.app,
      'GET',
      `/api/integrations/webhooks?workspaceId=${owner.workspaceId}`,
      owner.token,
    );
    expect(listed.json().webhooks).toEqual([]);
  });
});

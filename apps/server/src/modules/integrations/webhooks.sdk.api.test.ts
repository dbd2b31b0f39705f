// The SDK's webhooks (client.integrations.webhooks) against the real buildApp() over HTTP
// (CONVENTIONS §12).
import { describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES } from '@codewright/contract';
import { aroundTests } from '../../test/around-tests.ts';
import { signedInClient } from '../../test/sdk-client.ts';
import { useTestApp } from '../../test/test-app.ts';
import { startWebhookReceiver } from '../../test/webhook-receiver.ts';
import { signedWith } from './webhook-test-helpers.ts';

const receiver = aroundTests('the receiver is', startWebhookReceiver, (r) => r.close());
// A loopback receiver is allowed only because the allow list names it (DESIGN §3.14).
const t = useTestApp(
  { URL_ALLOW_LIST: '127.0.0.1', WEBHOOK_MAX_ATTEMPTS: '2', WEBHOOK_RETRY_BASE_MS: '50' },
  { listen: true },
);

async function enterpriseClient() {
  const client = await signedInClient(t.app, t.baseUrl);
  await client.plan.upgrade('enterprise');
  const [mine] = await client.workspaces.list();
  return { client, workspaceId: mine!.id };
}

describe('client.integrations.webhooks', () => {
  it('adds a webhook shown with its secret once, delivers a signed event and logs it', async () => {
    const { client, workspaceId } = await enterpriseClient();
    const hooks = client.integrations.webhooks;
    const { webhook, secret } = await hooks.create({
      workspaceId,
      url: receiver().url('/sdk'),
      events: ['project.created'],
    });
    expect(secret).toMatch(/^whsec_/);
    const listed = await hooks.list(workspaceId);
    expect(listed).toEqual([webhook]);
    expect(JSON.stringify(listed)).not.toContain(secret);

    await client.db.from('projects').insert({ name: 'Hooked', language: 'Python', code: 'x = 1' });
    await expect.poll(() => receiver().at('/sdk').length).toBe(1);
    expect(signedWith(secret, receiver().at('/sdk')[0]!)).toBe(true);
    await expect
      .poll(async () => (await hooks.deliveries(webhook.id))[0]?.status)
      .toBe('succeeded');
    const [delivery] = await hooks.deliveries(webhook.id);
    expect(delivery).toMatchObject({ event: 'project.created', responseStatus: 200, attempts: 1 });

    // Send again: a new delivery of the same event, with a new webhook-id.
    const again = await hooks.resend(webhook.id, delivery!.id);
    expect(again.id).not.toBe(delivery!.id);
    await expect.poll(() => receiver().at('/sdk').length).toBe(2);
    const [first, second] = receiver().at('/sdk');
    expect(second!.body).toBe(first!.body);
    expect(second!.headers['webhook-id']).not.toBe(first!.headers['webhook-id']);
  });

  it('changes the events, rotates the secret (both sign for 24 h) and deletes', async () => {
    const { client, workspaceId } = await enterpriseClient();
    const hooks = client.integrations.webhooks;
    const { webhook, secret: old } = await hooks.create({
      workspaceId,
      url: receiver().url('/sdk-rotated'),
      events: ['project.deleted'],
    });
    expect(
      (await hooks.update(webhook.id, { events: ['project.created', 'project.deleted'] })).events,
    ).toEqual(['project.created', 'project.deleted']);
    const rotated = await hooks.rotate(webhook.id);
    expect(rotated.secret).not.toBe(old);
    expect(Date.parse(rotated.webhook.previousSecretUntil!) - Date.now()).toBeGreaterThan(
      23 * 3600 * 1000,
    );
    await client.db.from('projects').insert({ name: 'Rotated', language: 'Python', code: '' });
    await expect.poll(() => receiver().at('/sdk-rotated').length).toBe(1);
    const [delivery] = receiver().at('/sdk-rotated');
    expect(signedWith(rotated.secret, delivery!)).toBe(true);
    expect(signedWith(old, delivery!)).toBe(true);

    await hooks.remove(webhook.id);
    expect(await hooks.list(workspaceId)).toEqual([]);
    await expect(hooks.deliveries(webhook.id)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
    });
  });

  it('rejects a Pro workspace with FEATURE_NOT_IN_PLAN', async () => {
    const client = await signedInClient(t.app, t.baseUrl);
    await client.plan.upgrade('pro');
    const [mine] = await client.workspaces.list();
    await expect(client.integrations.webhooks.list(mine!.id)).rejects.toMatchObject({
      code: 'FEATURE_NOT_IN_PLAN',
      status: 403,
      message: API_KEY_MESSAGES.notInPlan,
    });
  });
});

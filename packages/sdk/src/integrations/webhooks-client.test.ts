// client.integrations.webhooks: the paths, methods and bodies sent, and answers checked against the contract.
import { describe, expect, it } from 'vitest';
import type { Webhook, WebhookDelivery } from '@codewright/contract';
import { clientWith, jsonResponse } from '../testing/recording-client.ts';

const webhook: Webhook = {
  id: 'wh_1',
  workspaceId: 'ws 1',
  url: 'https://hooks.example.com/cw',
  events: ['project.created'],
  createdAt: '2026-01-01T00:00:00.000Z',
  previousSecretUntil: null,
};
const delivery: WebhookDelivery = {
  id: 'dl_1',
  event: 'project.created',
  status: 'failed',
  attempts: 3,
  responseStatus: 500,
  error: 'The receiver answered 500.',
  createdAt: '2026-01-01T00:00:00.000Z',
  lastAttemptAt: '2026-01-01T00:05:00.000Z',
  durationMs: 12,
};
const secret = 'whsec_' + Buffer.alloc(24, 1).toString('base64');

describe('client.integrations.webhooks', () => {
  it('lists a workspace’s webhooks through GET /api/integrations/webhooks?workspaceId=', async () => {
    const { client, sent } = clientWith(() => jsonResponse(200, { webhooks: [webhook] }));
    expect(await client.integrations.webhooks.list('ws 1')).toEqual([webhook]);
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET https://cw.test/api/integrations/webhooks?workspaceId=ws+1',
    ]);
  });

  it('adds a webhook with a POST of the body and answers its secret', async () => {
    const { client, sent } = clientWith(() => jsonResponse(201, { webhook, secret }));
    const body = {
      workspaceId: 'ws 1',
      url: webhook.url,
      events: ['project.created' as const],
    };
    expect(await client.integrations.webhooks.create(body)).toEqual({ webhook, secret });
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: 'https://cw.test/api/integrations/webhooks',
    });
    expect(JSON.parse(String(sent[0]!.body))).toEqual(body);
  });

  it('changes, rotates and deletes a webhook at /api/integrations/webhooks/{id}', async () => {
    const { client, sent } = clientWith(({ method }) =>
      method === 'DELETE'
        ? new Response(null, { status: 204 })
        : method === 'PATCH'
          ? jsonResponse(200, { ...webhook, events: ['project.deleted'] })
          : jsonResponse(200, { webhook, secret }),
    );
    const hooks = client.integrations.webhooks;
    expect((await hooks.update('wh/1', { events: ['project.deleted'] })).events).toEqual([
      'project.deleted',
    ]);
    expect(await hooks.rotate('wh/1')).toEqual({ webhook, secret });
    await expect(hooks.remove('wh/1')).resolves.toBeUndefined();
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      'PATCH https://cw.test/api/integrations/webhooks/wh%2F1',
      'POST https://cw.test/api/integrations/webhooks/wh%2F1/rotate',
      'DELETE https://cw.test/api/integrations/webhooks/wh%2F1',
    ]);
    expect(JSON.parse(String(sent[0]!.body))).toEqual({ events: ['project.deleted'] });
  });

  it('reads the delivery log and sends a delivery again', async () => {
    const { client, sent } = clientWith(({ method }) =>
      method === 'GET'
        ? jsonResponse(200, { deliveries: [delivery] })
        : jsonResponse(202, { ...delivery, id: 'dl_2', status: 'pending', attempts: 0 }),
    );
    const hooks = client.integrations.webhooks;
    expect(await hooks.deliveries('wh_1')).toEqual([delivery]);
    expect(await hooks.resend('wh_1', 'dl 1')).toMatchObject({ id: 'dl_2', status: 'pending' });
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET https://cw.test/api/integrations/webhooks/wh_1/deliveries',
      'POST https://cw.test/api/integrations/webhooks/wh_1/deliveries/dl%201/resend',
    ]);
  });

  it('turns a refused receiver into a typed error with its code', async () => {
    const { client } = clientWith(() =>
      jsonResponse(400, { error: { code: 'URL_NOT_ALLOWED', message: 'Not allowed.' } }),
    );
    await expect(
      client.integrations.webhooks.create({
        workspaceId: 'ws',
        url: 'http://127.0.0.1/x',
        events: ['project.created'],
      }),
    ).rejects.toMatchObject({ code: 'URL_NOT_ALLOWED', status: 400 });
  });

  it('treats an answer of the wrong shape as a network error', async () => {
    const { client } = clientWith(() => jsonResponse(200, { deliveries: [{ id: 'x' }] }));
    await expect(client.integrations.webhooks.deliveries('wh_1')).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
    });
  });
});

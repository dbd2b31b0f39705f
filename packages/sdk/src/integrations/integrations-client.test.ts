// client.integrations.keys: the paths, methods and bodies sent, and answers checked against the contract.
import { describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES, type ApiKey } from '@codewright/contract';
import { clientWith, jsonResponse } from '../testing/recording-client.ts';

const apiKey: ApiKey = {
  id: 'key_1',
  name: 'CI',
  scope: 'read',
  workspaceId: 'ws 1',
  start: 'cwk_abcd1234',
  createdAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2026-04-01T00:00:00.000Z',
  lastUsedAt: null,
};

describe('client.integrations.keys', () => {
  it('lists a workspace’s keys through GET /api/integrations/keys?workspaceId=', async () => {
    const { client, sent } = clientWith(() => jsonResponse(200, { keys: [apiKey] }));
    expect(await client.integrations.keys.list('ws 1')).toEqual([apiKey]);
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET https://cw.test/api/integrations/keys?workspaceId=ws+1',
    ]);
  });

  it('creates a key with a POST of the body and answers the key shown once', async () => {
    const created = { key: 'cwk_abcd1234secret', apiKey };
    const { client, sent } = clientWith(() => jsonResponse(201, created));
    const body = { workspaceId: 'ws 1', name: 'CI', scope: 'write', expiresInDays: 90 } as const;
    expect(await client.integrations.keys.create(body)).toEqual(created);
    expect(sent[0]).toMatchObject({ method: 'POST', url: 'https://cw.test/api/integrations/keys' });
    expect(JSON.parse(String(sent[0]!.body))).toEqual(body);
  });

  it('revokes a key with DELETE /api/integrations/keys/{id}', async () => {
    const { client, sent } = clientWith(() => new Response(null, { status: 204 }));
    await expect(client.integrations.keys.revoke('key/1')).resolves.toBeUndefined();
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      'DELETE https://cw.test/api/integrations/keys/key%2F1',
    ]);
  });

  it('turns the server’s refusal into a typed error with its code and message', async () => {
    const { client } = clientWith(() =>
      jsonResponse(403, {
        error: { code: 'FEATURE_NOT_IN_PLAN', message: API_KEY_MESSAGES.notInPlan },
      }),
    );
    await expect(client.integrations.keys.list('ws')).rejects.toMatchObject({
      code: 'FEATURE_NOT_IN_PLAN',
      status: 403,
      message: API_KEY_MESSAGES.notInPlan,
    });
  });

  it('treats an answer of the wrong shape as a network error', async () => {
    const { client } = clientWith(() => jsonResponse(201, { key: 'cwk_x' }));
    await expect(
      client.integrations.keys.create({
        workspaceId: 'ws',
        name: 'CI',
        scope: 'read',
        expiresInDays: 30,
      }),
    ).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
  });
});

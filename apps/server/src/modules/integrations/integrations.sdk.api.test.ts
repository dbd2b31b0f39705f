// The SDK's integrations module against the real buildApp() over HTTP (CONVENTIONS §12).
import { describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES } from '@codewright/contract';
import { useTestApp } from '../../test/test-app.ts';
import { signedInClient } from '../../test/sdk-client.ts';

const t = useTestApp({}, { listen: true });

describe('client.integrations.keys', () => {
  it('creates a key shown once, lists it without the secret, revokes it', async () => {
    const client = await signedInClient(t.app, t.baseUrl);
    await client.plan.upgrade('enterprise');
    const [mine] = await client.workspaces.list();
    const { key, apiKey } = await client.integrations.keys.create({
      workspaceId: mine!.id,
      name: 'CI',
      scope: 'read',
      expiresInDays: 30,
    });
    expect(key.startsWith('cwk_')).toBe(true);
    const listed = await client.integrations.keys.list(mine!.id);
    expect(listed).toEqual([apiKey]);
    expect(JSON.stringify(listed)).not.toContain(key);
    await client.integrations.keys.revoke(apiKey.id);
    expect(await client.integrations.keys.list(mine!.id)).toEqual([]);
  });

  it('rejects a Pro workspace with FEATURE_NOT_IN_PLAN', async () => {
    const client = await signedInClient(t.app, t.baseUrl);
    await client.plan.upgrade('pro');
    const [mine] = await client.workspaces.list();
    await expect(client.integrations.keys.list(mine!.id)).rejects.toMatchObject({
      code: 'FEATURE_NOT_IN_PLAN',
      status: 403,
      message: API_KEY_MESSAGES.notInPlan,
    });
  });
});

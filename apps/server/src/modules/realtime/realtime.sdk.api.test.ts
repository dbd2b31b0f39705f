// The SDK's realtime module against the real buildApp() over HTTP (CONVENTIONS §12).
import { describe, expect, it } from 'vitest';
import { aroundTests } from '../../test/around-tests.ts';
import { signedInClient } from '../../test/sdk-client.ts';
import { createTestApp } from '../../test/test-app.ts';

/** The app, listening on a free port for the SDK's HTTP calls. */
const server = aroundTests(
  'the app is',
  async () => {
    const t = await createTestApp();
    return { t, baseUrl: await t.app.listen({ port: 0, host: '127.0.0.1' }) };
  },
  ({ t }) => t.close(),
);
const newClient = () => signedInClient(server().t.app, server().baseUrl);

describe('client.realtime', () => {
  it('publishes to a project channel and reads back since an id; a stranger gets NOT_FOUND', async () => {
    const client = await newClient();
    const [project] = await client.db
      .from('projects')
      .insert({ name: 'Live', language: 'JavaScript', code: 'x' });
    const channel = `project:${project!.id}`;

    const first = await client.realtime.publish(channel, 'project.saved', { name: 'Live' });
    expect(first).toMatchObject({ channel, event: 'project.saved', payload: { name: 'Live' } });
    await client.realtime.publish(channel, 'cursor', { line: 2 });
    expect((await client.realtime.messages(channel)).map((m) => m.event)).toEqual([
      'project.saved',
      'cursor',
    ]);
    const after = await client.realtime.messages(channel, { since: first.id });
    expect(after.map((m) => m.payload)).toEqual([{ line: 2 }]);

    const stranger = await newClient();
    await expect(stranger.realtime.messages(channel)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
    });
    await expect(client.realtime.publish(channel, 'bad name', {})).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      status: 400,
    });
  });
});

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

/** A new signed-in client and the channel of a project of theirs. */
async function clientWithProject() {
  const client = await newClient();
  const [project] = await client.db
    .from('projects')
    .insert({ name: 'Live', language: 'JavaScript', code: 'x' });
  return { client, channel: `project:${project!.id}` };
}

describe('client.realtime', () => {
  it('publishes to a project channel and reads back since an id; a stranger gets NOT_FOUND', async () => {
    const { client, channel } = await clientWithProject();

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

describe('client.realtime.channel', () => {
  it('subscribes, hears what is sent and who is present, refuses a stranger, and leaves', async () => {
    const { client: owner, channel: name } = await clientWithProject();
    const channel = owner.realtime.channel(name);
    const states: string[] = [];
    channel.onStateChange((s) => states.push(s));
    const heard: string[] = [];
    channel.onMessage((m) => heard.push(m.event));
    let present: string[] = [];
    channel.onPresence((members) => (present = members.map((m) => String(m.meta.state))));

    await channel.subscribe();
    expect(channel.state).toBe('subscribed');
    expect(states).toEqual(['connecting', 'connected', 'subscribed']);
    await channel.track({ state: 'editing' });
    await expect.poll(() => present).toEqual(['editing']);

    const id = await channel.send('cursor', { line: 1 });
    expect(id).toMatch(/^\d+$/);
    await owner.realtime.publish(channel.name, 'project.saved', { name: 'Live' });
    await expect.poll(() => heard).toEqual(['cursor', 'project.saved']);

    // A stranger's channel of the same name is refused, and the error says why.
    const stranger = await newClient();
    await expect(stranger.realtime.channel(channel.name).subscribe()).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await channel.unsubscribe();
    expect(channel.state).toBe('disconnected');
    stranger.realtime.disconnect();
  });
});

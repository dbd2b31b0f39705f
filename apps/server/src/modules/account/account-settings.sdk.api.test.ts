// The SDK's account module against the real buildApp() over HTTP (CONVENTIONS §12). The
// one kind of server file allowed to import the SDK: *.sdk.api.test.ts (eslint.config.js).
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';
import { newSession } from '../../test/auth-helpers.ts';
import { clientSignedInAs } from '../../test/sdk-client.ts';
import { unzipText } from '../../test/unzip.ts';

const t = useTestApp({}, { listen: true });

describe('client.account', () => {
  it('lists sessions, signs out another, and signs out all others', async () => {
    const { email, password } = await newSession(t.app);
    const laptop = await clientSignedInAs(t.baseUrl, email, password);
    const phone = await clientSignedInAs(t.baseUrl, email, password);
    const tablet = await clientSignedInAs(t.baseUrl, email, password);

    const sessions = await laptop.account.listSessions();
    // newSession's own sign-in is a fourth session.
    expect(sessions).toHaveLength(4);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);

    const phoneSession = (await phone.account.listSessions()).find((s) => s.current)!;
    await laptop.account.revokeSession(phoneSession.id);
    await expect(phone.account.listSessions()).rejects.toMatchObject({ code: 'TOKEN_EXPIRED' });
    await expect(laptop.account.revokeSession('ses_unknown')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });

    expect(await laptop.account.revokeOtherSessions()).toBe(2);
    await expect(tablet.account.getStatus()).rejects.toMatchObject({ code: 'TOKEN_EXPIRED' });
    expect(await laptop.account.getStatus()).toMatchObject({ email, emailVerified: false });
  });

  it('exports a zip and deletes the account, which signs this client out', async () => {
    const { email, password } = await newSession(t.app);
    const client = await clientSignedInAs(t.baseUrl, email, password);
    await client.db.from('projects').insert({ name: 'Kept', language: 'Python', code: 'x = 1' });

    const zip = await client.account.exportData();
    expect(zip.type).toBe('application/zip');
    const files = await unzipText(Buffer.from(await zip.arrayBuffer()));
    expect([...files.values()]).toContain('x = 1');

    await expect(
      client.account.deleteAccount({ password: 'wrong password' }),
    ).rejects.toMatchObject({
      code: 'INVALID_CREDENTIALS',
      message: expect.stringMatching(/not correct/),
    });
    expect(client.auth.getState().status).toBe('signed-in');

    await client.account.deleteAccount({ password });
    expect(client.auth.getState().status).toBe('signed-out');
    await expect(client.auth.signInWithPassword({ email, password })).rejects.toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
  });
});

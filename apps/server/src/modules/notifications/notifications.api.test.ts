import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../../../../e2e/fixtures/smtp-sink.ts';
import { errorOf, post } from '../../test/account-helpers.ts';
import {
  markEmailVerified,
  newSession,
  signIn,
  signUp,
  uniqueEmail,
} from '../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let sink: SmtpSink;
let t: TestApp;
const admin = { email: uniqueEmail('admin'), password: 'admin password 1' };
let adminToken: string;
const URL = '/api/notifications/codewright/email';

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url, ADMIN_EMAILS: admin.email });
  await signUp(t.app, admin);
  // ADMIN_EMAILS makes an admin only of a verified address.
  await markEmailVerified(t.app, admin.email);
  adminToken = (await signIn(t.app, admin)).json().access_token;
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

describe('POST /api/notifications/{project}/email', () => {
  it('lets an admin send a mail with text and html', async () => {
    const to = uniqueEmail('to');
    const res = await post(
      t.app,
      URL,
      { to, subject: 'Hello', text: 'Plain body', html: '<p>Hi</p>' },
      adminToken,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().accepted).toEqual([to]);
    const mail = await sink.waitForMail(to);
    expect(mail.subject).toBe('Hello');
    expect(mail.text.trim()).toBe('Plain body');
    expect(mail.html).toContain('<p>Hi</p>');
  });

  it('refuses normal users with 403 and anonymous callers with 401', async () => {
    const { session } = await newSession(t.app);
    const body = { to: uniqueEmail('x'), subject: 'Hi', text: 'x' };
    const user = await post(t.app, URL, body, session.access_token);
    expect(user.statusCode).toBe(403);
    expect(errorOf(user).code).toBe('FORBIDDEN');
    expect((await post(t.app, URL, body)).statusCode).toBe(401);
    expect((await post(t.app, '/api/notifications/other/email', body, adminToken)).statusCode).toBe(
      404,
    );
  });

  it('answers 400 naming what is missing', async () => {
    const noBody = await post(t.app, URL, { to: uniqueEmail('x'), subject: 'Hi' }, adminToken);
    expect(noBody.statusCode).toBe(400);
    expect(errorOf(noBody).message).toMatch(/html or text/);
    const noTo = await post(t.app, URL, { subject: 'Hi', text: 'x' }, adminToken);
    expect(noTo.statusCode).toBe(400);
    expect(errorOf(noTo).message).toMatch(/to/);
    const noSubject = await post(t.app, URL, { to: uniqueEmail('x'), text: 'x' }, adminToken);
    expect(errorOf(noSubject).message).toMatch(/subject/);
    const badTo = await post(
      t.app,
      URL,
      { to: 'not an email', subject: 'Hi', text: 'x' },
      adminToken,
    );
    expect(errorOf(badTo).code).toBe('INVALID_EMAIL');
  });

  it('sends at most 5 mails an hour to one address (429 RATE_LIMITED, not sent)', async () => {
    const to = uniqueEmail('cap');
    for (let i = 1; i <= 5; i++) {
      expect(
        (await post(t.app, URL, { to, subject: `n${i}`, text: 'x' }, adminToken)).statusCode,
      ).toBe(200);
    }
    const sixth = await post(t.app, URL, { to, subject: 'n6', text: 'x' }, adminToken);
    expect(sixth.statusCode).toBe(429);
    expect(errorOf(sixth).code).toBe('RATE_LIMITED');
    expect(sixth.headers['retry-after']).toBeDefined();
    await sink.waitForMail(to, 5);
    expect(sink.mailsTo(to).map((m) => m.subject)).toEqual(['n1', 'n2', 'n3', 'n4', 'n5']);
  });
});

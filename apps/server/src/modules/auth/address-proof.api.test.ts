// (Over 300 lines: one story, the proof and takeover of DESIGN §3.16 below, whose squat, lock-out
// and admin checks are shared helpers here; sessions come from test/auth-helpers.ts, teams from
// workspace-test-helpers.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  ERROR_MESSAGES,
  type SessionResponse,
  type User,
} from '@codewright/contract';
import { startSmtpSink, type SmtpSink } from '../../../../../e2e/fixtures/smtp-sink.ts';
import { authError, errorOf, magicLinkSignIn, post, tokenOf } from '../../test/account-helpers.ts';
import { getMe, newSession, signIn, signUp, uniqueEmail } from '../../test/auth-helpers.ts';
import { upgrade } from '../db/db-test-helpers.ts';
import { call, inviteAndAccept, personalWorkspace } from '../workspaces/workspace-test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// DESIGN §3.16: whoever proves the address owns the account — and a registrant who proves it
// keeps what they made. The verify link opened signed in as the account, or confirmed with its
// password, keeps the password and sessions. "I did not create this account" (notMine), a magic
// link or an OAuth sign-in on a never-verified account takes it over: someone who registered an
// address first (here an ADMIN_EMAILS one) loses every session, their password, the members and
// invitations they added and the share links; only then do admin rights apply.
let sink: SmtpSink;
let t: TestApp;
const verifyBoss = uniqueEmail('verify-boss');
const magicBoss = uniqueEmail('magic-boss');
const squatterPassword = 'squatter pass 1';
const ownerPassword = 'owner pass 123';

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({
    SMTP_URL: sink.url,
    ADMIN_EMAILS: `${verifyBoss}, ${magicBoss}`,
    // Configured (never reached): an AI call of a removed member must end at the project check.
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: 'http://127.0.0.1:9/v1',
    AI_MODEL_BASIC: 'unreachable',
  });
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

function adminSql(token: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/db/codewright/sql',
    headers: { authorization: `Bearer ${token}` },
    payload: { query: 'select 1 as one' },
  });
}

/** The squatter registers the address in another spelling, signs in and keeps the tokens. */
async function squat(email: string): Promise<SessionResponse> {
  const up = await signUp(t.app, { email: ` ${email.toUpperCase()} `, password: squatterPassword });
  expect(up.statusCode, up.body).toBe(201);
  const res = await signIn(t.app, { email, password: squatterPassword });
  expect(res.statusCode, res.body).toBe(200);
  const session = res.json<SessionResponse>();
  expect(session.user.role).toBe('user');
  expect((await adminSql(session.access_token)).statusCode).toBe(403);
  return session;
}

/** Nothing the squatter holds works any more: access token, refresh token, password. */
async function expectLockedOut(email: string, squatter: SessionResponse) {
  const me = await getMe(t.app, squatter.access_token);
  expect(me.statusCode, me.body).toBe(401);
  expect((await adminSql(squatter.access_token)).statusCode).toBe(401);
  const refreshed = await post(t.app, '/api/auth/refresh', {
    refresh_token: squatter.refresh_token,
  });
  expect(refreshed.statusCode, refreshed.body).toBe(401);
  expect(errorOf(refreshed).code).toBe('TOKEN_EXPIRED');
  const again = await signIn(t.app, { email, password: squatterPassword });
  expect(again.statusCode, again.body).toBe(401);
  expect(errorOf(again)).toEqual(authError('PASSWORD_RESET_REQUIRED'));
}

/** The owner sets a password through the reset flow and signs in with it. */
async function resetAndSignIn(email: string): Promise<SessionResponse> {
  await t.app.mailer.drain();
  const before = sink.mailsTo(email).length;
  expect((await post(t.app, '/api/auth/password/reset', { email })).statusCode).toBe(200);
  const token = tokenOf(await sink.waitForMail(email, before + 1));
  const confirmed = await post(t.app, '/api/auth/password/reset/confirm', {
    token,
    password: ownerPassword,
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const res = await signIn(t.app, { email, password: ownerPassword });
  expect(res.statusCode, res.body).toBe(200);
  // The squatter's password stays dead: it is simply wrong now.
  const old = await signIn(t.app, { email, password: squatterPassword });
  expect(errorOf(old).code).toBe('INVALID_CREDENTIALS');
  return res.json<SessionResponse>();
}

async function expectAdmin(session: SessionResponse) {
  expect(session.user.role).toBe('admin');
  const me = await getMe(t.app, session.access_token);
  expect(me.json<User>().role).toBe('admin');
  const sql = await adminSql(session.access_token);
  expect(sql.statusCode, sql.body).toBe(200);
}

describe('an address registered by someone else, proved by its owner', () => {
  it('through the verification link ("I did not create this account"): the squatter is locked out, the owner resets and is admin', async () => {
    const squatter = await squat(verifyBoss);
    // The owner of the mailbox asks for a link and follows it.
    expect(
      (await post(t.app, '/api/auth/email/verify/send', { email: verifyBoss })).statusCode,
    ).toBe(200);
    const token = tokenOf(await sink.waitForMail(verifyBoss));
    // Neither signed in nor with the password: the page must ask; the link is not spent.
    const unproved = await post(t.app, '/api/auth/email/verify', { token });
    expect(unproved.statusCode, unproved.body).toBe(409);
    expect(errorOf(unproved)).toEqual({
      code: 'VERIFICATION_CHOICE_REQUIRED',
      message: ERROR_MESSAGES.VERIFICATION_CHOICE_REQUIRED,
    });
    // A guess at the password is refused, and the link still is not spent.
    const guess = await post(t.app, '/api/auth/email/verify', { token, password: 'a guess 123' });
    expect(guess.statusCode, guess.body).toBe(401);
    expect(errorOf(guess)).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: ACCOUNT_MESSAGES.wrongVerifyPassword,
    });
    const verified = await post(t.app, '/api/auth/email/verify', { token, notMine: true });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({
      message: ACCOUNT_MESSAGES.emailVerifiedSetPassword,
      outcome: 'taken_over',
      removed: { members: [], invitations: [], shareLinks: 0 },
    });

    await expectLockedOut(verifyBoss, squatter);
    await expectAdmin(await resetAndSignIn(verifyBoss));
  });

  it('through a magic link: the squatter is locked out, the owner is signed in as admin', async () => {
    const squatter = await squat(magicBoss);
    const magic = await magicLinkSignIn(t.app, sink, magicBoss);
    expect(magic.statusCode, magic.body).toBe(200);
    const owner = magic.json<SessionResponse>();

    await expectLockedOut(magicBoss, squatter);
    // The owner's session (made after the proof) works and is admin; so does a refresh of it.
    await expectAdmin(owner);
    const refreshed = await post(t.app, '/api/auth/refresh', {
      refresh_token: owner.refresh_token,
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json<SessionResponse>().user.role).toBe('admin');

    // With a password set through the reset flow, password sign-in works again.
    await expectAdmin(await resetAndSignIn(magicBoss));
  });
});

describe('an address proved again', () => {
  it('keeps the sessions and password of an account that is already verified', async () => {
    const email = uniqueEmail('verified');
    expect((await signUp(t.app, { email, password: ownerPassword })).statusCode).toBe(201);
    // Two verification links; the first proves the address.
    await post(t.app, '/api/auth/email/verify/send', { email });
    await post(t.app, '/api/auth/email/verify/send', { email });
    const first = tokenOf(await sink.waitForMail(email, 1));
    const second = tokenOf(await sink.waitForMail(email, 2));
    const firstProof = await post(t.app, '/api/auth/email/verify', {
      token: first,
      password: ownerPassword,
    });
    expect(firstProof.json()).toEqual({
      message: ACCOUNT_MESSAGES.emailVerifiedKept,
      outcome: 'kept',
    });
    const session = (
      await signIn(t.app, { email, password: ownerPassword })
    ).json<SessionResponse>();

    // The second link and a magic link both prove the address again: nothing is revoked.
    const again = await post(t.app, '/api/auth/email/verify', { token: second });
    expect(again.json()).toEqual({ message: ACCOUNT_MESSAGES.emailVerified, outcome: 'kept' });
    await t.app.mailer.drain();
    const before = sink.mailsTo(email).length;
    expect((await magicLinkSignIn(t.app, sink, email, before + 1)).statusCode).toBe(200);

    expect((await getMe(t.app, session.access_token)).statusCode).toBe(200);
    const refreshed = await post(t.app, '/api/auth/refresh', {
      refresh_token: session.refresh_token,
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect((await signIn(t.app, { email, password: ownerPassword })).statusCode).toBe(200);
  });
});

describe('the registrant proves the address (the common case: one click)', () => {
  /** Signs up with a password and reads the verification link the sign-up mailed. */
  async function signUpWithLink(tag: string) {
    const email = uniqueEmail(tag);
    expect((await signUp(t.app, { email, password: ownerPassword })).statusCode).toBe(201);
    expect((await post(t.app, '/api/auth/email/verify/send', { email })).statusCode).toBe(200);
    return { email, token: tokenOf(await sink.waitForMail(email)) };
  }

  it('signed in as the account: verified, the password and the session stay', async () => {
    const { email, token } = await signUpWithLink('signed-in');
    const session = (
      await signIn(t.app, { email, password: ownerPassword })
    ).json<SessionResponse>();
    const res = await post(t.app, '/api/auth/email/verify', { token }, session.access_token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.emailVerifiedKept, outcome: 'kept' });
    expect((await getMe(t.app, session.access_token)).statusCode).toBe(200);
    expect((await signIn(t.app, { email, password: ownerPassword })).statusCode).toBe(200);
    const settings = await t.app.inject({
      method: 'GET',
      url: '/api/account/status',
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    if (settings.statusCode === 200) expect(settings.json().emailVerified).toBe(true);
  });

  it('with the password on the verify page: verified, the password stays', async () => {
    const { email, token } = await signUpWithLink('with-password');
    const res = await post(t.app, '/api/auth/email/verify', { token, password: ownerPassword });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.emailVerifiedKept, outcome: 'kept' });
    expect((await signIn(t.app, { email, password: ownerPassword })).statusCode).toBe(200);
    // The link is spent.
    const twice = await post(t.app, '/api/auth/email/verify', { token, password: ownerPassword });
    expect(errorOf(twice).code).toBe('VERIFICATION_FAILED');
  });

  it('signed in as another account is no proof: the page must ask, the link is not spent', async () => {
    const { email, token } = await signUpWithLink('other-session');
    const other = await newSession(t.app);
    const res = await post(t.app, '/api/auth/email/verify', { token }, other.session.access_token);
    expect(res.statusCode, res.body).toBe(409);
    expect(errorOf(res).code).toBe('VERIFICATION_CHOICE_REQUIRED');
    const kept = await post(t.app, '/api/auth/email/verify', { token, password: ownerPassword });
    expect(kept.json().outcome).toBe('kept');
    expect((await signIn(t.app, { email, password: ownerPassword })).statusCode).toBe(200);
  });
});

describe('a takeover removes what the squatter set up', () => {
  it('members, open invitations, share links and API keys go in the proof; the mate is locked out of what comes next', async () => {
    const email = uniqueEmail('team-owner');
    const squatter = await squat(email);
    const upgraded = await upgrade(t.app, squatter.access_token, 'enterprise');
    expect(upgraded.statusCode, upgraded.body).toBe(200);
    const wsId = await personalWorkspace(t.app, squatter.access_token);
    const mate = await newSession(t.app);
    await inviteAndAccept(t.app, sink, {
      ownerToken: squatter.access_token,
      workspaceId: wsId,
      email: mate.session.user.email,
      token: mate.session.access_token,
      role: 'editor',
    });
    const open = uniqueEmail('open-invite');
    const invited = await call(
      t.app,
      'POST',
      `/api/workspaces/${wsId}/invitations`,
      squatter.access_token,
      {
        email: open,
        role: 'editor',
      },
    );
    expect(invited.statusCode, invited.body).toBe(201);
    const inviteToken = tokenOf(await sink.waitForMail(open));
    const made = await call(
      t.app,
      'POST',
      '/api/db/codewright/rest/v1/projects',
      squatter.access_token,
      {
        name: 'Squatter project',
        language: 'JavaScript',
        visibility: 'public',
      },
    );
    expect(made.statusCode, made.body).toBe(201);
    const shareToken = made.json<{ share_token: string }[]>()[0]!.share_token;
    expect((await call(t.app, 'GET', `/api/share/codewright?t=${shareToken}`)).statusCode).toBe(
      200,
    );
    const keyMade = await call(t.app, 'POST', '/api/integrations/keys', squatter.access_token, {
      workspaceId: wsId,
      name: 'squatter CI',
      scope: 'write',
      expiresInDays: 30,
    });
    expect(keyMade.statusCode, keyMade.body).toBe(201);
    const apiKey = keyMade.json<{ key: string }>().key;
    const keyRead = () => call(t.app, 'GET', '/api/db/codewright/rest/v1/projects', apiKey);
    expect((await keyRead()).statusCode).toBe(200);

    // The owner proves the address and says it is not theirs.
    await t.app.mailer.drain();
    const before = sink.mailsTo(email).length;
    await post(t.app, '/api/auth/email/verify/send', { email });
    const token = tokenOf(await sink.waitForMail(email, before + 1));
    const res = await post(t.app, '/api/auth/email/verify', { token, notMine: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: ACCOUNT_MESSAGES.emailVerifiedSetPassword,
      outcome: 'taken_over',
      removed: { members: [mate.session.user.email], invitations: [open], shareLinks: 1 },
    });
    await expectLockedOut(email, squatter);
    // The squatter's API key is revoked with the rest.
    expect((await keyRead()).statusCode).toBe(401);
    // The one-time notice lists the same.
    await t.app.mailer.drain();
    const notice = sink.mailsTo(email).at(-1)!;
    expect(notice.subject).toBe('Your Codewright account is yours now');
    expect(notice.text).toContain(mate.session.user.email);
    expect(notice.text).toContain(open);

    // The old share link is gone; the open invitation can no longer be accepted.
    expect((await call(t.app, 'GET', `/api/share/codewright?t=${shareToken}`)).statusCode).toBe(
      404,
    );
    const late = await newSession(t.app);
    const accept = await call(t.app, 'POST', '/api/invitations/accept', late.session.access_token, {
      token: inviteToken,
    });
    expect(accept.statusCode).toBeGreaterThanOrEqual(400);
    expect(accept.statusCode).toBeLessThan(500);

    // The owner's next project, upload and AI call are out of the mate's reach.
    const owner = await resetAndSignIn(email);
    const next = await call(
      t.app,
      'POST',
      '/api/db/codewright/rest/v1/projects',
      owner.access_token,
      {
        name: 'Owner project',
        language: 'JavaScript',
      },
    );
    expect(next.statusCode, next.body).toBe(201);
    const projectId = next.json<{ id: string }[]>()[0]!.id;
    const mateToken = mate.session.access_token;
    const read = await call(
      t.app,
      'GET',
      `/api/db/codewright/rest/v1/projects?id=eq.${projectId}`,
      mateToken,
    );
    expect(read.json()).toEqual([]);
    // Writing to it through db REST changes nothing either.
    const write = await call(
      t.app,
      'PATCH',
      `/api/db/codewright/rest/v1/projects?id=eq.${projectId}`,
      mateToken,
      { code: 'stolen' },
    );
    expect(write.json()).toEqual([]);
    const form = new FormData();
    form.append('file', new Blob(['hello']), 'a.txt');
    form.append('path', `uploads/${wsId}/a.txt`);
    const body = new Response(form);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/storage/codewright/upload',
      headers: {
        authorization: `Bearer ${mateToken}`,
        'content-type': body.headers.get('content-type')!,
      },
      payload: Buffer.from(await body.arrayBuffer()),
    });
    expect(upload.statusCode, upload.body).toBe(404);
    const ai = await t.app.inject({
      method: 'POST',
      url: '/api/ai/codewright/text',
      headers: { authorization: `Bearer ${mateToken}` },
      payload: { prompt: 'spend their plan', projectId },
    });
    expect(ai.statusCode, ai.body).toBe(404);
  });
});

import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startModelServer, type ModelServer } from '../../../../../e2e/fixtures/model-server.mjs';
import { startSmtpSink, type SmtpSink } from '../../../../../e2e/fixtures/smtp-sink.ts';
import { tokenOf } from '../../test/account-helpers.ts';
import { aroundTests } from '../../test/around-tests.ts';
import { type TestAppOptions, type UsedTestApp, useTestApp } from '../../test/test-app.ts';
import { newUser, proUser } from '../db/db-test-helpers.ts';

/** Test helpers for /api/workspaces and /api/invitations (used by *.api.test.ts only). */

/** A team test's servers: an SMTP sink for the invitations, the scripted model, and the app. */
export interface TeamServers {
  readonly sink: SmtpSink;
  readonly model: ModelServer;
  readonly t: UsedTestApp;
}

/**
 * Starts the SMTP sink and the scripted model server before a file's or a describe's tests, then
 * an app that sends mail to the one and asks the other (its basic model), and closes them after;
 * `env(modelUrl)` adds settings, such as a media model on that URL, and `options` the app's test
 * options (a clock). The sink, model and app are read once they have started.
 */
export function useTeamServers(
  env: (modelUrl: string) => Record<string, string> = () => ({}),
  options?: TestAppOptions,
): TeamServers {
  const fixtures = aroundTests(
    'the SMTP sink and model server are',
    async () => {
      const sink = await startSmtpSink();
      try {
        return { sink, model: await startModelServer({ port: 0 }) };
      } catch (error) {
        await sink.close();
        throw error;
      }
    },
    async ({ sink, model }) => {
      await model.close();
      await sink.close();
    },
  );
  const t = useTestApp(() => {
    const { sink, model } = fixtures();
    return {
      SMTP_URL: sink.url,
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: model.url,
      AI_MODEL_BASIC: 'codewright-test-model',
      ...env(model.url),
    };
  }, options);
  return {
    get sink() {
      return fixtures().sink;
    },
    get model() {
      return fixtures().model;
    },
    t,
  };
}

/** A mailing app and its sink, and a member's joining a workspace through them. */
export interface MailingApp extends Omit<TeamServers, 'model'> {
  /** `member` joins `owner`'s workspace as `role` through a mailed invitation (as joinWorkspace). */
  join(
    owner: { token: string },
    workspaceId: string,
    member: { email: string; token: string },
    role: string,
  ): Promise<{ id: string }>;
}

/**
 * An app that sends its mail to an SMTP sink, started before a file's tests and closed after
 * them with the sink; `env` adds to its settings. Both are read once they have started.
 */
export function useMailingApp(env: Record<string, string> = {}): MailingApp {
  const sink = aroundTests('the SMTP sink is', startSmtpSink, (started) => started.close());
  const t = useTestApp(() => ({ SMTP_URL: sink().url, ...env }));
  return {
    get sink() {
      return sink();
    },
    t,
    join: (owner, workspaceId, member, role) =>
      joinWorkspace(t.app, sink(), owner, workspaceId, member, role),
  };
}

export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token?: string,
  body?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

/** The caller's personal workspace id. */
export async function personalWorkspace(app: FastifyInstance, token: string): Promise<string> {
  const res = await call(app, 'GET', '/api/workspaces', token);
  expect(res.statusCode).toBe(200);
  const ws = res
    .json<{ workspaces: { id: string; personal: boolean; role: string }[] }>()
    .workspaces.find((w) => w.personal && w.role === 'owner');
  if (!ws) throw new Error('no personal workspace');
  return ws.id;
}

/** Invites `email` as `role`, reads the mailed link at the sink, and accepts it as `token`. */
export async function inviteAndAccept(
  app: FastifyInstance,
  sink: SmtpSink,
  input: { ownerToken: string; workspaceId: string; email: string; token: string; role: string },
) {
  const invited = await call(
    app,
    'POST',
    `/api/workspaces/${input.workspaceId}/invitations`,
    input.ownerToken,
    { email: input.email, role: input.role },
  );
  expect(invited.statusCode, invited.body).toBe(201);
  const mail = await sink.waitForMail(input.email);
  const accepted = await call(app, 'POST', '/api/invitations/accept', input.token, {
    token: tokenOf(mail),
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return invited.json<{ id: string }>();
}

/** `member` joins `owner`'s workspace as `role` through a mailed invitation (as inviteAndAccept). */
export function joinWorkspace(
  app: FastifyInstance,
  sink: SmtpSink,
  owner: { token: string },
  workspaceId: string,
  member: { email: string; token: string },
  role: string,
) {
  return inviteAndAccept(app, sink, {
    ownerToken: owner.token,
    workspaceId,
    email: member.email,
    token: member.token,
    role,
  });
}

/**
 * A Pro owner with an editor and a viewer who accepted invitations to the owner's personal
 * workspace, and a stranger outside it.
 */
export async function proTeam(app: FastifyInstance, sink: SmtpSink) {
  const owner = await proUser(app);
  const wsId = await personalWorkspace(app, owner.token);
  const editor = await newUser(app);
  const viewer = await newUser(app);
  const stranger = await newUser(app);
  for (const [member, role] of [
    [editor, 'editor'],
    [viewer, 'viewer'],
  ] as const)
    await joinWorkspace(app, sink, owner, wsId, member, role);
  return { owner, editor, viewer, stranger, wsId };
}

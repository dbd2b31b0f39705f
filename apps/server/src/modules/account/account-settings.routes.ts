import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_EXPORT_MAX_BYTES,
  ACCOUNT_SETTINGS_MESSAGES,
  AccountStatusSchema,
  DeleteAccountBodySchema,
  RevokedSessionsSchema,
  SessionListSchema,
} from '@codewright/contract';
import { AppError } from '../../lib/app-error.ts';
import { NO_CONTENT } from '../../lib/answers.ts';
import { principalOf } from '../auth/principal.ts';
import { createAccountDeletionRepository } from './account-deletion.repository.ts';
import { createAccountDeletionService, type TeamHandover } from './account-deletion.service.ts';
import { createAccountExportRepository } from './account-export.repository.ts';
import { streamAccountExport } from './account-export.ts';
import { deviceSummary } from '../auth/device-summary.ts';
import { createSessionsRepository } from './sessions.repository.ts';
import { createSessionsService } from './sessions.service.ts';

export interface AccountSettingsRoutesOptions {
  /** Most uncompressed bytes of one export (tests use a small cap); ACCOUNT_EXPORT_MAX_BYTES by default. */
  exportMaxBytes?: number;
  /** The rule for a deleted owner's teams; `app.workspaces.handOverOrCloseWorkspaces` by default. */
  handOverTeams?: TeamHandover;
}

const SessionParams = z.object({ sessionId: z.string().min(1).max(200) });

/**
 * /api/auth: the Settings screen's Account group (docs/api.md § Account settings): account
 * status, sessions, data export and account deletion.
 */
export const accountSettingsRoutes: FastifyPluginAsyncZod<AccountSettingsRoutesOptions> = async (
  app,
  options,
) => {
  const authenticated = { onRequest: app.authenticate };
  const sessions = createSessionsService({
    repo: createSessionsRepository(app.db),
    cache: app.principalCache,
  });
  const deletion = createAccountDeletionService({
    repo: createAccountDeletionRepository(app.db),
    cache: app.principalCache,
    storage: app.storage,
    log: app.log,
    handOverTeams:
      options.handOverTeams ??
      ((tx, userId) => app.workspaces.handOverOrCloseWorkspaces(tx, userId)),
  });
  const exports = createAccountExportRepository(app.db);
  const exportMaxBytes = options.exportMaxBytes ?? ACCOUNT_EXPORT_MAX_BYTES;
  // One export at a time per user: each holds a database reader and a client connection.
  const exporting = new Set<string>();

  app.get(
    '/account',
    { ...authenticated, schema: { response: { 200: AccountStatusSchema } } },
    async (request) => {
      const { user } = principalOf(request);
      return {
        email: user.email,
        emailVerified: user.emailVerifiedAt !== null,
        hasPassword: user.passwordHash !== null,
        createdAt: user.createdAt.toISOString(),
      };
    },
  );

  app.get(
    '/sessions',
    { ...authenticated, schema: { response: { 200: SessionListSchema } } },
    async (request) => {
      const { user, sessionId } = principalOf(request);
      const device = deviceSummary(request.headers['user-agent']);
      return { sessions: await sessions.list({ userId: user.id, sessionId }, device) };
    },
  );

  app.post(
    '/sessions/revoke-others',
    { ...authenticated, schema: { response: { 200: RevokedSessionsSchema } } },
    async (request) => {
      const { user, sessionId } = principalOf(request);
      return { revoked: await sessions.revokeOthers({ userId: user.id, sessionId }) };
    },
  );

  app.delete(
    '/sessions/:sessionId',
    { ...authenticated, schema: { params: SessionParams }, config: { answers: NO_CONTENT } },
    async (request, reply) => {
      await sessions.revoke(principalOf(request).user.id, request.params.sessionId);
      return reply.code(204).send();
    },
  );

  const exportAnswer = {
    200: {
      description: 'Everything of the account, as a .zip.',
      content: { 'application/zip': null },
    },
  };
  app.get(
    '/export',
    { ...authenticated, config: { answers: exportAnswer } },
    async (request, reply) => {
      const { user } = principalOf(request);
      if (exporting.has(user.id)) {
        throw new AppError('RATE_LIMITED', 429, ACCOUNT_SETTINGS_MESSAGES.exportRunning);
      }
      exporting.add(user.id);
      const now = new Date();
      const stream = streamAccountExport(
        {
          account: () => exports.account(user.id),
          projects: () => exports.projects(user.id),
          project: (id) => exports.project(user.id, id),
          chat: (id) => exports.chat(id),
          files: (id) => exports.files(id),
          history: async function* (id) {
            if (await exports.owns(user.id, id)) yield* app.versionService.history(id);
          },
          memberProjects: () => exports.memberProjects(user.id),
          memberMessages: (id) => exports.memberMessages(user.id, id),
        },
        {
          maxBytes: exportMaxBytes,
          now,
          onError: (err) => request.log.error({ err }, 'data export failed mid-way'),
        },
      );
      stream.once('close', () => exporting.delete(user.id));
      const day = now.toISOString().slice(0, 10);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="codewright-export-${day}.zip"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  app.delete(
    '/me',
    {
      ...authenticated,
      // A bodiless DELETE reaches the validator as null: the service then asks for the password.
      schema: { body: z.preprocess((v) => v ?? {}, DeleteAccountBodySchema) },
      config: { answers: NO_CONTENT },
    },
    async (request, reply) => {
      await deletion.deleteAccount(principalOf(request).user.id, request.body);
      return reply.code(204).send();
    },
  );
};

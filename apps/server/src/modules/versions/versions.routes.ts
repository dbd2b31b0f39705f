import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  PlanNameSchema,
  VersionCommitBodySchema,
  VersionDiffQuerySchema,
  VersionDiffSchema,
  VersionLabelBodySchema,
  VersionListQuerySchema,
  VersionSchema,
  VersionSummarySchema,
  VersionListSchema,
} from '@codewright/contract';
import { AppError } from '../../lib/app-error.ts';
import { principalOf } from '../auth/principal.ts';
import type { VersionCaller } from './versions.service.ts';

/** A commit carries up to 1 MiB of code plus JSON escaping, like a db REST write. */
export const VERSIONS_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

const ProjectParams = z.object({ project: z.string(), projectId: z.string() });
const VersionParams = ProjectParams.extend({ versionId: z.string() });

/** The plan of the project's workspace (its owner's, DESIGN §3.15), set by the preHandler below. */
const workspacePlans = new WeakMap<FastifyRequest, string>();

function callerOf(request: FastifyRequest): VersionCaller {
  const principal = principalOf(request);
  const plan = PlanNameSchema.safeParse(workspacePlans.get(request) ?? principal.plan?.plan);
  return { id: principal.user.id, plan: plan.success ? plan.data : 'free' };
}

/**
 * /api/versions/{project}/{projectId}…: the history of a saved project (DESIGN §2c;
 * docs/api.md § Versions). Every route needs a plan with version control (403
 * FEATURE_NOT_IN_PLAN) and a project the caller can see (404 otherwise).
 */
export const versionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.versionService;
  const authenticated = { onRequest: [app.requireAppProject, app.authenticate] };
  // Version control is a plan feature of the project's workspace: a member on Free works with
  // the history of a Pro team's project (docs/decisions/026).
  app.addHook('preHandler', async (request) => {
    const { projectId } = (request.params ?? {}) as { projectId?: string };
    if (!projectId || !request.principal) return;
    const access = await app.workspaces.projectAccess(
      request.principal.user.id,
      projectId,
      'read',
      'version',
    );
    if (access) workspacePlans.set(request, access.plan);
  });

  // The shared 413 text names the 1 MB API limit; a commit may be larger.
  app.setErrorHandler((err) => {
    if ((err as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        413,
        `The request body is too large (the limit for a version is ${VERSIONS_BODY_LIMIT_BYTES / 1024 / 1024} MB).`,
      );
    }
    throw err;
  });

  app.get(
    '/:project/:projectId',
    {
      ...authenticated,
      // No response schema: the database writes the JSON.
      schema: { params: ProjectParams, querystring: VersionListQuerySchema },
      config: {
        answers: {
          200: {
            description: "The project's versions, newest first.",
            content: { 'application/json': VersionListSchema },
          },
        },
      },
    },
    async (request, reply) => {
      const json = await service.listJson(
        callerOf(request),
        request.params.projectId,
        request.query,
      );
      return reply.type('application/json; charset=utf-8').send(json);
    },
  );

  app.post(
    '/:project/:projectId',
    {
      ...authenticated,
      bodyLimit: VERSIONS_BODY_LIMIT_BYTES,
      schema: {
        params: ProjectParams,
        body: VersionCommitBodySchema,
        response: { 200: VersionSchema, 201: VersionSchema },
      },
    },
    async (request, reply) => {
      const { created, version } = await service.commit(
        callerOf(request),
        request.params.projectId,
        request.body,
      );
      return reply.code(created ? 201 : 200).send(version);
    },
  );

  app.get(
    '/:project/:projectId/diff',
    {
      ...authenticated,
      schema: {
        params: ProjectParams,
        querystring: VersionDiffQuerySchema,
        response: { 200: VersionDiffSchema },
      },
    },
    async (request) =>
      service.diff(
        callerOf(request),
        request.params.projectId,
        request.query.from,
        request.query.to,
      ),
  );

  app.get(
    '/:project/:projectId/:versionId',
    { ...authenticated, schema: { params: VersionParams, response: { 200: VersionSchema } } },
    async (request) =>
      service.read(callerOf(request), request.params.projectId, request.params.versionId),
  );

  app.post(
    '/:project/:projectId/:versionId/restore',
    { ...authenticated, schema: { params: VersionParams, response: { 201: VersionSchema } } },
    async (request, reply) => {
      const version = await service.restore(
        callerOf(request),
        request.params.projectId,
        request.params.versionId,
      );
      return reply.code(201).send(version);
    },
  );

  app.patch(
    '/:project/:projectId/:versionId',
    {
      ...authenticated,
      schema: {
        params: VersionParams,
        body: VersionLabelBodySchema,
        response: { 200: VersionSummarySchema },
      },
    },
    async (request) =>
      service.label(
        callerOf(request),
        request.params.projectId,
        request.params.versionId,
        request.body.label,
      ),
  );
};

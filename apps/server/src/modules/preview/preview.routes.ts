import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PREVIEW_BUILD_TIMEOUT_MS,
  PreviewBuildRequestSchema,
  PreviewBuildResultSchema,
} from '@codewright/contract';
import { AppError } from '../../lib/app-error.ts';
import { principalOf } from '../auth/principal.ts';
import { createPreviewBuildService } from './preview.service.ts';

const params = z.object({ project: z.string() });

/**
 * /api/preview/{project}: builds code for the live preview (docs/api.md § Preview,
 * docs/decisions/019). Signed-in callers only; the sandbox itself never calls the API.
 */
export const previewRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createPreviewBuildService({ timeoutMs: PREVIEW_BUILD_TIMEOUT_MS });

  app.post(
    '/:project/build',
    {
      preHandler: [app.requireAppProject, app.authenticate],
      // A project's other files may come with the code (PREVIEW_FILES_MAX_CHARS, JSON-escaped).
      bodyLimit: 8 * 1024 * 1024,
      schema: {
        params,
        querystring: z.object({ projectId: z.string().min(1).max(200).optional() }),
        body: PreviewBuildRequestSchema,
        response: { 200: PreviewBuildResultSchema },
      },
    },
    async (request) => {
      // Building a saved project's code: only members who may read it (404 otherwise).
      const { projectId } = request.query;
      if (
        projectId &&
        !(await app.workspaces.projectAccess(
          principalOf(request).user.id,
          projectId,
          'read',
          'project',
        ))
      )
        throw new AppError('NOT_FOUND', 404, `Project ${projectId} not found.`);
      return service.build(request.body);
    },
  );
};

import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SharedProjectSchema,
  ShareQuerySchema,
  ShareTokenResultSchema,
} from '@codewright/contract';
import { AppError } from '../../lib/app-error.ts';
import { principalOf } from '../auth/principal.ts';
import { shareRepository } from './share.repository.ts';

const ProjectParams = z.object({ project: z.string() });
const RegenerateParams = ProjectParams.extend({ projectId: z.string().min(1).max(200) });

/**
 * /api/share/{project} (DESIGN §2c, docs/decisions/027): a public project's read-only view by
 * its share token, no sign-in; private, unknown and regenerated tokens answer the same 404, read
 * from the database on every call so turning a project private takes effect at once.
 */
export const shareRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:project',
    {
      onRequest: [app.requireAppProject],
      schema: {
        params: ProjectParams,
        querystring: ShareQuerySchema,
        response: { 200: SharedProjectSchema },
      },
    },
    async (request, reply) => {
      const row = await shareRepository.publicProject(app.db, request.query.t);
      if (!row)
        throw new AppError('NOT_FOUND', 404, 'This shared project does not exist or is private.');
      // A shared page is never cached by a proxy: making it private must end it at once.
      reply.header('cache-control', 'no-store');
      return row;
    },
  );

  // A new token kills the old link; anyone who may share the project (owners, editors) may.
  app.post(
    '/:project/:projectId/regenerate',
    {
      onRequest: [app.requireAppProject, app.authenticate],
      schema: { params: RegenerateParams, response: { 200: ShareTokenResultSchema } },
    },
    async (request) => {
      const userId = principalOf(request).user.id;
      const { projectId } = request.params;
      const access = await app.workspaces.projectAccess(userId, projectId, 'share', 'project');
      if (!access) throw new AppError('NOT_FOUND', 404, `Project ${projectId} not found.`);
      const shareToken = await shareRepository.regenerateToken(app.db, projectId);
      if (!shareToken) throw new AppError('NOT_FOUND', 404, `Project ${projectId} not found.`);
      return { shareToken };
    },
  );
};

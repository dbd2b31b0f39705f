import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for routes with a `{project}` path segment: any id but APP_PROJECT_ID is a 404. */
    requireAppProject(request: FastifyRequest): Promise<void>;
  }
}

/** True when a `{project}` path segment names this app. */
export function isAppProject(project: unknown, appProjectId: string): boolean {
  return typeof project === 'string' && project === appProjectId;
}

async function projectPlugin(app: FastifyInstance, options: { appProjectId: string }) {
  app.decorate('requireAppProject', async (request: FastifyRequest) => {
    const params = request.params as { project?: unknown } | undefined;
    if (!isAppProject(params?.project, options.appProjectId)) throw new AppError('NOT_FOUND');
  });
}

export default fp(projectPlugin, { name: 'project' });

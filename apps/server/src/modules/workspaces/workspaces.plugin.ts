import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { PublicUrls } from '../auth/public-urls.ts';
import { createWorkspaceService, type WorkspaceService } from './workspaces.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Workspaces, members, invitations and project access by team role (docs/decisions/025).
     * Account deletion calls `workspaces.handOverOrCloseWorkspaces(tx, userId)` first.
     */
    workspaces: WorkspaceService;
  }
}

/** Decorates `app.workspaces`, one instance for every module. */
async function workspacesPlugin(app: FastifyInstance, options: { urls: PublicUrls }) {
  app.decorate(
    'workspaces',
    createWorkspaceService({ db: app.db, mailer: app.mailer, urls: options.urls }),
  );
}

export default fp(workspacesPlugin, {
  name: 'workspaces',
  dependencies: ['db', 'auth', 'notifications'],
});

import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createVersionService, type VersionService } from './versions.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Version control; the db module records code changes through it (docs/decisions/015). */
    versionService: VersionService;
  }
}

/** Decorates `app.versionService` for every module (the db routes run in a sibling scope). */
async function versionsPlugin(app: FastifyInstance) {
  app.decorate('versionService', createVersionService({ db: app.db }));
}

export default fp(versionsPlugin, { name: 'versions', dependencies: ['db'] });

import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { DB_ID_PREFIXES } from '@codewright/contract';
import { newRowId } from '../db/db-input.ts';
import { createFileWrites } from '../db/file-writes.ts';
import { coeditRepository } from './coedit.repository.ts';
import { createCoeditHub, type CoeditHub } from './coedit.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared documents of open files (docs/decisions/050); the realtime websocket carries them. */
    coedit: CoeditHub;
  }
}

/**
 * Decorates `app.coedit` for every module. A document's text is written to its file through the
 * one write path of project files (file-writes.ts: the lock, the plan's limits, one `save`
 * version), as the member who typed last.
 */
async function coeditPlugin(app: FastifyInstance) {
  const files = createFileWrites({ db: app.db, history: app.versionService });
  const hub = createCoeditHub({
    db: app.db,
    readFile: (projectId, path) => coeditRepository.readFile(app.db, projectId, path),
    async writeFile(userId, projectId, path, text) {
      await files.changeFiles(
        userId,
        projectId,
        { source: 'save', changes: [{ path, content: text }] },
        () => newRowId(DB_ID_PREFIXES.project_files),
      );
    },
    log: app.log,
  });
  app.decorate('coedit', hub);
  app.addHook('onClose', async () => hub.close());
}

export default fp(coeditPlugin, { name: 'coedit', dependencies: ['db', 'versions'] });

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
    coedit: CoeditHub & {
      /** Told the author once the hub wrote a file (the db module drops cached reads of it). */
      onFileWritten(listener: (userId: string) => void): () => void;
    };
  }
}

/**
 * Decorates `app.coedit` for every module. A document's text is written to its file through the
 * one write path of project files (file-writes.ts: the lock, the plan's limits, one version — a
 * `save`, or what a `doc-save` names), as the member who typed last or who asked. A commit or
 * restore of a version is merged into the open documents as soon as it is committed (the db
 * module tells of its own writes: db.routes.ts); this instance's writes tell no one.
 */
async function coeditPlugin(app: FastifyInstance) {
  const files = createFileWrites({ db: app.db, history: app.versionService });
  const written = new Set<(userId: string) => void>();
  const hub = createCoeditHub({
    db: app.db,
    readFile: (projectId, path) => coeditRepository.readFile(app.db, projectId, path),
    async writeFile(userId, projectId, path, text, how) {
      await files.changeFiles(
        userId,
        projectId,
        {
          source: how?.source ?? 'save',
          ...(how?.prompt !== undefined ? { prompt: how.prompt } : {}),
          changes: [{ path, content: text }],
        },
        () => newRowId(DB_ID_PREFIXES.project_files),
      );
      for (const listener of written)
        try {
          listener(userId);
        } catch (err) {
          app.log.error({ err, projectId }, 'coedit: a listener of a write failed');
        }
    },
    log: app.log,
  });
  app.decorate(
    'coedit',
    Object.assign(hub, {
      onFileWritten(listener: (userId: string) => void) {
        written.add(listener);
        return () => void written.delete(listener);
      },
    }),
  );
  // Not awaited: the commit's answer does not wait for the documents (fileChanged never fails).
  const stopListening = app.versionService.onProjectCodeChanged(
    (_ownerId, projectId) => void hub.fileChanged(projectId),
  );
  app.addHook('onClose', async () => {
    stopListening();
    await hub.close();
  });
}

export default fp(coeditPlugin, { name: 'coedit', dependencies: ['db', 'versions'] });

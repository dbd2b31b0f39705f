import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  type Database,
  type DatabaseHandle,
  type DatabaseKind,
  openDatabase,
} from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbKind: DatabaseKind;
    /** The pool behind `db`, for code that needs the driver itself (admin SQL). */
    dbPool: DatabaseHandle['pool'];
    /** Runs `select 1`; false when the database does not answer. */
    pingDatabase(): Promise<boolean>;
  }
}

export interface DbPluginOptions {
  databaseUrl?: string;
  /** DATA_DIR: the embedded PostgreSQL lives in its `db/` when there is no databaseUrl. */
  dataDir: string;
  /** Throwaway test clusters only (see OpenDatabaseOptions.durable). */
  durable?: boolean;
  /** An already opened database (tests share one per file); it is then not closed here. */
  handle?: DatabaseHandle;
}

/** Opens and migrates the database, decorates it onto the app, and closes it on app.close(). */
async function dbPlugin(app: FastifyInstance, options: DbPluginOptions) {
  const handle =
    options.handle ??
    (await openDatabase({
      ...options,
      log: (level, message) => app.log[level](message),
    }));
  if (handle.timings) app.log.debug({ timings: handle.timings }, 'database opened');
  app.decorate('db', handle.db);
  app.decorate('dbKind', handle.kind);
  app.decorate('dbPool', handle.pool);
  app.decorate('pingDatabase', async () => {
    try {
      await handle.db.execute(sql`select 1`);
      return true;
    } catch (err) {
      app.log.error({ err }, 'database ping failed');
      return false;
    }
  });
  // onClose runs after in-flight requests finished, so no query is cut off.
  if (!options.handle) app.addHook('onClose', async () => handle.close());
}

export default fp(dbPlugin, { name: 'db' });

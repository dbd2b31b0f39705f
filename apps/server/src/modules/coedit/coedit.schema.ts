import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema.ts';
import { projects } from '../db/db.schema.ts';

/**
 * The persisted updates of shared documents (issue 47, docs/decisions/050): every Yjs update a
 * member sends is kept before it is passed on, so a server restart loses nothing typed; once the
 * document is written to its file the rows of that file become one snapshot. `base`, the file's
 * text the document last agreed with, tells a file changed from outside while the document was
 * closed from typing not yet written. Base64 text (not bytea) reads the same through PGlite and
 * node-postgres.
 */
export const projectDocUpdates = pgTable(
  'project_doc_updates',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    update: text('update').notNull(),
    // Who typed it (null for the server's own rows): the author of the file's next write.
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    // On a row that starts a document or follows a write: the file's text it agreed with.
    base: text('base'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('project_doc_updates_project_path_idx').on(t.projectId, t.path, t.id)],
);

import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../../db/schema.ts';
import { projects } from '../db/db.schema.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * The versions of saved projects (DESIGN §2c, docs/decisions/015). A version's code is
 * stored compressed, either whole (`kind` full) or as the line changes from the version
 * before it (`kind` delta); reading one starts at the nearest full version at or below it.
 * `(project_id, number)` is unique: numbers are given out under the project row's lock.
 * Deleting a project deletes its versions.
 */
export const projectVersions = pgTable(
  'project_versions',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Null once the author's account is deleted; the version stays with the project.
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    source: text('source').notNull(),
    prompt: text('prompt'),
    label: text('label'),
    // The chat message a version was made from when the chat of unsaved work was saved.
    messageId: text('message_id'),
    kind: text('kind').notNull(),
    body: bytea('body').notNull(),
    // sha256 of the code: tells an unchanged save without rebuilding it, and checks a rebuild.
    codeSha256: bytea('code_sha256').notNull(),
    // The main file's path in the version's tree; null for a version made before trees (issue 45),
    // whose tree is the main file alone.
    mainPath: text('main_path'),
  },
  (t) => [
    uniqueIndex('project_versions_project_number_key').on(t.projectId, t.number),
    check(
      'project_versions_source_check',
      sql`${t.source} in ('generation', 'edit', 'fix', 'save', 'upload', 'restore')`,
    ),
    check('project_versions_kind_check', sql`${t.kind} in ('full', 'delta')`),
  ],
);

/**
 * The trees of versions (issue 45, docs/decisions/047): version `number` of a project holds, for
 * each path, the newest row at or below `number`; a null hash means the file was removed there.
 * A version writes rows only for the paths that changed, so an edit of one file in a 200-file
 * project adds one row.
 */
export const projectVersionFiles = pgTable(
  'project_version_files',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    number: integer('number').notNull(),
    sha256: bytea('sha256'),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.path, t.number] })],
);

/** File contents of a project's versions, each kept once by its sha256 (UTF-8). */
export const projectBlobs = pgTable(
  'project_blobs',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    sha256: bytea('sha256').notNull(),
    content: text('content').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.sha256] })],
);

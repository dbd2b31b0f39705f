import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../../db/schema.ts';
import { workspaces } from '../workspaces/workspaces.schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow();

/** Saved projects (SPEC §3). Listed per user, newest first: hence the (user_id, updated_at) index. */
export const projects = pgTable(
  'projects',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    language: text('language').notNull(),
    code: text('code').notNull().default(''),
    description: text('description'),
    createdAt: at('created_at'),
    updatedAt: at('updated_at'),
    // Teams and sharing (DESIGN §2c, docs/decisions/025, 027); user_id stays the creator.
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    visibility: text('visibility').notNull().default('private'),
    // 244 random bits from PostgreSQL's strong generator; regenerated with `set share_token = default`.
    shareToken: text('share_token')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('projects_user_updated_idx').on(t.userId, t.updatedAt),
    index('projects_workspace_updated_idx').on(t.workspaceId, t.updatedAt),
    uniqueIndex('projects_share_token_key').on(t.shareToken),
    check('projects_visibility_check', sql`${t.visibility} in ('public', 'private')`),
  ],
);

/** Stored chat messages; deleting a project deletes its messages. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    content: text('content').notNull(),
    codeSnapshot: text('code_snapshot'),
    createdAt: at('created_at'),
    /** The context a user message was sent with: [{ kind, title, source }] (decision 033). */
    context: jsonb('context'),
  },
  (t) => [
    index('chat_messages_project_created_idx').on(t.projectId, t.createdAt),
    index('chat_messages_user_idx').on(t.userId),
    check('chat_messages_role_check', sql`${t.role} in ('user', 'assistant')`),
  ],
);

/**
 * A project's files (issue 45): POSIX relative paths, unique per project; exactly one is the
 * main file, whose content is `projects.code` (kept equal both ways by triggers, migration 0010).
 * `user_id` is who created the file; it outlives them (set null).
 */
export const projectFiles = pgTable(
  'project_files',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    path: text('path').notNull(),
    content: text('content').notNull().default(''),
    isMain: boolean('is_main').notNull().default(false),
    createdAt: at('created_at'),
    updatedAt: at('updated_at'),
  },
  (t) => [
    uniqueIndex('project_files_project_path_key').on(t.projectId, t.path),
    uniqueIndex('project_files_one_main_key')
      .on(t.projectId)
      .where(sql`${t.isMain}`),
  ],
);

/** CTA clicks; anonymous visitors have no user (SPEC §3). */
export const ctaInteractions = pgTable(
  'cta_interactions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    ctaName: text('cta_name').notNull(),
    page: text('page').notNull(),
    timestamp: at('timestamp'),
  },
  (t) => [index('cta_interactions_timestamp_idx').on(t.timestamp)],
);

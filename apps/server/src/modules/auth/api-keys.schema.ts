import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema.ts';
import { workspaces } from '../workspaces/workspaces.schema.ts';

const time = (name: string) => timestamp(name, { withTimezone: true });

/**
 * API keys (issue 49): a Bearer credential of one user, for one workspace, with a scope and an
 * expiry. Only the key's sha256 is stored, with its first characters to tell keys apart.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope').notNull(),
    tokenHash: text('token_hash').notNull(),
    start: text('start').notNull(),
    createdAt: time('created_at').notNull().defaultNow(),
    expiresAt: time('expires_at').notNull(),
    lastUsedAt: time('last_used_at'),
    revokedAt: time('revoked_at'),
  },
  (t) => [
    uniqueIndex('api_keys_token_hash_key').on(t.tokenHash),
    index('api_keys_workspace_idx').on(t.workspaceId),
    check('api_keys_scope_check', sql`${t.scope} in ('read', 'write')`),
  ],
);

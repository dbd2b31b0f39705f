import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../../db/schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow();

/**
 * Workspaces (docs/decisions/025). Every user has one personal workspace, made by a trigger
 * on `users` (drizzle/0005_workspaces.sql) whatever path created the account; its plan is its
 * owner's (DESIGN §3.15). `personal` turns false when a deleted owner's team is handed over.
 */
export const workspaces = pgTable(
  'workspaces',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    personal: boolean('personal').notNull().default(false),
    createdAt: at('created_at'),
  },
  (t) => [
    uniqueIndex('workspaces_personal_owner_key')
      .on(t.ownerId)
      .where(sql`${t.personal}`),
    index('workspaces_owner_idx').on(t.ownerId),
  ],
);

/** Who belongs to a workspace, with their team role (packages/contract/src/permissions.ts). */
export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: at('created_at'),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    index('workspace_members_user_idx').on(t.userId),
    check('workspace_members_role_check', sql`${t.role} in ('owner', 'editor', 'viewer')`),
  ],
);

/** Emailed invitations: single use, expiring; the token is stored as its sha256 only. */
export const workspaceInvitations = pgTable(
  'workspace_invitations',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('workspace_invitations_token_key').on(t.tokenHash),
    index('workspace_invitations_workspace_idx').on(t.workspaceId),
    check('workspace_invitations_role_check', sql`${t.role} in ('editor', 'viewer')`),
  ],
);

export type WorkspaceRow = typeof workspaces.$inferSelect;
export type WorkspaceInvitationRow = typeof workspaceInvitations.$inferSelect;

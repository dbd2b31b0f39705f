import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema.ts';

/**
 * Realtime messages (docs/api.md § Realtime): the last REALTIME_HISTORY_PER_CHANNEL of each
 * channel, kept so that a client that reconnects reads what it missed since the last id it saw.
 * A channel is `project:<id>` or `workspace:<id>`; who may read or write it is asked of the
 * workspaces module on every call, so a removed member loses it at once.
 */
export const realtimeMessages = pgTable(
  'realtime_messages',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    channel: text('channel').notNull(),
    event: text('event').notNull(),
    payload: jsonb('payload').notNull(),
    // Null once the sender's account is deleted; the message stays with the channel.
    senderId: text('sender_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('realtime_messages_channel_id_idx').on(t.channel, sql`${t.id} desc`)],
);

import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users, type UserRow } from '../../db/schema.ts';

/** A transaction of the database (what `db.transaction` hands its callback). */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** SQL of account deletion (docs/decisions/029). */
export function createAccountDeletionRepository(db: Database) {
  return {
    /** The user's row as stored now (the cached principal may be a moment old). */
    async findUser(userId: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      return row;
    },

    /** Runs `work` in one transaction. */
    transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /**
     * Removes every row that names the user, inside `tx`. Rows that reference `users.id` go by
     * the foreign keys' ON DELETE CASCADE (sessions, refresh tokens, plan, projects with their
     * chat and versions, mailed tokens) or SET NULL (versions they wrote in others' projects);
     * the rest name the user by id or address without a foreign key and are deleted here.
     * Answers false when the user was already gone.
     */
    async deleteUserRows(tx: Transaction, user: { id: string; email: string }): Promise<boolean> {
      await tx.execute(
        sql`delete from analytics_events where user_id = ${user.id} or lower(user_email) = lower(${user.email})`,
      );
      await tx.execute(sql`delete from cta_interactions where user_id = ${user.id}`);
      await tx.execute(sql`delete from mail_log where lower(recipient) = lower(${user.email})`);
      await tx.execute(sql`delete from auth_attempts where lower(email) = lower(${user.email})`);
      // Invitations to the user's address from other teams name them too (the teams rule
      // handles those the user sent and the workspaces they own).
      await tx.execute(
        sql`delete from workspace_invitations where lower(email) = lower(${user.email})`,
      );
      // Realtime messages they sent, and the server's news of their project changes.
      await tx.execute(
        sql`delete from realtime_messages where sender_id = ${user.id} or payload->>'updatedBy' = ${user.id}`,
      );
      const deleted = await tx
        .delete(users)
        .where(eq(users.id, user.id))
        .returning({ id: users.id });
      return deleted.length > 0;
    },
  };
}

export type AccountDeletionRepository = ReturnType<typeof createAccountDeletionRepository>;

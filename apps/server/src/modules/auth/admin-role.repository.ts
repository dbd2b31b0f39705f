import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users, type UserRow } from '../../db/schema.ts';

/** A user as the admin command reports them. */
export type AdminCandidate = Pick<UserRow, 'id' | 'email' | 'role' | 'emailVerifiedAt'>;

const candidate = {
  id: users.id,
  email: users.email,
  role: users.role,
  emailVerifiedAt: users.emailVerifiedAt,
};

/** SQL of `npm run admin`: the stored role of users (`users.role`). */
export function createAdminRoleRepository(db: Database) {
  return {
    /** The user with this email, compared case-insensitively. */
    async findByEmail(email: string): Promise<AdminCandidate | undefined> {
      const [row] = await db
        .select(candidate)
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      return row;
    },

    /** Stores a user's role. */
    async setRole(userId: string, role: string, now: Date): Promise<void> {
      await db.update(users).set({ role, updatedAt: now }).where(eq(users.id, userId));
    },

    /** Users whose stored role is `role`, by email. */
    async withRole(role: string): Promise<AdminCandidate[]> {
      return db.select(candidate).from(users).where(eq(users.role, role)).orderBy(users.email);
    },

    /** Users whose lower-cased email is one of `emails` (already lower-cased). */
    async withEmails(emails: readonly string[]): Promise<AdminCandidate[]> {
      if (emails.length === 0) return [];
      return db
        .select(candidate)
        .from(users)
        .where(inArray(sql`lower(${users.email})`, [...emails]));
    },
  };
}

export type AdminRoleRepository = ReturnType<typeof createAdminRoleRepository>;

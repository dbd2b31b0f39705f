import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { ApiKey, ApiKeyScope, PlanName } from '@codewright/contract';
import type { Database } from '../../db/client.ts';
import { userPlans, users } from '../../db/schema.ts';
import { planOf } from '../workspaces/access.ts';
import { apiKeys } from './api-keys.schema.ts';
import type { Principal } from './auth.repository.ts';

/** What an API key carries into its principal, checked on every request it makes. */
export interface ApiKeyGrant {
  id: string;
  scope: ApiKeyScope;
  workspaceId: string;
  /** The workspace's plan (its owner's), when the key was loaded. */
  workspacePlan: PlanName;
  expiresAtMs: number;
  revoked: boolean;
}

const toApiKey = (row: typeof apiKeys.$inferSelect): ApiKey => ({
  id: row.id,
  name: row.name,
  scope: row.scope as ApiKeyScope,
  workspaceId: row.workspaceId,
  start: row.start,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** SQL of API keys (issue 49): stored as their sha256, found by it in one query. */
export function createApiKeysRepository(db: Database) {
  return {
    /** The principal of a key's hash: user, plan row, and the key with its workspace's plan. */
    async findPrincipal(tokenHash: string): Promise<Principal | undefined> {
      const [row] = await db
        .select({
          user: users,
          plan: userPlans,
          key: apiKeys,
          workspacePlan: sql<string | null>`(select up.plan from workspaces w
            left join user_plans up on up.user_id = w.owner_id where w.id = ${apiKeys.workspaceId})`,
        })
        .from(apiKeys)
        .innerJoin(users, eq(users.id, apiKeys.userId))
        .leftJoin(userPlans, eq(userPlans.userId, users.id))
        .where(eq(apiKeys.tokenHash, tokenHash))
        .limit(1);
      if (!row) return undefined;
      return {
        user: row.user,
        plan: row.plan,
        sessionId: `apikey:${row.key.id}`,
        revoked: false,
        apiKey: {
          id: row.key.id,
          scope: row.key.scope as ApiKeyScope,
          workspaceId: row.key.workspaceId,
          workspacePlan: planOf(row.workspacePlan),
          expiresAtMs: row.key.expiresAt.getTime(),
          revoked: row.key.revokedAt !== null,
        },
      };
    },

    /** Notes a request made with the key (the caller throttles this to once a minute). */
    async touch(id: string): Promise<void> {
      await db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, id));
    },

    async insert(row: typeof apiKeys.$inferInsert): Promise<ApiKey> {
      const [created] = await db.insert(apiKeys).values(row).returning();
      return toApiKey(created!);
    },

    /** A workspace's keys that still work (not revoked, not expired), newest first. */
    async listLive(workspaceId: string): Promise<ApiKey[]> {
      const rows = await db
        .select()
        .from(apiKeys)
        .where(
          and(
            eq(apiKeys.workspaceId, workspaceId),
            isNull(apiKeys.revokedAt),
            gt(apiKeys.expiresAt, sql`now()`),
          ),
        )
        .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
      return rows.map(toApiKey);
    },

    /** The key's workspace, when it is a live key; null otherwise. */
    async workspaceOf(id: string): Promise<string | null> {
      const [row] = await db
        .select({ workspaceId: apiKeys.workspaceId })
        .from(apiKeys)
        .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
        .limit(1);
      return row?.workspaceId ?? null;
    },

    /** Revokes the key; false when it was not live. */
    async revoke(id: string): Promise<boolean> {
      const rows = await db
        .update(apiKeys)
        .set({ revokedAt: new Date() })
        .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id });
      return rows.length > 0;
    },
  };
}

export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;

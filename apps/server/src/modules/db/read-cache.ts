/**
 * Answers of recent reads (GET on the db REST API) per user and table, as the
 * JSON text sent. Every write through this process to a user's table drops
 * that user's entries for it first, and a read only stores its answer when no
 * write happened while it ran (a generation counter), so within one process a
 * cached answer is never older than the last write. Writes made by another
 * server instance on the same PostgreSQL are seen at most `ttlMs` late; see
 * docs/decisions/004-postgrest-subset.md. `ttlMs` 0 turns it off.
 */
export class ReadCache {
  private readonly scopes = new Map<string, Map<string, { json: string; expiresAt: number }>>();
  private readonly generations = new Map<string, number>();
  private epoch = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxScopes = 10_000,
    private readonly maxQueriesPerScope = 32,
  ) {}

  private static scope(userId: string, table: string) {
    return `${userId}\n${table}`;
  }

  /** A token to hand back to `set`: it is stale once a write to the scope happened. */
  stamp(userId: string, table: string): string {
    return `${this.epoch}:${this.generations.get(ReadCache.scope(userId, table)) ?? 0}`;
  }

  get(userId: string, table: string, query: string, now = Date.now()): string | undefined {
    if (this.ttlMs <= 0) return undefined;
    const entry = this.scopes.get(ReadCache.scope(userId, table))?.get(query);
    if (!entry || entry.expiresAt <= now) return undefined;
    return entry.json;
  }

  set(userId: string, table: string, query: string, json: string, stamp: string, now = Date.now()) {
    if (this.ttlMs <= 0 || stamp !== this.stamp(userId, table)) return;
    const key = ReadCache.scope(userId, table);
    let scope = this.scopes.get(key);
    if (!scope) {
      if (this.scopes.size >= this.maxScopes) {
        const oldest = this.scopes.keys().next();
        if (!oldest.done) this.scopes.delete(oldest.value);
      }
      scope = new Map();
      this.scopes.set(key, scope);
    }
    if (scope.size >= this.maxQueriesPerScope) scope.clear();
    scope.set(query, { json, expiresAt: now + this.ttlMs });
  }

  /** Call after (and around) any write to a user's rows in a table. */
  forget(userId: string, table: string): void {
    const key = ReadCache.scope(userId, table);
    this.scopes.delete(key);
    this.generations.set(key, (this.generations.get(key) ?? 0) + 1);
    if (this.generations.size > this.maxScopes * 4) {
      // A new epoch makes every outstanding stamp stale, so the counters can start over.
      this.generations.clear();
      this.epoch++;
    }
  }

  /** Drops everything (admin SQL may change any row). */
  forgetAll(): void {
    this.scopes.clear();
    this.generations.clear();
    this.epoch++;
  }
}

/**
 * A small in-process cache with a time-to-live and a size cap. When full, the
 * oldest entry goes first (Map keeps insertion order), which is enough for
 * the hot-key workloads it serves.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  /** The live value for a key, or undefined. */
  get(key: K, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Stores a value until `now + ttl` (or an earlier `expiresAt`). */
  set(key: K, value: V, now = Date.now(), expiresAt = now + this.ttlMs): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expiresAt: Math.min(expiresAt, now + this.ttlMs) });
  }

  /** Forgets one key. */
  delete(key: K): void {
    this.entries.delete(key);
  }

  /** Forgets every entry whose value matches. */
  deleteWhere(match: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (match(entry.value)) this.entries.delete(key);
  }

  /** Replaces the value of every live entry that matches, keeping its expiry. */
  updateWhere(update: (value: V) => V | undefined, now = Date.now()): void {
    for (const entry of this.entries.values()) {
      if (entry.expiresAt <= now) continue;
      const next = update(entry.value);
      if (next !== undefined) entry.value = next;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

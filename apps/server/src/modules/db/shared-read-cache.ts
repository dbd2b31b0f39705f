/**
 * The db read cache, coherent across instances on one database (issue 50): each forget (a write
 * to a user's rows, admin SQL) is also NOTIFYed on `codewright_reads`, batched per tick, and
 * every other instance forgets the same when the notice arrives, so a project saved on one is
 * read fresh on the others milliseconds after its commit instead of up to DB_READ_CACHE_MS later.
 */
import { randomUUID } from 'node:crypto';
import { ReadCache } from './read-cache.ts';

/** The NOTIFY channel of read-cache forgets. */
export const READS_CHANNEL = 'codewright_reads';
/** NOTIFY payloads must stay under 8000 bytes; a larger batch is sent as "forget everything". */
const PAYLOAD_MAX = 7500;

type Notice = { origin: string; forget?: [string, string][]; all?: true };

export class SharedReadCache extends ReadCache {
  private readonly origin = randomUUID();
  private queued: [string, string][] = [];
  private queuedAll = false;
  private flushing = false;

  constructor(
    ttlMs: number,
    /** Sends a notice to the other instances (fire and forget). */
    private readonly tell: (payload: string) => void,
  ) {
    super(ttlMs);
  }

  override forget(userId: string, table: string): void {
    super.forget(userId, table);
    this.queued.push([userId, table]);
    this.flushSoon();
  }

  override forgetAll(): void {
    super.forgetAll();
    this.queuedAll = true;
    this.flushSoon();
  }

  /** Drops everything here, telling no one (listening again after a lost connection). */
  forgetAllHere(): void {
    super.forgetAll();
  }

  /** A notice another instance sent: forgotten here too (and not told on). */
  heard(payload: string): void {
    const notice = JSON.parse(payload) as Notice;
    if (notice.origin === this.origin) return;
    if (notice.all) return super.forgetAll();
    for (const [userId, table] of notice.forget ?? []) super.forget(userId, table);
  }

  private flushSoon() {
    if (this.flushing) return;
    this.flushing = true;
    queueMicrotask(() => {
      this.flushing = false;
      const forget = [...new Map(this.queued.map((f) => [f.join('\n'), f])).values()];
      const all = this.queuedAll;
      this.queued = [];
      this.queuedAll = false;
      let payload = JSON.stringify({ origin: this.origin, ...(all ? { all } : { forget }) });
      if (payload.length > PAYLOAD_MAX)
        payload = JSON.stringify({ origin: this.origin, all: true });
      this.tell(payload);
    });
  }
}

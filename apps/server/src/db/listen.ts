import pg from 'pg';

/**
 * Listens on a PostgreSQL NOTIFY channel with a connection of its own (LISTEN holds one) and
 * passes on each payload. A lost connection is opened again with a growing delay (up to 30 s);
 * what was said meanwhile is not replayed, so callers catch up in `onListening`.
 */
export function listenOn(options: {
  connection: pg.ClientConfig;
  channel: string;
  onPayload: (payload: string) => void;
  onError: (error: unknown) => void;
  /** Listening (again). */
  onListening?: () => void;
}): { close(): Promise<void> } {
  let client: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | null = null;

  const connect = async () => {
    const next = new pg.Client(options.connection);
    next.on('notification', (note) => {
      if (note.channel !== options.channel) return;
      try {
        options.onPayload(note.payload ?? '');
      } catch (error) {
        options.onError(error);
      }
    });
    next.on('error', (error) => {
      options.onError(error);
      reconnect(next);
    });
    next.on('end', () => reconnect(next));
    client = next;
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(options.channel)}`);
      attempt = 0;
      options.onListening?.();
    } catch (error) {
      options.onError(error);
      reconnect(next);
    }
  };

  const reconnect = (failed: pg.Client) => {
    if (closed || client !== failed) return;
    client = null;
    void failed.end().catch(() => undefined);
    const delay = Math.min(30_000, 500 * 2 ** attempt);
    attempt += 1;
    retry = setTimeout(() => void connect(), delay);
    retry.unref();
  };

  void connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const last = client;
      client = null;
      await last?.end().catch(() => undefined);
    },
  };
}

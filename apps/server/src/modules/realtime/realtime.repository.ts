import { sql } from 'drizzle-orm';
import type pg from 'pg';
import {
  REALTIME_HISTORY_PER_CHANNEL,
  type RealtimeMessage,
  type RealtimePresenceMember,
} from '@codewright/contract';
import { listenOn } from '../../db/listen.ts';
import { type Executor, rowsOf } from '../../db/query.ts';

/** The PostgreSQL NOTIFY channel every instance of one database listens on. */
export const FANOUT_CHANNEL = 'codewright_realtime';
/** NOTIFY takes payloads under 8000 bytes; a larger envelope names the message by id instead. */
const NOTIFY_MAX_BYTES = 7900;

/**
 * What one instance tells the others: the whole message, or its id when it is too large, or
 * that a user's memberships changed (their channels are checked again). The database's own
 * news of project changes (migration 0009) comes with origin 'database' and reaches every
 * instance, this one included.
 */
export type FanoutEnvelope =
  | { origin: string; message: RealtimeMessage }
  | { origin: string; id: string }
  | { origin: string; member: string }
  | { origin: string; presence: { channel: string; members: RealtimePresenceMember[] } }
  | { origin: string; ask: true };

/**
 * An instance's presence on a channel as one NOTIFY: without the members' metadata when it would
 * not fit, and then only as many members as fit.
 */
export function presenceEnvelope(
  origin: string,
  channel: string,
  members: RealtimePresenceMember[],
): string {
  const write = (list: RealtimePresenceMember[]) =>
    JSON.stringify({ origin, presence: { channel, members: list } });
  let text = write(members);
  if (Buffer.byteLength(text) <= NOTIFY_MAX_BYTES) return text;
  const bare = members.map((m) => ({ ...m, meta: {} }));
  text = write(bare);
  // Cut in proportion first (one pass over a long list), then a member at a time.
  let count = Math.min(
    bare.length,
    Math.floor((bare.length * NOTIFY_MAX_BYTES) / Buffer.byteLength(text)),
  );
  text = write(bare.slice(0, count));
  while (Buffer.byteLength(text) > NOTIFY_MAX_BYTES && count > 0)
    text = write(bare.slice(0, --count));
  return text;
}

const MESSAGE_COLUMNS = sql`id::text as id, channel, event, payload, sender_id as "senderId",
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"`;

/** The kept messages of each channel (realtime.schema.ts). */
export const realtimeRepository = {
  /**
   * Keeps a message and drops what falls out of the channel's history, in one statement (two
   * publishes at the same moment may leave one more, dropped by the next).
   */
  async insert(
    db: Executor,
    message: { channel: string; event: string; payload: unknown; senderId: string },
    origin: string,
  ): Promise<RealtimeMessage> {
    // The NOTIFY goes out with the insert's commit, to every instance on this database (this
    // one skips its own origin): the whole message, or its id when that would not fit.
    const [row] = rowsOf<RealtimeMessage>(
      await db.execute(
        sql`with added as (
            insert into realtime_messages (channel, event, payload, sender_id)
            values (${message.channel}, ${message.event}, ${JSON.stringify(message.payload)}::jsonb,
              ${message.senderId})
            returning *
          ),
          pruned as (
            delete from realtime_messages where channel = ${message.channel} and id in (
              select id from realtime_messages where channel = ${message.channel}
              order by id desc offset ${REALTIME_HISTORY_PER_CHANNEL - 1}
            )
          ),
          kept as (select ${MESSAGE_COLUMNS} from added),
          envelope as (
            select json_build_object('origin', ${origin}::text, 'message', row_to_json(kept))::text as whole,
              json_build_object('origin', ${origin}::text, 'id', kept.id)::text as by_id
            from kept
          ),
          told as (
            select pg_notify(${FANOUT_CHANNEL},
              case when octet_length(whole) <= ${NOTIFY_MAX_BYTES} then whole else by_id end)
            from envelope
          )
          select kept.* from kept, told`,
      ),
    );
    return row!;
  },

  /** Sends one envelope (JSON under NOTIFY's limit) to every instance on this database. */
  async notify(db: Executor, envelope: string): Promise<void> {
    await db.execute(sql`select pg_notify(${FANOUT_CHANNEL}, ${envelope})`);
  },

  /** One kept message by id (a NOTIFY too large to carry it names it); null once dropped. */
  async byId(db: Executor, id: string): Promise<RealtimeMessage | null> {
    const [row] = rowsOf<RealtimeMessage>(
      await db.execute(
        sql`select ${MESSAGE_COLUMNS} from realtime_messages where id = ${id}::bigint`,
      ),
    );
    return row ?? null;
  },

  /** The id of the newest message `channel` keeps; null when it keeps none. */
  async lastId(db: Executor, channel: string): Promise<string | null> {
    const [row] = rowsOf<{ id: string | null }>(
      await db.execute(
        sql`select max(id)::text as id from realtime_messages where channel = ${channel}`,
      ),
    );
    return row?.id ?? null;
  },

  /** The kept messages of `channel` after `since` (all when null), oldest first. */
  async since(
    db: Executor,
    channel: string,
    since: string | null,
    limit: number,
  ): Promise<RealtimeMessage[]> {
    return rowsOf<RealtimeMessage>(
      await db.execute(
        sql`select ${MESSAGE_COLUMNS} from realtime_messages
          where channel = ${channel} and id > ${since ?? '0'}::bigint
          order by realtime_messages.id asc limit ${limit}`,
      ),
    );
  },
};

/**
 * Listens on FANOUT_CHANNEL (db/listen.ts) and passes on each envelope another instance sent.
 * Messages sent while the connection was lost are not replayed here (clients read them back
 * since an id).
 */
export function listenForFanout(options: {
  connection: pg.ClientConfig;
  origin: string;
  onEnvelope: (envelope: FanoutEnvelope) => void;
  onError: (error: unknown) => void;
  /** Listening (again): what others said while this instance was not may be asked for. */
  onListening?: () => void;
}): { close(): Promise<void> } {
  return listenOn({
    connection: options.connection,
    channel: FANOUT_CHANNEL,
    onError: options.onError,
    onListening: options.onListening,
    onPayload: (payload) => {
      if (!payload) return;
      const envelope = JSON.parse(payload) as FanoutEnvelope;
      if (envelope.origin !== options.origin) options.onEnvelope(envelope);
    },
  });
}

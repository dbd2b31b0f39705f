import { sql } from 'drizzle-orm';
import { REALTIME_HISTORY_PER_CHANNEL, type RealtimeMessage } from '@codewright/contract';
import { type Executor, rowsOf } from '../../db/query.ts';

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
  ): Promise<RealtimeMessage> {
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
          )
          select ${MESSAGE_COLUMNS} from added`,
      ),
    );
    return row!;
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

/**
 * Realtime (SPEC §4.5, §7.3; DESIGN §2c "realtime"): the wire shapes of
 * `/api/realtime/{project}/…` (docs/api.md § Realtime). A channel belongs to a project or a
 * workspace and is open to those who may read it; publishing needs the right to write there.
 */
import { z } from 'zod';

/** The two kinds of channel: `project:<project id>` and `workspace:<workspace id>`. */
export const REALTIME_CHANNEL_KINDS = ['project', 'workspace'] as const;
export type RealtimeChannelKind = (typeof REALTIME_CHANNEL_KINDS)[number];

/**
 * Largest payload, as UTF-8 JSON: with its envelope a message still fits in one PostgreSQL
 * NOTIFY (8000 bytes), which fans it out to every instance.
 */
export const REALTIME_PAYLOAD_MAX_BYTES = 6 * 1024;
/** Messages kept per channel, newest first; older ones are dropped as new ones arrive. */
export const REALTIME_HISTORY_PER_CHANNEL = 100;
/** Most messages one `GET …/messages` answers (and its default). */
export const REALTIME_MESSAGES_PAGE_MAX = 100;

const CHANNEL_PATTERN = /^(project|workspace):[A-Za-z0-9_-]{1,100}$/;
const EVENT_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;

export const RealtimeChannelSchema = z
  .string({ error: 'channel is required' })
  .regex(CHANNEL_PATTERN, 'channel must be "project:<project id>" or "workspace:<workspace id>"');

/** A channel name split into its kind and the id it belongs to. */
export function parseRealtimeChannel(channel: string): { kind: RealtimeChannelKind; id: string } {
  const [kind, id] = channel.split(':', 2) as [RealtimeChannelKind, string];
  return { kind, id };
}

/** `POST …/publish`: an event name and a JSON object, sent to everyone on the channel. */
export const RealtimePublishBodySchema = z.strictObject({
  channel: RealtimeChannelSchema,
  event: z
    .string({ error: 'event is required' })
    .regex(EVENT_PATTERN, 'event must be 1–64 letters, digits, "_", ".", ":" or "-"'),
  payload: z.record(z.string(), z.unknown(), { error: 'payload must be a JSON object' }),
});
export type RealtimePublishBody = z.infer<typeof RealtimePublishBodySchema>;

/** A message as kept and sent; `id` grows with each message of the instance's database. */
export const RealtimeMessageSchema = z.object({
  id: z.string(),
  channel: z.string(),
  event: z.string(),
  payload: z.record(z.string(), z.unknown()),
  senderId: z.string().nullable(),
  createdAt: z.string(),
});
export type RealtimeMessage = z.infer<typeof RealtimeMessageSchema>;

/** `GET …/messages?channel=&since=&limit=`: the kept messages after `since`, oldest first. */
export const RealtimeMessagesQuerySchema = z.strictObject({
  channel: RealtimeChannelSchema,
  since: z
    .string()
    .regex(/^\d{1,18}$/, 'since must be the id of a message (digits)')
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(REALTIME_MESSAGES_PAGE_MAX, `limit must be at most ${REALTIME_MESSAGES_PAGE_MAX}`)
    .optional(),
});
export type RealtimeMessagesQuery = z.infer<typeof RealtimeMessagesQuerySchema>;

export const RealtimeMessageListSchema = z.object({ messages: z.array(RealtimeMessageSchema) });
export type RealtimeMessageList = z.infer<typeof RealtimeMessageListSchema>;

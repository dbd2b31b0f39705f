/**
 * Realtime (SPEC §4.5, §7.3; DESIGN §2c "realtime"): the wire shapes of
 * `/api/realtime/{project}/…` (docs/api.md § Realtime). A channel belongs to a project or a
 * workspace and is open to those who may read it; publishing needs the right to write there.
 */
import { z } from 'zod';
import { COEDIT_PROMPT_MAX_CHARS } from './coedit.ts';

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

// The websocket, `GET /api/realtime/{project}/ws` (docs/api.md § Realtime): JSON text frames.

// SPEC §9's time-outs and heartbeat are REALTIME_TIMEOUT_MS and REALTIME_HEARTBEAT_MS (constants.ts).
/** Largest frame either way, as UTF-8 (a publish frame carries a payload of at most 6 KB). */
export const REALTIME_FRAME_MAX_BYTES = 16 * 1024;
/**
 * Largest `doc` frame (docs/decisions/050): one document message of at most
 * COEDIT_MESSAGE_MAX_BYTES in base64, with its address.
 */
export const REALTIME_DOC_FRAME_MAX_BYTES = 96 * 1024;
/** Channels one connection may hold at once. */
export const REALTIME_MAX_SUBSCRIPTIONS = 50;
/** Frames a connection may send per 10 s; more are refused with RATE_LIMITED. */
export const REALTIME_FRAMES_PER_10S = 100;
/** Largest presence metadata object, as UTF-8 JSON. */
export const REALTIME_PRESENCE_META_MAX_BYTES = 1024;

/** Close codes the server uses (4000–4999 are the application's). */
export const REALTIME_CLOSE = {
  /** The server is shutting down (a restart, a deploy, a drain): reconnect, to it or another. */
  restarting: 1012,
  /** A shared document's message was refused (unreadable, too large, a viewer's change). */
  badDocument: 4400,
  unauthorized: 4401,
  heartbeatMissed: 4408,
  tooManyFrames: 4429,
} as const;

const ref = z.string().max(64).optional();
const meta = z.record(z.string(), z.unknown(), { error: 'meta must be a JSON object' });

/** A shared document (docs/decisions/050): a project's file. */
const docAddress = {
  projectId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'projectId must be a project id'),
  path: z.string().min(1, 'path is required').max(200, 'path may hold at most 200 characters'),
};

/** What a client sends. `ref` is echoed in the answer to that frame. */
export const RealtimeClientFrameSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('auth'), token: z.string().min(1).max(4096), ref }),
    z.strictObject({ type: z.literal('subscribe'), channel: RealtimeChannelSchema, ref }),
    z.strictObject({ type: z.literal('unsubscribe'), channel: RealtimeChannelSchema, ref }),
    RealtimePublishBodySchema.extend({ type: z.literal('publish'), ref }),
    z.strictObject({ type: z.literal('presence'), channel: RealtimeChannelSchema, meta, ref }),
    z.strictObject({ type: z.literal('ping'), ref }),
    z.strictObject({ type: z.literal('doc-join'), ...docAddress, ref }),
    z.strictObject({ type: z.literal('doc-leave'), ...docAddress, ref }),
    z.strictObject({
      type: z.literal('doc'),
      ...docAddress,
      data: z.base64({ error: 'data must be a y-protocols message in base64' }),
      ref,
    }),
    // Writes the document's text to its file now, as one version of `source` (Save, an accepted
    // AI edit) by the sender: a writer only.
    z.strictObject({
      type: z.literal('doc-save'),
      ...docAddress,
      source: z.enum(['save', 'edit', 'fix'], 'source must be save, edit or fix').optional(),
      prompt: z
        .string()
        .max(
          COEDIT_PROMPT_MAX_CHARS,
          `prompt may hold at most ${COEDIT_PROMPT_MAX_CHARS} characters`,
        )
        .optional(),
      ref,
    }),
  ],
  {
    error:
      'type must be one of auth, subscribe, unsubscribe, publish, presence, ping, doc-join, doc, doc-save, doc-leave',
  },
);
export type RealtimeClientFrame = z.infer<typeof RealtimeClientFrameSchema>;

/** One member on a channel: who, in which colour, with what they said about themselves. */
export interface RealtimePresenceMember {
  userId: string;
  name: string;
  color: string;
  meta: Record<string, unknown>;
}

/** GET /api/realtime/{project}/presence: who is on the channel now. */
export const RealtimePresenceListSchema = z.object({
  members: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      color: z.string(),
      meta: z.record(z.string(), z.unknown()),
    }),
  ),
});

/** What the server sends. */
export type RealtimeServerFrame =
  | { type: 'ready'; userId: string; ref?: string }
  | {
      type: 'subscribed';
      channel: string;
      /** The newest message the channel kept when joined (null: none); read back since it. */
      lastId: string | null;
      ref?: string;
    }
  | { type: 'unsubscribed'; channel: string; reason?: string; ref?: string }
  | { type: 'message'; message: RealtimeMessage }
  | { type: 'published'; id: string; ref?: string }
  | { type: 'presence'; channel: string; members: RealtimePresenceMember[] }
  | { type: 'tracked'; channel: string; ref?: string }
  | { type: 'pong'; ref?: string }
  | { type: 'doc-joined'; projectId: string; path: string; canWrite: boolean; ref?: string }
  | { type: 'doc-left'; projectId: string; path: string; ref?: string }
  /** The document's text is in its file (a version when it changed). */
  | { type: 'doc-saved'; projectId: string; path: string; ref?: string }
  /** One y-protocols message of a shared document, in base64. */
  | { type: 'doc'; projectId: string; path: string; data: string }
  | { type: 'error'; code: string; message: string; ref?: string };

/** `GET …/presence?channel=`: who is on the channel now. */
export const RealtimePresenceQuerySchema = z.strictObject({ channel: RealtimeChannelSchema });

const PRESENCE_COLORS = [
  '#f87171',
  '#fb923c',
  '#fbbf24',
  '#a3e635',
  '#34d399',
  '#2dd4bf',
  '#38bdf8',
  '#818cf8',
  '#a78bfa',
  '#e879f9',
  '#f472b6',
  '#94a3b8',
];

/** The colour of a user's presence, the same on every instance (a hash of the id). */
export function presenceColor(userId: string): string {
  let hash = 0;
  for (const ch of userId) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return PRESENCE_COLORS[hash % PRESENCE_COLORS.length]!;
}

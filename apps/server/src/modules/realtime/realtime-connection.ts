/**
 * One realtime websocket (docs/api.md § Realtime): the token comes in the first frame (never the
 * URL), channels are joined only after the role table allows it, and every frame is answered,
 * an error frame with a code for a bad one. Frames of a connection are handled one after another.
 */
import type { RawData, WebSocket } from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import {
  REALTIME_CLOSE,
  REALTIME_FRAME_MAX_BYTES,
  REALTIME_FRAMES_PER_10S,
  REALTIME_MAX_SUBSCRIPTIONS,
  REALTIME_PRESENCE_META_MAX_BYTES,
  RealtimeClientFrameSchema,
  type RealtimeClientFrame,
  type RealtimeMessage,
  type RealtimePublishBody,
  type RealtimeServerFrame,
} from '@codewright/contract';
import { AppError } from '../../lib/app-error.ts';
import type { Principal } from '../auth/principal.ts';
import type { CoeditHub } from '../coedit/coedit.service.ts';
import { connectionDocuments } from './realtime-documents.ts';
import type { RealtimeHub, HubMember } from './realtime-hub.ts';
import type { ChannelUse } from './realtime.service.ts';

/** A connection's outgoing buffer past which it counts as stalled and is closed. */
const STALLED_BYTES = 1024 * 1024;
const RATE_WINDOW_MS = 10_000;

export interface ConnectionDeps {
  principalForToken(token: string): Promise<{ principal: Principal; expiresAtMs: number }>;
  authorize(userId: string, channel: string, use: ChannelUse): Promise<void>;
  /** Keeps a message and delivers it to the channel's members. */
  publish(userId: string, body: RealtimePublishBody): Promise<RealtimeMessage>;
  hub: RealtimeHub;
  /** The shared documents of open files (docs/decisions/050). */
  coedit: CoeditHub;
  /** The id of the newest message a channel keeps (null when none). */
  lastId(channel: string): Promise<string | null>;
  /** How long the first frame (auth) may take. */
  authTimeoutMs: number;
  log: FastifyBaseLogger;
  now?: () => number;
}

export interface RealtimeConnection extends HubMember {
  /** The user, once the first frame has signed the connection in. */
  readonly signedInAs: string | null;
  /** When the last frame came in (epoch ms). */
  readonly lastSeen: number;
  /** Drops the channels the user may no longer read (after a change of their roles). */
  recheck(): Promise<void>;
  close(code: number, reason: string): void;
}

function errorFrame(error: unknown, ref?: string): RealtimeServerFrame {
  if (error instanceof AppError)
    return { type: 'error', code: error.code, message: error.message, ...(ref ? { ref } : {}) };
  return {
    type: 'error',
    code: 'INTERNAL_ERROR',
    message: 'Something went wrong on the server. Please try again.',
    ...(ref ? { ref } : {}),
  };
}

const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');
const bytesIn = (data: RawData) =>
  Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : data.byteLength;

/** Takes over an upgraded socket; `onClosed` is told when it is gone. */
export function openConnection(
  socket: WebSocket,
  deps: ConnectionDeps,
  onClosed: (connection: RealtimeConnection) => void,
): RealtimeConnection {
  const now = deps.now ?? Date.now;
  let userId: string | null = null;
  let name = '';
  let lastSeen = now();
  let windowStart = now();
  let framesInWindow = 0;
  let expiry: NodeJS.Timeout | null = null;
  let queue = Promise.resolve();
  const subscriptions = new Set<string>();

  const sendText = (text: string) => {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > STALLED_BYTES) {
      connection.close(1013, 'Too far behind: reconnect and read what you missed.');
      return;
    }
    socket.send(text);
  };
  const send = (frame: RealtimeServerFrame) => sendText(JSON.stringify(frame));

  const connection: RealtimeConnection = {
    get userId() {
      return userId ?? '';
    },
    get name() {
      return name;
    },
    get signedInAs() {
      return userId;
    },
    get lastSeen() {
      return lastSeen;
    },
    send,
    sendText,
    async recheck() {
      if (!userId) return;
      for (const channel of [...subscriptions]) {
        try {
          await deps.authorize(userId, channel, 'read');
        } catch {
          subscriptions.delete(channel);
          deps.hub.leave(channel, connection);
          send({ type: 'unsubscribed', channel, reason: 'You no longer have access to it.' });
        }
      }
      await documents.recheck(userId);
    },
    close(code, reason) {
      if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING)
        socket.close(code, reason);
    },
  };

  const refuse = (code: string, message: string) => {
    send({ type: 'error', code, message });
    connection.close(REALTIME_CLOSE.unauthorized, message.slice(0, 120));
  };

  const documents = connectionDocuments({
    coedit: deps.coedit,
    authorize: deps.authorize,
    log: deps.log,
    send,
    close: (reason) => connection.close(REALTIME_CLOSE.badDocument, reason),
    closeForRate: () =>
      connection.close(REALTIME_CLOSE.tooManyFrames, 'Too many document messages.'),
    isOpen: () => socket.readyState === socket.OPEN,
  });

  const authWait = setTimeout(() => {
    if (!userId)
      refuse('UNAUTHORIZED', 'Send {"type":"auth","token":"<access token>"} as the first frame.');
  }, deps.authTimeoutMs);

  async function signIn(token: string, ref?: string) {
    const { principal, expiresAtMs } = await deps.principalForToken(token);
    if (userId && principal.user.id !== userId)
      throw new AppError('FORBIDDEN', 403, 'A connection stays with the user who opened it.');
    userId = principal.user.id;
    name = principal.user.displayName || principal.user.email.split('@')[0]!;
    clearTimeout(authWait);
    // The token's end ends the connection, unless a fresh token comes before it.
    if (expiry) clearTimeout(expiry);
    expiry = setTimeout(
      () => refuse('TOKEN_EXPIRED', 'The access token expired: reconnect with a fresh one.'),
      Math.max(0, expiresAtMs - now()),
    );
    send({ type: 'ready', userId, ...(ref ? { ref } : {}) });
  }

  async function handle(frame: RealtimeClientFrame) {
    const ref = frame.ref ? { ref: frame.ref } : {};
    if (frame.type === 'auth') return signIn(frame.token, frame.ref);
    if (!userId) return refuse('UNAUTHORIZED', 'Send the auth frame first.');
    switch (frame.type) {
      case 'ping':
        return send({ type: 'pong', ...ref });
      case 'subscribe': {
        if (!subscriptions.has(frame.channel) && subscriptions.size >= REALTIME_MAX_SUBSCRIPTIONS)
          throw new AppError(
            'SUBSCRIPTION_LIMIT_REACHED',
            429,
            `A connection holds at most ${REALTIME_MAX_SUBSCRIPTIONS} channels: unsubscribe from one first.`,
          );
        await deps.authorize(userId, frame.channel, 'read');
        if (socket.readyState !== socket.OPEN) return;
        subscriptions.add(frame.channel);
        deps.hub.join(frame.channel, connection);
        // Read after joining: a message kept meanwhile comes live and is not newer than this id,
        // so a client that reads back since it after a reconnect misses nothing.
        const lastId = await deps.lastId(frame.channel);
        return send({ type: 'subscribed', channel: frame.channel, lastId, ...ref });
      }
      case 'unsubscribe':
        subscriptions.delete(frame.channel);
        deps.hub.leave(frame.channel, connection);
        return send({ type: 'unsubscribed', channel: frame.channel, ...ref });
      case 'publish': {
        const { type: _type, ref: _ref, ...body } = frame;
        const message = await deps.publish(userId, body);
        return send({ type: 'published', id: message.id, ...ref });
      }
      case 'doc-join':
      case 'doc':
      case 'doc-save':
      case 'doc-leave':
        return documents.handle(userId, frame);
      case 'presence': {
        const bytes = bytesOf(frame.meta);
        if (bytes > REALTIME_PRESENCE_META_MAX_BYTES)
          throw new AppError(
            'PAYLOAD_TOO_LARGE',
            413,
            `Presence metadata is ${bytes} bytes; it may hold at most ${REALTIME_PRESENCE_META_MAX_BYTES}.`,
          );
        if (!deps.hub.setPresence(frame.channel, connection, frame.meta))
          throw new AppError('NOT_SUBSCRIBED', 409, `Subscribe to ${frame.channel} first.`);
        return send({ type: 'tracked', channel: frame.channel, ...ref });
      }
    }
  }

  /** False when the frame is over its rate (answered, or the connection closed). */
  const withinRate = (isDocument: boolean): boolean => {
    if (isDocument) return documents.withinRate(lastSeen);
    if (lastSeen - windowStart > RATE_WINDOW_MS) {
      windowStart = lastSeen;
      framesInWindow = 0;
    }
    framesInWindow += 1;
    if (framesInWindow > 2 * REALTIME_FRAMES_PER_10S) {
      connection.close(REALTIME_CLOSE.tooManyFrames, 'Too many frames.');
      return false;
    }
    if (framesInWindow > REALTIME_FRAMES_PER_10S) {
      send({
        type: 'error',
        code: 'RATE_LIMITED',
        message: `At most ${REALTIME_FRAMES_PER_10S} frames per 10 seconds: slow down.`,
      });
      return false;
    }
    return true;
  };

  socket.on('message', (data, isBinary) => {
    lastSeen = now();
    // A `doc` frame is at most 96 KB (the socket's limit), any other at most 16 KB: parsed first,
    // then measured and counted by kind.
    let json: unknown = null;
    try {
      if (!isBinary) json = JSON.parse(data.toString());
    } catch {
      json = null;
    }
    const isDocument = (json as { type?: unknown } | null)?.type === 'doc';
    if (!isDocument && bytesIn(data) > REALTIME_FRAME_MAX_BYTES)
      return connection.close(1009, 'A frame other than doc is at most 16 KB.');
    if (!withinRate(isDocument)) return;
    let frame: RealtimeClientFrame;
    try {
      if (json === null) throw new Error('not JSON');
      const parsed = RealtimeClientFrameSchema.safeParse(json);
      if (!parsed.success) {
        send({
          type: 'error',
          code: 'BAD_FRAME',
          message: parsed.error.issues.map((i) => i.message).join('; '),
        });
        return;
      }
      frame = parsed.data;
    } catch {
      send({ type: 'error', code: 'BAD_FRAME', message: 'A frame is one JSON object, as text.' });
      return;
    }
    queue = queue
      .then(() => handle(frame))
      .catch((error: unknown) => {
        if (!(error instanceof AppError)) deps.log.error({ err: error }, 'realtime frame failed');
        // A refused sign-in ends the connection; any other refusal answers just that frame.
        if (frame.type === 'auth') {
          const { message, code } = errorFrame(error) as { code: string; message: string };
          refuse(code, message);
        } else send(errorFrame(error, frame.ref));
      });
  });

  socket.on('error', (error) => deps.log.warn({ err: error }, 'realtime socket error'));
  socket.on('close', () => {
    clearTimeout(authWait);
    if (expiry) clearTimeout(expiry);
    for (const channel of subscriptions) deps.hub.leave(channel, connection);
    subscriptions.clear();
    documents.leaveAll();
    onClosed(connection);
  });

  return connection;
}

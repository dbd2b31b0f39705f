/**
 * `client.realtime`: the channels of projects and workspaces (SPEC §7.3; DESIGN §2c; docs/api.md
 * § Realtime). Publishing needs a role that may write there (FORBIDDEN 403); a channel the caller
 * may not read rejects with NOT_FOUND (404), like one that does not exist.
 */
import type { RealtimeMessage, RealtimePresenceMember } from '@codewright/contract';
import { parseResponse } from '../response.ts';
import type { HttpClient } from '../http.ts';
import type { RequestOptions } from '../request-options.ts';
import { createRealtimeDocuments, type RealtimeDocument } from './realtime-documents.ts';
import {
  createRealtimeSocket,
  type RealtimeChannelState,
  type WebSocketFactory,
} from './realtime-socket.ts';

/**
 * One channel over the client's realtime websocket (SPEC §4.5): subscribe, then hear its
 * messages and who is present; `state` moves disconnected → connecting → connected → subscribed.
 */
export interface RealtimeChannel {
  readonly name: string;
  readonly state: RealtimeChannelState;
  /** Opens the websocket if need be and joins; rejects after 10 s, or with NOT_FOUND / FORBIDDEN. */
  subscribe(): Promise<void>;
  /** Lets go of the channel: it is left when no other handle holds it; the websocket closes with the last one. */
  unsubscribe(): Promise<void>;
  /** Publishes over the websocket; resolves with the kept message's id (10 s time-out). */
  send(event: string, payload: Record<string, unknown>): Promise<string>;
  /** What this member says about itself on the channel (≤ 1 KB), kept across reconnects. */
  track(meta: Record<string, unknown>): Promise<void>;
  onMessage(listener: (message: RealtimeMessage) => void): () => void;
  onPresence(listener: (members: RealtimePresenceMember[]) => void): () => void;
  onStateChange(listener: (state: RealtimeChannelState) => void): () => void;
}

export interface RealtimeClient {
  /**
   * Sends `event` with a JSON object to everyone on `channel` (`project:<id>` or
   * `workspace:<id>`); resolves with the message as the server kept it.
   * @example await client.realtime.publish(`project:${id}`, 'project.saved', { name });
   */
  publish(
    channel: string,
    event: string,
    payload: Record<string, unknown>,
    options?: RequestOptions,
  ): Promise<RealtimeMessage>;
  /** The messages the channel kept after `since` (all when absent), oldest first; `limit` ≤ 100. */
  messages(
    channel: string,
    options?: RequestOptions & { since?: string; limit?: number },
  ): Promise<RealtimeMessage[]>;
  /**
   * A channel over the websocket (`project:<id>` or `workspace:<id>`).
   * @example const ch = client.realtime.channel(`project:${id}`); ch.onMessage(show); await ch.subscribe();
   */
  channel(name: string): RealtimeChannel;
  /**
   * A project file's shared document over the websocket (docs/decisions/050): y-protocols
   * messages each way, for a Yjs provider.
   * @example const doc = client.realtime.document(projectId, 'src/App.tsx'); doc.onMessage(apply); await doc.join();
   */
  document(projectId: string, path: string): RealtimeDocument;
  /** Sends a fresh access token on the open websocket (the SDK does this after each refresh). */
  renewToken(token: string): void;
  /** Closes the websocket and stops reconnecting (the SDK does this on sign-out). */
  disconnect(): void;
}

/** Builds `client.realtime`. */
export function createRealtimeClient(options: {
  http: HttpClient;
  projectId: string;
  /** The websocket's address (ws: or wss:), from the client's baseUrl or the page's origin. */
  socketUrl: string;
  /** Opens a websocket; null where none exists (a page can then not subscribe). */
  openSocket: WebSocketFactory | null;
  getAccessToken(): Promise<string | null>;
}): RealtimeClient {
  const { http } = options;
  const base = `/api/realtime/${encodeURIComponent(options.projectId)}`;
  const client: RealtimeClient = {
    async publish(channel, event, payload, request = {}) {
      const body = await http({
        method: 'POST',
        path: `${base}/publish`,
        body: { channel, event, payload },
        signal: request.signal,
      });
      return parseResponse('RealtimeMessageSchema', body);
    },
    async messages(channel, request = {}) {
      const body = await http({
        path: `${base}/messages`,
        query: { channel, since: request.since, limit: request.limit },
        signal: request.signal,
      });
      return (await parseResponse('RealtimeMessageListSchema', body)).messages;
    },
    channel(name) {
      const entry = socket().entryOf(name);
      let held: Promise<void> | null = null;
      const on = <T>(set: Set<T>, listener: T) => {
        set.add(listener);
        return () => void set.delete(listener);
      };
      return {
        name,
        get state() {
          return entry.state;
        },
        // Each handle holds the channel once, however often it subscribes; the channel is left
        // when the last handle that holds it unsubscribes.
        subscribe: () =>
          (held ??= socket()
            .subscribe(name)
            .catch((error: unknown) => {
              held = null;
              throw error;
            })),
        unsubscribe: async () => {
          if (!held) return;
          held = null;
          await socket().unsubscribe(name);
        },
        send: (event, payload) => socket().send(name, event, payload),
        track: (meta) => socket().track(name, meta),
        onMessage: (listener) => on(entry.onMessage, listener),
        onPresence: (listener) => on(entry.onPresence, listener),
        onStateChange: (listener) => on(entry.onState, listener),
      };
    },
    document: (projectId, path) => documents().document(projectId, path),
    renewToken: (token) => shared?.renewToken(token),
    disconnect: () => shared?.close(),
  };

  let shared: ReturnType<typeof createRealtimeSocket> | null = null;
  let docs: ReturnType<typeof createRealtimeDocuments> | null = null;
  const documents = () => (docs ??= createRealtimeDocuments(socket()));
  function socket() {
    if (!options.openSocket)
      throw new TypeError('No WebSocket here: pass createClient({ WebSocket }) outside a browser.');
    shared ??= createRealtimeSocket({
      url: options.socketUrl,
      open: options.openSocket,
      getAccessToken: options.getAccessToken,
      missed: (channel, since) => client.messages(channel, { since }),
    });
    return shared;
  }
  return client;
}

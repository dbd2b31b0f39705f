/**
 * The realtime websocket of `client.realtime.channel()` (SPEC §4.5, §9; docs/api.md § Realtime):
 * one connection per client, opened when the first channel subscribes. A channel moves
 * disconnected → connecting → connected → subscribed; on a drop the connection comes back after
 * min(30 s, 2^n s) plus up to 1 s of jitter, resubscribes, and each channel reads back what it
 * missed since the last message it saw. Subscribe, send and connect give up after 10 s; a ping
 * goes every 25 s.
 * (Over 300 lines: one state machine, whose connect, heartbeat, reconnect, resubscribe and
 * requests share the socket and the channel books; split, each part would reach into the others.)
 */
import {
  REALTIME_HEARTBEAT_MS,
  REALTIME_RECONNECT_JITTER_MS,
  REALTIME_RECONNECT_MAX_MS,
  REALTIME_TIMEOUT_MS,
  type RealtimeMessage,
  type RealtimePresenceMember,
  type RealtimeServerFrame,
} from '@codewright/contract';
import { CodewrightError } from '../errors.ts';

export type RealtimeChannelState = 'disconnected' | 'connecting' | 'connected' | 'subscribed';

/** The slice of the browser's WebSocket the connection uses (Node's `ws` fits it too). */
export interface WebSocketLike {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}
export type WebSocketFactory = (url: string) => WebSocketLike;

export interface RealtimeSocketDeps {
  /** ws(s)://…/api/realtime/{project}/ws */
  url: string;
  open: WebSocketFactory;
  getAccessToken(): Promise<string | null>;
  /** What a channel kept after `since` (REST), read after a reconnect. */
  missed(channel: string, since: string): Promise<RealtimeMessage[]>;
  /** Random in [0, 1); for the reconnect jitter. */
  random?: () => number;
}

type Pending = { resolve(frame: RealtimeServerFrame): void; reject(error: Error): void };

/** More that shares the connection (the shared documents, realtime-documents.ts). */
export interface SocketExtension {
  /** A frame no request waited for: true when it was the extension's. */
  onFrame(frame: RealtimeServerFrame): boolean;
  /** The connection is signed in (again). */
  onReady(): void;
  /** The connection dropped. */
  onClosed(): void;
  /** Whether it holds the connection open (and reconnecting). */
  holds(): boolean;
}

interface ChannelEntry {
  state: RealtimeChannelState;
  /** Subscribed once and not left: joined again after a reconnect. */
  joined: boolean;
  /** How many channel handles hold the subscription: the channel is left when none does. */
  holders: number;
  /** The newest message heard (or kept when joined): a reconnect reads back after it. */
  lastId: string | null;
  onMessage: Set<(message: RealtimeMessage) => void>;
  onPresence: Set<(members: RealtimePresenceMember[]) => void>;
  onState: Set<(state: RealtimeChannelState) => void>;
  meta: Record<string, unknown> | null;
}

const OPEN = 1;

function timeoutError(what: string): CodewrightError {
  return new CodewrightError({
    code: 'NETWORK_ERROR',
    status: null,
    message: `Realtime ${what} timed out after ${REALTIME_TIMEOUT_MS / 1000} s. Check your connection; it will try again.`,
  });
}

/** One websocket shared by a client's channels. */
export function createRealtimeSocket(deps: RealtimeSocketDeps) {
  const channels = new Map<string, ChannelEntry>();
  const pending = new Map<string, Pending>();
  let socket: WebSocketLike | null = null;
  let ready = false;
  let attempt = 0;
  let refs = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let connectTimer: ReturnType<typeof setTimeout> | null = null;
  let heartbeat: ReturnType<typeof setInterval> | null = null;
  let stopped = false;
  let opening = false;
  const extensions: SocketExtension[] = [];
  const onConnected = new Set<() => void>();
  const held = () => channels.size > 0 || extensions.some((e) => e.holds());

  const setState = (entry: ChannelEntry, state: RealtimeChannelState) => {
    if (entry.state === state) return;
    entry.state = state;
    for (const listener of entry.onState) listener(state);
  };
  const setAll = (state: RealtimeChannelState) => {
    for (const entry of channels.values()) setState(entry, state);
  };

  function request(frame: Record<string, unknown>, what: string): Promise<RealtimeServerFrame> {
    if (!socket || !ready || socket.readyState !== OPEN) return Promise.reject(timeoutError(what));
    const ref = String(++refs);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(ref);
        reject(timeoutError(what));
      }, REALTIME_TIMEOUT_MS);
      pending.set(ref, {
        resolve: (answer) => {
          clearTimeout(timer);
          resolve(answer);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      socket!.send(JSON.stringify({ ...frame, ref }));
    });
  }

  function emit(entry: ChannelEntry, message: RealtimeMessage) {
    // After a reconnect the same message may come live and from the read-back: once only.
    if (entry.lastId !== null && BigInt(message.id) <= BigInt(entry.lastId)) return;
    entry.lastId = message.id;
    for (const listener of entry.onMessage) listener(message);
  }

  function onFrame(frame: RealtimeServerFrame) {
    const ref = 'ref' in frame ? frame.ref : undefined;
    if (ref && pending.has(ref)) {
      const waiting = pending.get(ref)!;
      pending.delete(ref);
      if (frame.type === 'error')
        waiting.reject(
          new CodewrightError({ code: frame.code as never, status: null, message: frame.message }),
        );
      else waiting.resolve(frame);
      return;
    }
    if (extensions.some((e) => e.onFrame(frame))) return;
    if (frame.type === 'message') {
      const entry = channels.get(frame.message.channel);
      if (entry) emit(entry, frame.message);
    } else if (frame.type === 'presence') {
      for (const listener of channels.get(frame.channel)?.onPresence ?? []) listener(frame.members);
    } else if (frame.type === 'unsubscribed') {
      // The server dropped it (the member lost access).
      const entry = channels.get(frame.channel);
      if (entry) {
        entry.joined = false;
        setState(entry, 'connected');
      }
    }
  }

  /** Joins a channel; the first join remembers where its history stood ('0': it kept none). */
  async function join(channel: string, entry: ChannelEntry) {
    const answer = await request({ type: 'subscribe', channel }, 'subscribe');
    entry.lastId ??= (answer as { lastId?: string | null }).lastId ?? '0';
    entry.joined = true;
    setState(entry, 'subscribed');
  }

  async function resubscribe(channel: string, entry: ChannelEntry) {
    await join(channel, entry);
    if (entry.meta) await request({ type: 'presence', channel, meta: entry.meta }, 'presence');
    if (entry.lastId !== null)
      for (const message of await deps.missed(channel, entry.lastId)) emit(entry, message);
  }

  async function connect() {
    if (stopped || socket || opening) return;
    opening = true;
    setAll('connecting');
    const token = await deps.getAccessToken().catch(() => null);
    opening = false;
    if (!token || stopped) {
      setAll('disconnected');
      return;
    }
    const ws = deps.open(deps.url);
    socket = ws;
    ready = false;
    connectTimer = setTimeout(() => ws.close(4000, 'connect timed out'), REALTIME_TIMEOUT_MS);
    ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token }));
    ws.onmessage = (event) => {
      let frame: RealtimeServerFrame;
      try {
        frame = JSON.parse(String(event.data)) as RealtimeServerFrame;
      } catch {
        return;
      }
      if (!ready && frame.type === 'ready') {
        ready = true;
        attempt = 0;
        if (connectTimer) clearTimeout(connectTimer);
        setAll('connected');
        for (const done of [...onConnected]) done();
        heartbeat = setInterval(() => {
          if (ws.readyState === OPEN) ws.send(JSON.stringify({ type: 'ping' }));
        }, REALTIME_HEARTBEAT_MS);
        for (const [channel, entry] of channels)
          if (entry.joined)
            void resubscribe(channel, entry).catch((error: unknown) => {
              // A time-out: try the whole connection again. A refusal (the member lost access
              // meanwhile): the channel stays left.
              if ((error as CodewrightError).code === 'NETWORK_ERROR')
                ws.close(4000, 'resubscribe failed');
              else {
                entry.joined = false;
                setState(entry, 'connected');
              }
            });
        for (const extension of extensions) extension.onReady();
        return;
      }
      onFrame(frame);
    };
    ws.onerror = () => undefined;
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      ready = false;
      if (connectTimer) clearTimeout(connectTimer);
      if (heartbeat) clearInterval(heartbeat);
      for (const [, waiting] of pending) waiting.reject(timeoutError('request'));
      pending.clear();
      setAll('disconnected');
      for (const extension of extensions) extension.onClosed();
      if (!stopped && held()) scheduleReconnect();
    };
  }

  function scheduleReconnect() {
    const delay =
      Math.min(REALTIME_RECONNECT_MAX_MS, 2 ** attempt * 1000) +
      Math.floor((deps.random ?? Math.random)() * REALTIME_RECONNECT_JITTER_MS);
    attempt += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      void connect();
    }, delay);
  }

  function entryOf(channel: string): ChannelEntry {
    let entry = channels.get(channel);
    if (!entry) {
      entry = {
        state: socket && ready ? 'connected' : socket ? 'connecting' : 'disconnected',
        joined: false,
        holders: 0,
        lastId: null,
        onMessage: new Set(),
        onPresence: new Set(),
        onState: new Set(),
        meta: null,
      };
      channels.set(channel, entry);
    }
    return entry;
  }

  /** Waits until the connection is signed in, up to the connect time-out. */
  function whenReady(): Promise<void> {
    if (socket && ready) return Promise.resolve();
    stopped = false;
    void connect();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        onConnected.delete(done);
        reject(timeoutError('connect'));
      }, REALTIME_TIMEOUT_MS);
      const done = () => {
        clearTimeout(timer);
        onConnected.delete(done);
        resolve();
      };
      onConnected.add(done);
    });
  }

  /** Closes the connection and stops reconnecting (sign-out, or no channel left). */
  function close(): void {
    stopped = true;
    if (reconnectTimer) clearTimeout(reconnectTimer);
    reconnectTimer = null;
    const ws = socket;
    if (ws) {
      ws.onclose?.({ code: 1000, reason: 'closed' });
      ws.close(1000, 'closed');
    }
  }

  return {
    entryOf,
    close,
    whenReady,
    request,
    /** Sends a frame that needs no answer; false when the connection is not signed in. */
    sendFrame(frame: Record<string, unknown>): boolean {
      if (!socket || !ready || socket.readyState !== OPEN) return false;
      socket.send(JSON.stringify(frame));
      return true;
    },
    /** Whether the connection is signed in now. */
    isReady: () => Boolean(socket && ready && socket.readyState === OPEN),
    attach(extension: SocketExtension): void {
      extensions.push(extension);
    },
    /** Closes the connection when nothing holds it any more. */
    release(): void {
      if (!held()) close();
    },
    /** Joins for one more holder (a handle of `client.realtime.channel`). */
    async subscribe(channel: string): Promise<void> {
      const entry = entryOf(channel);
      entry.holders += 1;
      if (entry.state === 'subscribed') return;
      try {
        await whenReady();
        await join(channel, entry);
      } catch (error) {
        entry.holders -= 1;
        throw error;
      }
    },
    /** One holder lets go; the channel is left (and the socket closed) with the last. */
    async unsubscribe(channel: string): Promise<void> {
      const entry = channels.get(channel);
      if (!entry) return;
      entry.holders = Math.max(0, entry.holders - 1);
      if (entry.holders > 0) return;
      channels.delete(channel);
      entry.joined = false;
      if (socket && ready) await request({ type: 'unsubscribe', channel }, 'unsubscribe');
      setState(entry, 'disconnected');
      if (!held()) close();
    },
    async send(channel: string, event: string, payload: Record<string, unknown>): Promise<string> {
      const answer = await request({ type: 'publish', channel, event, payload }, 'send');
      return (answer as { id: string }).id;
    },
    async track(channel: string, meta: Record<string, unknown>): Promise<void> {
      const entry = entryOf(channel);
      entry.meta = meta;
      if (entry.state === 'subscribed') await request({ type: 'presence', channel, meta }, 'send');
    },
    /** A fresh access token (after a refresh) keeps the connection past the old one's end. */
    renewToken(token: string): void {
      if (socket && ready && socket.readyState === OPEN)
        socket.send(JSON.stringify({ type: 'auth', token }));
    },
  };
}

export type RealtimeSocket = ReturnType<typeof createRealtimeSocket>;

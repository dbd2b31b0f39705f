/**
 * Shared documents over the realtime websocket (docs/api.md § Realtime "Shared documents",
 * docs/decisions/050): `client.realtime.document(projectId, path)` joins a project file's Yjs
 * document and carries its y-protocols messages as bytes each way. The messages are Yjs's own;
 * this only moves them. After a drop the connection comes back (as for channels) and every
 * document still held is joined again: `onJoin` fires each time, so the caller syncs afresh.
 */
import type { RealtimeServerFrame } from '@codewright/contract';
import type { RealtimeChannelState, RealtimeSocket } from './realtime-socket.ts';

export interface DocumentSaveOptions {
  /** The version's kind: a Save (default), an accepted AI edit, or a fix. */
  source?: 'save' | 'edit' | 'fix';
  /** The prompt of the AI edit the version records. */
  prompt?: string;
}

/** One shared document; `state` is 'subscribed' while joined. */
export interface RealtimeDocument {
  readonly projectId: string;
  readonly path: string;
  readonly state: RealtimeChannelState;
  /**
   * Opens the websocket if need be and joins; resolves with whether this member may change the
   * document. Rejects after 10 s, or with NOT_FOUND (no such file, or a project you may not read).
   */
  join(): Promise<{ canWrite: boolean }>;
  /** Lets go of the document (the last member out writes it to its file). */
  leave(): Promise<void>;
  /** Sends one y-protocols message; false when not joined (or joining) now: it is not queued. */
  send(message: Uint8Array): boolean;
  /** Writes the document's text to its file now, as one version (a writer only; 10 s time-out). */
  save(options?: DocumentSaveOptions): Promise<void>;
  onMessage(listener: (message: Uint8Array) => void): () => void;
  /** After each join, the first and every one after a reconnect: sync starts again from here. */
  onJoin(listener: (joined: { canWrite: boolean }) => void): () => void;
  onStateChange(listener: (state: RealtimeChannelState) => void): () => void;
}

interface DocEntry {
  projectId: string;
  path: string;
  state: RealtimeChannelState;
  /** Asked to join and not left. */
  held: boolean;
  /** Joined once and not left since: joined again after a reconnect. */
  rejoin: boolean;
  onMessage: Set<(message: Uint8Array) => void>;
  onJoin: Set<(joined: { canWrite: boolean }) => void>;
  onState: Set<(state: RealtimeChannelState) => void>;
}

export function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

export function fromBase64(base64: string): Uint8Array {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** The documents of one connection; attached to it as an extension. */
export function createRealtimeDocuments(socket: RealtimeSocket) {
  const docs = new Map<string, DocEntry>();
  const keyOf = (projectId: string, path: string) => `${projectId}\u0000${path}`;
  const setState = (entry: DocEntry, state: RealtimeChannelState) => {
    if (entry.state === state) return;
    entry.state = state;
    for (const listener of entry.onState) listener(state);
  };

  async function join(entry: DocEntry): Promise<{ canWrite: boolean }> {
    // From here the server reads our document messages after the join (frames go in order).
    setState(entry, 'connecting');
    const answer = await socket.request(
      { type: 'doc-join', projectId: entry.projectId, path: entry.path },
      'join',
    );
    const joined = { canWrite: (answer as { canWrite?: boolean }).canWrite === true };
    entry.rejoin = entry.held;
    setState(entry, 'subscribed');
    for (const listener of entry.onJoin) listener(joined);
    return joined;
  }

  socket.attach({
    onFrame(frame: RealtimeServerFrame) {
      if (frame.type === 'doc') {
        const entry = docs.get(keyOf(frame.projectId, frame.path));
        // Held, not only joined: the server's first messages can come before the join's answer is read.
        if (entry?.held) {
          const message = fromBase64(frame.data);
          for (const listener of entry.onMessage) listener(message);
        }
        return true;
      }
      if (frame.type === 'doc-left') {
        // The server let go of it (the member lost access): it stays left.
        const entry = docs.get(keyOf(frame.projectId, frame.path));
        if (entry) {
          entry.held = entry.rejoin = false;
          setState(entry, 'connected');
        }
        return true;
      }
      return false;
    },
    onReady() {
      for (const entry of docs.values()) {
        // One asked for but not joined yet joins from join() itself.
        if (!entry.held || !entry.rejoin) {
          if (!entry.held) setState(entry, 'connected');
          continue;
        }
        join(entry).catch(() => {
          // Refused (no access now, the file gone) or timed out: it waits for the next connection.
          setState(entry, 'connected');
        });
      }
    },
    onClosed() {
      for (const entry of docs.values()) setState(entry, 'disconnected');
    },
    holds: () => [...docs.values()].some((entry) => entry.held),
  });

  return {
    document(projectId: string, path: string): RealtimeDocument {
      const key = keyOf(projectId, path);
      let entry = docs.get(key);
      if (!entry) {
        entry = {
          projectId,
          path,
          state: socket.isReady() ? 'connected' : 'disconnected',
          held: false,
          rejoin: false,
          onMessage: new Set(),
          onJoin: new Set(),
          onState: new Set(),
        };
        docs.set(key, entry);
      }
      const doc = entry;
      const on = <T>(set: Set<T>, listener: T) => {
        set.add(listener);
        return () => void set.delete(listener);
      };
      const address = { projectId, path };
      return {
        projectId,
        path,
        get state() {
          return doc.state;
        },
        async join() {
          doc.held = true;
          try {
            await socket.whenReady();
            return await join(doc);
          } catch (error) {
            doc.held = doc.rejoin = false;
            throw error;
          }
        },
        async leave() {
          if (!doc.held) return;
          doc.held = doc.rejoin = false;
          const wasJoined = doc.state === 'subscribed';
          setState(doc, socket.isReady() ? 'connected' : 'disconnected');
          if (wasJoined && socket.isReady())
            await socket.request({ type: 'doc-leave', ...address }, 'leave').catch(() => undefined);
          if (!doc.held && doc.onMessage.size + doc.onJoin.size + doc.onState.size === 0)
            docs.delete(key);
          socket.release();
        },
        send(message) {
          if (!doc.held || (doc.state !== 'subscribed' && doc.state !== 'connecting')) return false;
          return socket.sendFrame({ type: 'doc', ...address, data: toBase64(message) });
        },
        async save(options = {}) {
          await socket.request({ type: 'doc-save', ...address, ...options }, 'save');
        },
        onMessage: (listener) => on(doc.onMessage, listener),
        onJoin: (listener) => on(doc.onJoin, listener),
        onStateChange: (listener) => on(doc.onState, listener),
      };
    },
  };
}

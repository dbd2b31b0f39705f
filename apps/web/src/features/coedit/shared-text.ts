/**
 * A project file's text shared with the teammates who have it open (issue 47,
 * docs/decisions/050): a Yjs document synced with the server's over the realtime websocket with
 * Yjs's own sync and awareness protocols (y-protocols). Typing while the connection is down stays
 * in the document; each join (the first, and after every reconnect) syncs both ways again — the
 * server's step 1 is answered with what it lacks — so nothing typed offline is lost and Yjs
 * merges it with what the others typed meanwhile.
 */
import * as Y from 'yjs';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { COEDIT_MESSAGE, COEDIT_MESSAGE_MAX_BYTES, COEDIT_TEXT_NAME } from '@codewright/contract';
import type { DocumentSaveOptions, RealtimeDocument } from '@codewright/sdk';

/** Where the shared text stands: joining, in step with the server, or offline (typing is kept). */
export type SharedStatus = 'joining' | 'live' | 'offline' | 'refused';

/** Who a member is in the awareness (their cursor's name and colour). */
export interface SharedUser {
  name: string;
  color: string;
}

export interface SharedText {
  readonly doc: Y.Doc;
  readonly text: Y.Text;
  readonly awareness: awarenessProtocol.Awareness;
  /** Whether this member may type (owner, editor); false until joined. */
  canWrite(): boolean;
  status(): SharedStatus;
  onStatus(listener: (status: SharedStatus) => void): () => void;
  /** This member changed the text (typing, or a change of the page). */
  onLocalChange(listener: () => void): () => void;
  /** Brings the text to `next` with the fewest changed characters, as this member's change. */
  replace(next: string): void;
  /**
   * Writes the text to the project's file now, as one version: waits until the document holds
   * `expected` (a change just made) and the server has it, then asks.
   */
  save(options?: DocumentSaveOptions & { expected?: string }): Promise<void>;
  destroy(): void;
}

/** The longest insert one update of `replace` carries: 3 bytes a character stays under 64 KB. */
const INSERT_PART_CHARS = Math.floor(COEDIT_MESSAGE_MAX_BYTES / 4);

/** The origin of changes that came from the server (never sent back). */
const REMOTE = 'remote';

const messageOf = (write: (encoder: encoding.Encoder) => void) => {
  const encoder = encoding.createEncoder();
  write(encoder);
  return encoding.toUint8Array(encoder);
};

/** The span where `before` and `after` differ: [start, end) of `before`, and its replacement. */
export function changedSpan(before: string, after: string) {
  let start = 0;
  const limit = Math.min(before.length, after.length);
  while (start < limit && before[start] === after[start]) start += 1;
  let tail = 0;
  while (
    tail < limit - start &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  )
    tail += 1;
  return { start, end: before.length - tail, text: after.slice(start, after.length - tail) };
}

export function openSharedText(handle: RealtimeDocument, user: SharedUser): SharedText {
  const doc = new Y.Doc();
  const text = doc.getText(COEDIT_TEXT_NAME);
  const awareness = new awarenessProtocol.Awareness(doc);
  awareness.setLocalStateField('user', user);
  let status: SharedStatus = 'joining';
  let writable = false;
  let destroyed = false;
  const listeners = new Set<(status: SharedStatus) => void>();
  const localListeners = new Set<() => void>();
  const setStatus = (next: SharedStatus) => {
    if (status === next) return;
    status = next;
    for (const listener of listeners) listener(next);
  };
  /** Resolved each time the server's step 2 has been read (the document is in step). */
  let inStep: Array<() => void> = [];

  const send = (message: Uint8Array) => handle.send(message);
  const sendAwareness = (clients: number[]) =>
    send(
      messageOf((e) => {
        encoding.writeVarUint(e, COEDIT_MESSAGE.awareness);
        encoding.writeVarUint8Array(e, awarenessProtocol.encodeAwarenessUpdate(awareness, clients));
      }),
    );

  const stops = [
    handle.onJoin(({ canWrite }) => {
      writable = canWrite;
      // Sync afresh: our state vector (the server answers with what we lack) and who we are.
      send(
        messageOf((e) => {
          encoding.writeVarUint(e, COEDIT_MESSAGE.sync);
          syncProtocol.writeSyncStep1(e, doc);
        }),
      );
      sendAwareness([doc.clientID]);
    }),
    handle.onMessage((message) => {
      const decoder = decoding.createDecoder(message);
      const kind = decoding.readVarUint(decoder);
      if (kind === COEDIT_MESSAGE.sync) {
        const reply = encoding.createEncoder();
        encoding.writeVarUint(reply, COEDIT_MESSAGE.sync);
        const step = syncProtocol.readSyncMessage(decoder, reply, doc, REMOTE);
        // The server's step 1 is answered with what it lacks (typing kept while offline).
        if (encoding.length(reply) > 1) send(encoding.toUint8Array(reply));
        if (step === syncProtocol.messageYjsSyncStep2) {
          setStatus('live');
          const waiting = inStep;
          inStep = [];
          for (const done of waiting) done();
        }
      } else if (kind === COEDIT_MESSAGE.awareness) {
        awarenessProtocol.applyAwarenessUpdate(
          awareness,
          decoding.readVarUint8Array(decoder),
          REMOTE,
        );
      }
    }),
    handle.onStateChange((state) => {
      if (state === 'disconnected') setStatus(status === 'refused' ? status : 'offline');
      if (state === 'connecting' && status !== 'refused') setStatus('joining');
    }),
  ];
  const onUpdate = (update: Uint8Array, origin: unknown) => {
    if (origin === REMOTE) return;
    for (const listener of localListeners) listener();
    // Not joined now: the update stays in the document and goes with the next sync.
    send(
      messageOf((e) => {
        encoding.writeVarUint(e, COEDIT_MESSAGE.sync);
        syncProtocol.writeUpdate(e, update);
      }),
    );
  };
  doc.on('update', onUpdate);
  const onAwareness = (
    { added, updated, removed }: { added: number[]; updated: number[]; removed: number[] },
    origin: unknown,
  ) => {
    if (origin !== REMOTE) sendAwareness([...added, ...updated, ...removed]);
  };
  awareness.on('update', onAwareness);

  handle.join().catch((error: unknown) => {
    console.warn('The shared document could not be joined', error);
    if (!destroyed) setStatus('refused');
  });

  return {
    doc,
    text,
    awareness,
    canWrite: () => writable,
    status: () => status,
    onStatus(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    onLocalChange(listener) {
      localListeners.add(listener);
      return () => void localListeners.delete(listener);
    },
    replace(next) {
      const span = changedSpan(text.toString(), next);
      if (span.start === span.end && span.text === '') return;
      // Inserted in parts, each its own update under the server's message limit (a large
      // accepted edit): one update past it would be refused, and sent again on every join.
      doc.transact(() => {
        if (span.end > span.start) text.delete(span.start, span.end - span.start);
        if (span.text) text.insert(span.start, span.text.slice(0, INSERT_PART_CHARS));
      });
      for (let at = INSERT_PART_CHARS; at < span.text.length; at += INSERT_PART_CHARS)
        text.insert(span.start + at, span.text.slice(at, at + INSERT_PART_CHARS));
    },
    async save(options = {}) {
      const { expected, ...version } = options;
      // The change may still be on its way into the document (the editor applies it on render).
      const deadline = Date.now() + 3_000;
      while (expected !== undefined && text.toString() !== expected && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      if (status !== 'live')
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error('The shared document is offline.')),
            10_000,
          );
          inStep.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      // Frames go in order on the one websocket: the server has every update sent before this.
      await handle.save(version);
    },
    destroy() {
      destroyed = true;
      // The others drop this member's cursor at once (the server would on leave, too).
      awarenessProtocol.removeAwarenessStates(awareness, [doc.clientID], 'local');
      for (const stop of stops) stop();
      doc.off('update', onUpdate);
      awareness.off('update', onAwareness);
      void handle.leave();
      awareness.destroy();
      doc.destroy();
    },
  };
}

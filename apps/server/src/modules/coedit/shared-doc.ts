/**
 * One shared document (issue 47, docs/decisions/050): a file's text as a Yjs document, with the
 * awareness (cursors, names) of those who have it open. Messages are y-protocols' own — sync
 * steps 1 and 2, updates, awareness — so clients merge with Yjs's CRDT and nothing here merges
 * by hand. A reader (viewer) may ask for the document but never change it; a message past the
 * size limits is refused before it touches the document.
 */
import * as Y from 'yjs';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import {
  COEDIT_DOC_MAX_CHARS,
  COEDIT_MESSAGE,
  COEDIT_MESSAGE_MAX_BYTES,
  COEDIT_TEXT_NAME,
  diffLineArrays,
} from '@codewright/contract';
import { AppError } from '../../lib/app-error.ts';

/** Who sent a message: their connection, and whether they may change the document. */
export interface DocPeer {
  id: string;
  canWrite: boolean;
}

/** The origin of changes made by the server itself (a file written from outside, a load). */
export const SERVER_ORIGIN = 'server';

export interface SharedDoc {
  readonly doc: Y.Doc;
  readonly awareness: awarenessProtocol.Awareness;
  /** The file's text as the document holds it. */
  text(): string;
  /** The whole document as one update (what is persisted, and sent to a newcomer). */
  snapshot(): Uint8Array;
  /** The messages a peer that just joined gets: sync step 1, and everyone's awareness. */
  greeting(): Uint8Array[];
  /**
   * Handles one message of `peer`: the replies for that peer (a sync step 2 to its step 1).
   * Changes it makes reach the others through `onUpdate` / `onAwareness`.
   */
  receive(peer: DocPeer, message: Uint8Array): Uint8Array[];
  /** Brings the document to `next` with the fewest line changes (an AI edit, a file written). */
  setText(next: string): void;
  /** Applies an update the server made (`changeSince`) as the server's own change. */
  applyServerUpdate(update: Uint8Array): void;
  /** Drops the awareness of a peer that left (its awareness client ids). */
  forget(clientIds: number[]): void;
  /** Every change: the update to persist and send on (`origin` is the peer, or the server). */
  onUpdate(listener: (update: Uint8Array, origin: unknown) => void): () => void;
  /** Every awareness change, as the message to send to everyone. */
  onAwareness(listener: (message: Uint8Array, origin: unknown) => void): () => void;
  destroy(): void;
}

const messageOf = (write: (encoder: encoding.Encoder) => void) => {
  const encoder = encoding.createEncoder();
  write(encoder);
  return encoding.toUint8Array(encoder);
};

/** The y-protocols sync message that carries one Yjs update. */
export function updateMessage(update: Uint8Array): Uint8Array {
  return messageOf((e) => {
    encoding.writeVarUint(e, COEDIT_MESSAGE.sync);
    syncProtocol.writeUpdate(e, update);
  });
}

/** The characters an update would insert (an upper bound of how much it grows the text). */
function insertedChars(update: Uint8Array): number {
  let n = 0;
  for (const struct of Y.decodeUpdate(update).structs)
    if (struct instanceof Y.Item) n += struct.length;
  return n;
}

/** A text's lines, each with its own "\n" (the last one may have none): offsets are sums. */
const linesWithEnds = (text: string) => (text === '' ? [] : text.split(/(?<=\n)/));

/** Brings a document's text to `next` with the fewest changed lines, as the server. */
function setDocText(doc: Y.Doc, next: string): void {
  const ytext = doc.getText(COEDIT_TEXT_NAME);
  const current = ytext.toString();
  if (current === next) return;
  const before = linesWithEnds(current);
  doc.transact(() => {
    let at = 0;
    let i = 0;
    for (const run of diffLineArrays(before, linesWithEnds(next))) {
      if (run.kind === 'add') {
        const inserted = run.lines.join('');
        ytext.insert(at, inserted);
        at += inserted.length;
        continue;
      }
      let length = 0;
      for (const end = i + run.count; i < end; i++) length += before[i]!.length;
      if (run.kind === 'equal') at += length;
      else ytext.delete(at, length);
    }
  }, SERVER_ORIGIN);
}

/**
 * The change from the document as it was at `base` (a snapshot) to `next`, as one Yjs update:
 * applied to the document as it is now, Yjs merges it with everything typed since — a file
 * written from outside and a member's typing elsewhere both stay.
 */
export function changeSince(base: Uint8Array, next: string): Uint8Array {
  const then = new Y.Doc();
  Y.applyUpdate(then, base, SERVER_ORIGIN);
  const before = Y.encodeStateVector(then);
  setDocText(then, next);
  const change = Y.encodeStateAsUpdate(then, before);
  then.destroy();
  return change;
}

/**
 * A document from what was kept (`updates`, oldest first), or — when nothing was — holding
 * `initialText` (the file's). Reconciling a kept document with a file changed since is the
 * hub's (`setText`, as edits, so a client holding the old document merges).
 */
export function openSharedDoc(updates: readonly Uint8Array[], initialText: string): SharedDoc {
  const doc = new Y.Doc();
  const ytext = doc.getText(COEDIT_TEXT_NAME);
  const awareness = new awarenessProtocol.Awareness(doc);
  // The server has no cursor of its own.
  awareness.setLocalState(null);
  doc.transact(() => {
    for (const update of updates) Y.applyUpdate(doc, update, SERVER_ORIGIN);
  }, SERVER_ORIGIN);

  const setText = (next: string) => setDocText(doc, next);
  if (updates.length === 0) setText(initialText);

  const receiveSync = (peer: DocPeer, decoder: decoding.Decoder, replies: Uint8Array[]) => {
    const kind = decoding.peekVarUint(decoder);
    if (kind !== syncProtocol.messageYjsSyncStep1) {
      // Step 2 and updates change the document: writers only, within the size limit.
      const copy = decoding.clone(decoder);
      decoding.readVarUint(copy);
      const update = decoding.readVarUint8Array(copy);
      if (!peer.canWrite) {
        if (update.length > 2)
          throw new AppError('FORBIDDEN', 403, 'Your role may read this file but not change it.');
        return;
      }
      if (ytext.length + insertedChars(update) > COEDIT_DOC_MAX_CHARS)
        throw new AppError(
          'PAYLOAD_TOO_LARGE',
          413,
          `A shared file holds at most ${COEDIT_DOC_MAX_CHARS} characters.`,
        );
    }
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, COEDIT_MESSAGE.sync);
    syncProtocol.readSyncMessage(decoder, encoder, doc, peer);
    if (encoding.length(encoder) > 1) replies.push(encoding.toUint8Array(encoder));
  };

  return {
    doc,
    awareness,
    text: () => ytext.toString(),
    snapshot: () => Y.encodeStateAsUpdate(doc),
    greeting() {
      const step1 = messageOf((e) => {
        encoding.writeVarUint(e, COEDIT_MESSAGE.sync);
        syncProtocol.writeSyncStep1(e, doc);
      });
      const states = [...awareness.getStates().keys()];
      if (states.length === 0) return [step1];
      const aware = messageOf((e) => {
        encoding.writeVarUint(e, COEDIT_MESSAGE.awareness);
        encoding.writeVarUint8Array(e, awarenessProtocol.encodeAwarenessUpdate(awareness, states));
      });
      return [step1, aware];
    },
    receive(peer, message) {
      if (message.byteLength > COEDIT_MESSAGE_MAX_BYTES)
        throw new AppError(
          'PAYLOAD_TOO_LARGE',
          413,
          `A document message may hold at most ${COEDIT_MESSAGE_MAX_BYTES} bytes: send smaller updates.`,
        );
      const replies: Uint8Array[] = [];
      try {
        const decoder = decoding.createDecoder(message);
        const kind = decoding.readVarUint(decoder);
        if (kind === COEDIT_MESSAGE.sync) receiveSync(peer, decoder, replies);
        else if (kind === COEDIT_MESSAGE.awareness)
          awarenessProtocol.applyAwarenessUpdate(
            awareness,
            decoding.readVarUint8Array(decoder),
            peer,
          );
        else throw new AppError('BAD_FRAME', 400, `Unknown document message kind ${kind}.`);
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw new AppError('BAD_FRAME', 400, 'The document message could not be read.');
      }
      return replies;
    },
    setText,
    applyServerUpdate(update) {
      Y.applyUpdate(doc, update, SERVER_ORIGIN);
    },
    forget(clientIds) {
      awarenessProtocol.removeAwarenessStates(awareness, clientIds, SERVER_ORIGIN);
    },
    onUpdate(listener) {
      const handler = (update: Uint8Array, origin: unknown) => listener(update, origin);
      doc.on('update', handler);
      return () => doc.off('update', handler);
    },
    onAwareness(listener) {
      const handler = (
        { added, updated, removed }: { added: number[]; updated: number[]; removed: number[] },
        origin: unknown,
      ) => {
        const changed = [...added, ...updated, ...removed];
        listener(
          messageOf((e) => {
            encoding.writeVarUint(e, COEDIT_MESSAGE.awareness);
            encoding.writeVarUint8Array(
              e,
              awarenessProtocol.encodeAwarenessUpdate(awareness, changed),
            );
          }),
          origin,
        );
      };
      awareness.on('update', handler);
      return () => awareness.off('update', handler);
    },
    destroy() {
      awareness.destroy();
      doc.destroy();
    },
  };
}

/**
 * The latest state, among those the kept `updates` pass through in order, whose text is `text`
 * (the document's own text, written to the file before a crash let its rows be folded); null when
 * none is. Read only when a document reopens and its file is not the text its rows name.
 */
export function stateWithText(updates: Uint8Array[], text: string): Uint8Array | null {
  const doc = new Y.Doc();
  const content = doc.getText(COEDIT_TEXT_NAME);
  let found: Uint8Array | null = null;
  for (const update of updates) {
    Y.applyUpdate(doc, update);
    if (content.length === text.length && content.toString() === text)
      found = Y.encodeStateAsUpdate(doc);
  }
  doc.destroy();
  return found;
}

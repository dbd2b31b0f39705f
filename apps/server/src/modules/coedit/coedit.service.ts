/**
 * The shared documents of this server (issue 47, docs/decisions/050): a file's document opens
 * when its first member joins and closes when the last one leaves. Every update is kept
 * (coedit.repository.ts) before it goes on to the others, so a restart loses nothing typed; the
 * text is written to the project's file — one version, as a save — after COEDIT_IDLE_WRITE_MS of
 * quiet, on Save, and when the last member leaves; the kept updates then fold into one snapshot.
 */
import { createHash } from 'node:crypto';
import * as Y from 'yjs';
import { COEDIT_IDLE_WRITE_MS } from '@codewright/contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { coeditRepository as repo } from './coedit.repository.ts';
import {
  changeSince,
  openSharedDoc,
  SERVER_ORIGIN,
  updateMessage,
  type DocPeer,
  type SharedDoc,
} from './shared-doc.ts';

/** A member's connection to one document. */
export interface CoeditPeer extends DocPeer {
  userId: string;
  /** Sends one y-protocols message to this member. */
  send(message: Uint8Array): void;
}

export interface CoeditDeps {
  db: Database;
  /** The file's content now, or null when the project has no such file. */
  readFile(projectId: string, path: string): Promise<string | null>;
  /** Writes the file as `userId` (one version, as a save). */
  writeFile(userId: string, projectId: string, path: string, text: string): Promise<void>;
  idleWriteMs?: number;
  log: { error(details: object, message: string): void };
}

interface OpenDoc {
  projectId: string;
  path: string;
  shared: SharedDoc;
  peers: Map<string, { peer: CoeditPeer; clientIds: Set<number> }>;
  /** Rows kept for this document (what the next compaction folds). */
  rows: number;
  /** The sha-256 of the text last written to (or read from) the file (a hash: memory). */
  written: string;
  /**
   * The document as it last agreed with the file (what outside changes are made on): null while
   * it is the last row that names its text (read back when an outside change comes).
   */
  baseState: Uint8Array | null;
  lastWriter: string | null;
  timer: ReturnType<typeof setTimeout> | null;
  /** Keeps, writes and compactions, one after another. */
  chain: Promise<void>;
  stopListening: () => void;
}

export type CoeditHub = ReturnType<typeof createCoeditHub>;

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');

export function createCoeditHub(deps: CoeditDeps) {
  const idleMs = deps.idleWriteMs ?? COEDIT_IDLE_WRITE_MS;
  const docs = new Map<string, Promise<OpenDoc>>();
  const keyOf = (projectId: string, path: string) => `${projectId}\u0000${path}`;

  const enqueue = (doc: OpenDoc, step: () => Promise<void>) => {
    doc.chain = doc.chain.then(step).catch((err: unknown) => {
      deps.log.error({ err, projectId: doc.projectId, path: doc.path }, 'coedit: keeping failed');
    });
    return doc.chain;
  };

  /**
   * The file was written from outside (an accepted AI edit, a restore) to `file`: that change,
   * made on the document as it last agreed with the file, merges with what was typed since. The
   * state that agrees with `file` (the old one and the change, without the typing) is kept as
   * the new base first. Runs inside the document's chain (or before it has listeners).
   */
  const follow = async (doc: OpenDoc, file: string) => {
    if (hashOf(file) === doc.written) return;
    const before =
      doc.baseState ?? (await repo.load(deps.db, doc.projectId, doc.path)).baseState ?? null;
    if (!before) return;
    const change = changeSince(before, file);
    doc.written = hashOf(file);
    doc.baseState = null;
    await repo.append(deps.db, doc.projectId, doc.path, Y.mergeUpdates([before, change]), {
      base: file,
    });
    doc.rows += 1;
    doc.shared.applyServerUpdate(change);
  };

  /** Writes the text to the file when it changed, then folds the kept updates into one. */
  const write = (doc: OpenDoc) =>
    enqueue(doc, async () => {
      if (doc.timer) clearTimeout(doc.timer);
      doc.timer = null;
      // A write from outside since the last one is merged first, never written over.
      const file = await deps.readFile(doc.projectId, doc.path);
      if (file === null) return;
      await follow(doc, file);
      const text = doc.shared.text();
      const changed = hashOf(text) !== doc.written;
      if (changed && !doc.lastWriter) return;
      if (changed) {
        await deps.writeFile(doc.lastWriter!, doc.projectId, doc.path, text);
        doc.written = hashOf(text);
      }
      // The kept rows fold into one that names the text just written: the new base.
      if (changed || doc.rows > 1) {
        const folded = doc.rows;
        await deps.db.transaction((tx) =>
          repo.compact(tx, doc.projectId, doc.path, doc.shared.snapshot(), folded, text),
        );
        doc.rows -= folded - 1;
        doc.baseState = null;
      }
    });

  async function open(projectId: string, path: string): Promise<OpenDoc> {
    const [kept, stored] = await Promise.all([
      repo.load(deps.db, projectId, path),
      deps.readFile(projectId, path),
    ]);
    if (stored === null) throw new AppError('NOT_FOUND', 404, `The project has no file ${path}.`);
    const file = stored;
    const shared = openSharedDoc(kept.updates, file);
    const doc: OpenDoc = {
      projectId,
      path,
      shared,
      peers: new Map(),
      rows: kept.updates.length,
      written: hashOf(kept.base ?? file),
      baseState: null,
      lastWriter: kept.lastWriter,
      timer: null,
      chain: Promise.resolve(),
      stopListening: () => undefined,
    };
    if (kept.updates.length === 0) {
      // A new document: kept from the start, so every later update applies on top of it.
      await repo.append(deps.db, projectId, path, shared.snapshot(), { base: file });
      doc.rows += 1;
    } else if (hashOf(file) !== doc.written && kept.baseState) {
      // The file changed while the document was closed (a write from outside): that change,
      // made on the document as it agreed with the file, merges with any typing kept since (a
      // crash before its write) — neither is lost. No listener yet: the change is kept here.
      doc.baseState = kept.baseState;
      await follow(doc, file);
      await repo.append(deps.db, projectId, path, shared.snapshot(), {});
      doc.rows += 1;
    }
    const offUpdate = shared.onUpdate((update, origin) => {
      const from = origin !== SERVER_ORIGIN ? doc.peers.get((origin as DocPeer).id) : undefined;
      if (from) doc.lastWriter = from.peer.userId;
      const by = from ? { userId: from.peer.userId } : {};
      void enqueue(doc, async () => {
        await repo.append(deps.db, projectId, path, update, by);
        doc.rows += 1;
        const message = updateMessage(update);
        for (const { peer } of doc.peers.values()) if (peer !== from?.peer) peer.send(message);
      });
      if (doc.timer) clearTimeout(doc.timer);
      doc.timer = setTimeout(() => void write(doc), idleMs);
    });
    const offAware = shared.onAwareness((message, origin) => {
      const from = origin !== SERVER_ORIGIN ? doc.peers.get((origin as DocPeer).id) : undefined;
      for (const { peer } of doc.peers.values()) if (peer !== from?.peer) peer.send(message);
    });
    shared.awareness.on('update', ({ added }: { added: number[] }, origin: unknown) => {
      const from = origin !== SERVER_ORIGIN ? doc.peers.get((origin as DocPeer).id) : undefined;
      for (const id of added) from?.clientIds.add(id);
    });
    doc.stopListening = () => {
      offUpdate();
      offAware();
    };
    // Typing kept but not yet written (a crash came first): written after the quiet time.
    if (shared.text() !== file) doc.timer = setTimeout(() => void write(doc), idleMs);
    return doc;
  }

  const opened = (projectId: string, path: string) => {
    const key = keyOf(projectId, path);
    let doc = docs.get(key);
    if (!doc) {
      doc = open(projectId, path);
      docs.set(key, doc);
      doc.catch(() => docs.delete(key));
    }
    return doc;
  };

  return {
    /**
     * `peer` joins a file's document; returns what to send it first (sync step 1, who else is
     * there). NOT_FOUND when the project has no such file.
     */
    async join(projectId: string, path: string, peer: CoeditPeer): Promise<Uint8Array[]> {
      const doc = await opened(projectId, path);
      doc.peers.set(peer.id, { peer, clientIds: new Set() });
      return doc.shared.greeting();
    },

    /** One message of a member; replies go back to it (throws AppError for a refused one). */
    async receive(projectId: string, path: string, peerId: string, message: Uint8Array) {
      const doc = await docs.get(keyOf(projectId, path));
      const entry = doc?.peers.get(peerId);
      if (!doc || !entry) return;
      for (const reply of doc.shared.receive(entry.peer, message)) entry.peer.send(reply);
    },

    /** A member leaves; the last one out writes the file and closes the document. */
    async leave(projectId: string, path: string, peerId: string): Promise<void> {
      const key = keyOf(projectId, path);
      const doc = await docs.get(key);
      const entry = doc?.peers.get(peerId);
      if (!doc || !entry) return;
      doc.peers.delete(peerId);
      doc.shared.forget([...entry.clientIds]);
      if (doc.peers.size > 0) return;
      docs.delete(key);
      await write(doc);
      doc.stopListening();
      doc.shared.destroy();
    },

    /** Save: the document's text is written to its file now (when a document is open). */
    async save(projectId: string, path: string): Promise<void> {
      const doc = await docs.get(keyOf(projectId, path));
      if (doc) await write(doc);
    },

    /** The file was written from outside (an accepted AI edit): merged into the open document. */
    async fileChanged(projectId: string, path: string, text: string): Promise<void> {
      const doc = await docs.get(keyOf(projectId, path));
      if (doc) await enqueue(doc, () => follow(doc, text));
    },

    /** The text of an open document (tests, and the Save of a member). */
    async textOf(projectId: string, path: string): Promise<string | null> {
      const doc = await docs.get(keyOf(projectId, path));
      return doc ? doc.shared.text() : null;
    },

    /** Writes every open document and closes them (server shutdown). */
    async close(): Promise<void> {
      const all = await Promise.allSettled([...docs.values()]);
      docs.clear();
      for (const r of all)
        if (r.status === 'fulfilled') {
          await write(r.value);
          r.value.stopListening();
          r.value.shared.destroy();
        }
    },
  };
}

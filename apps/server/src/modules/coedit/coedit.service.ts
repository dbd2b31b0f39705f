/**
 * (Over 300 lines: one hub whose open, follow, write and leave share each document's chain,
 * rows and base; split, each part would reach into the others' state.)
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
  stateWithText,
  updateMessage,
  type DocPeer,
  type SharedDoc,
} from './shared-doc.ts';

/** Who asks for a write now (`doc-save`), and its version's source (default save) and prompt. */
export type CoeditSaveAs = { userId: string; source?: 'save' | 'edit' | 'fix'; prompt?: string };

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
  /** Writes the file as `userId`: one version, as a save unless `how` says otherwise. */
  writeFile(
    userId: string,
    projectId: string,
    path: string,
    text: string,
    how?: Omit<CoeditSaveAs, 'userId'>,
  ): Promise<void>;
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
  /** The writes of documents their last member just left. */
  const closing = new Set<Promise<void>>();
  /** Shut down: a member leaving later writes nothing (their typing is kept; written on reopen). */
  let closed = false;
  const keyOf = (projectId: string, path: string) => `${projectId}\u0000${path}`;

  /** Runs `step` after the document's earlier ones; a failure is logged (and with `fail`, thrown). */
  const enqueue = (doc: OpenDoc, step: () => Promise<void>, fail = false) => {
    const run = doc.chain.then(step);
    doc.chain = run.catch((err: unknown) => {
      deps.log.error({ err, projectId: doc.projectId, path: doc.path }, 'coedit: keeping failed');
    });
    return fail ? run : doc.chain;
  };

  /**
   * The file was written from outside (an accepted AI edit, a restore) to `file`: that change,
   * made on the document as it last agreed with the file, merges with what was typed since. The
   * state that agrees with `file` (the old one and the change, without the typing) is kept as
   * the new base first. Runs inside the document's chain (or before it has listeners).
   */
  const follow = async (doc: OpenDoc, file: string) => {
    if (hashOf(file) === doc.written) return;
    // The document's own text (a member's write through it, or one just merged): nothing to
    // change — this state is the new base. Made as a change, it would insert the text twice.
    if (file === doc.shared.text()) return agree(doc, doc.shared.snapshot(), file);
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

  /**
   * Writes the text to the file when it changed — as the member who typed last, or as `as` with
   * its source and prompt — then folds the kept updates into one. With `as`, a failure is thrown.
   */
  const write = (doc: OpenDoc, as?: CoeditSaveAs) =>
    enqueue(doc, () => writeNow(doc, as), as !== undefined);
  const writeNow = async (doc: OpenDoc, as?: CoeditSaveAs) => {
    if (doc.timer) clearTimeout(doc.timer);
    doc.timer = null;
    // A write from outside since the last one is merged first, never written over.
    const file = await deps.readFile(doc.projectId, doc.path);
    if (file === null) return;
    await follow(doc, file);
    const text = doc.shared.text();
    const changed = hashOf(text) !== doc.written;
    const author = as?.userId ?? doc.lastWriter;
    if (changed && !author) return;
    if (changed) {
      await deps.writeFile(author!, doc.projectId, doc.path, text, as);
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
  };

  /** `state`, whose text is the file's, is kept as the base that outside changes are made on. */
  const agree = async (doc: OpenDoc, state: Uint8Array, file: string) => {
    doc.written = hashOf(file);
    doc.baseState = null;
    await repo.append(deps.db, doc.projectId, doc.path, state, { base: file });
    doc.rows += 1;
  };

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
      // The file holds a text the document had: its write came before a crash folded the rows.
      const agreed = stateWithText(kept.updates, file);
      if (agreed) await agree(doc, agreed, file);
      // The file changed while the document was closed (a write from outside): that change,
      // made on the document as it agreed with the file, merges with any typing kept since (a
      // crash before its write) — neither is lost. No listener yet: the change is kept here.
      else {
        doc.baseState = kept.baseState;
        await follow(doc, file);
        await repo.append(deps.db, projectId, path, shared.snapshot(), {});
        doc.rows += 1;
      }
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
      // Awaited by close(): a shutdown closes the sockets first, and this write needs the database.
      const last = (closed ? Promise.resolve() : write(doc)).then(() => {
        doc.stopListening();
        doc.shared.destroy();
      });
      closing.add(last);
      await last.finally(() => closing.delete(last));
    },

    /**
     * Save: the document's text is written to its file now (when a document is open), after every
     * update received before; with `as` (a `doc-save`), as that user, source and prompt.
     */
    async save(projectId: string, path: string, as?: CoeditSaveAs): Promise<void> {
      const doc = await docs.get(keyOf(projectId, path));
      if (doc) await write(doc, as);
    },

    /**
     * A file (without `path`, every file) of a project was written from outside — a REST write,
     * an AI edit, a commit, a restore: its open document merges the file as it is now, in its
     * chain. Never fails (logged); the hub's own writes do not call it.
     */
    async fileChanged(projectId: string, path?: string): Promise<void> {
      const key = keyOf(projectId, path ?? '');
      const open = [...docs].filter(([k]) => (path === undefined ? k.startsWith(key) : k === key));
      await Promise.all(
        open.map(async ([, pending]) => {
          try {
            const doc = await pending;
            await enqueue(doc, async () => {
              const file = await deps.readFile(projectId, doc.path);
              if (file !== null) await follow(doc, file);
            });
          } catch (err) {
            deps.log.error({ err, projectId, path }, 'coedit: following a write failed');
          }
        }),
      );
    },

    /** The text of an open document (tests, and the Save of a member). */
    async textOf(projectId: string, path: string): Promise<string | null> {
      const doc = await docs.get(keyOf(projectId, path));
      return doc ? doc.shared.text() : null;
    },

    /** Writes every open document and closes them (server shutdown). */
    async close(): Promise<void> {
      closed = true;
      await Promise.allSettled([...closing]);
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

// Shared documents (issue 47): two clients of one server document merge concurrent typing with
// Yjs's own sync protocol; a viewer may read but not change it; a document reopened from what was
// kept holds everything, and follows a file written meanwhile as edits.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import * as syncProtocol from 'y-protocols/sync';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { COEDIT_MESSAGE, COEDIT_TEXT_NAME } from '@codewright/contract';
import { changeSince, openSharedDoc, updateMessage, type SharedDoc } from './shared-doc.ts';

/** A client's Y.Doc talking to `shared` the way the browser does (sync step 1/2, then updates). */
function connect(shared: SharedDoc, id: string, canWrite = true) {
  const doc = new Y.Doc();
  const peer = { id, canWrite };
  const fromServer = (message: Uint8Array) => {
    const decoder = decoding.createDecoder(message);
    if (decoding.readVarUint(decoder) !== COEDIT_MESSAGE.sync) return;
    const reply = encoding.createEncoder();
    encoding.writeVarUint(reply, COEDIT_MESSAGE.sync);
    syncProtocol.readSyncMessage(decoder, reply, doc, 'server');
    if (encoding.length(reply) > 1) toServer(encoding.toUint8Array(reply));
  };
  const toServer = (message: Uint8Array) => {
    for (const reply of shared.receive(peer, message)) fromServer(reply);
  };
  doc.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin !== 'server') toServer(updateMessage(update));
  });
  for (const message of shared.greeting()) fromServer(message);
  const step1 = encoding.createEncoder();
  encoding.writeVarUint(step1, COEDIT_MESSAGE.sync);
  syncProtocol.writeSyncStep1(step1, doc);
  toServer(encoding.toUint8Array(step1));
  return { doc, text: doc.getText(COEDIT_TEXT_NAME), peer, fromServer, toServer };
}

/** Passes the server's updates on to every client but the one that made them. */
function relay(shared: SharedDoc, clients: ReturnType<typeof connect>[]) {
  shared.onUpdate((update, origin) => {
    for (const c of clients) if (c.peer !== origin) c.fromServer(updateMessage(update));
  });
}

describe('a shared document', () => {
  it('starts from the file and gives a newcomer its text', () => {
    const shared = openSharedDoc([], 'const a = 1;\n');
    const alex = connect(shared, 'alex');
    expect(alex.text.toString()).toBe('const a = 1;\n');
  });

  it('merges concurrent typing at two places', () => {
    const shared = openSharedDoc([], 'top\nbottom\n');
    const alex = connect(shared, 'alex');
    const sam = connect(shared, 'sam');
    // Both type before either hears of the other: then the updates cross.
    const heldForSam: Uint8Array[] = [];
    const heldForAlex: Uint8Array[] = [];
    shared.onUpdate((update, origin) =>
      (origin === alex.peer ? heldForSam : heldForAlex).push(updateMessage(update)),
    );
    alex.text.insert(3, ' by alex');
    sam.text.insert('top\nbottom'.length, ' by sam');
    heldForSam.forEach(sam.fromServer);
    heldForAlex.forEach(alex.fromServer);
    const merged = 'top by alex\nbottom by sam\n';
    expect(shared.text()).toBe(merged);
    expect(alex.text.toString()).toBe(merged);
    expect(sam.text.toString()).toBe(merged);
  });

  it('merges concurrent typing at the same place without losing either', () => {
    const shared = openSharedDoc([], 'x = ;\n');
    const alex = connect(shared, 'alex');
    const sam = connect(shared, 'sam');
    const held: Array<[ReturnType<typeof connect>, Uint8Array]> = [];
    shared.onUpdate((update, origin) =>
      held.push([origin === alex.peer ? sam : alex, updateMessage(update)]),
    );
    alex.text.insert(4, '1');
    sam.text.insert(4, '2');
    for (const [to, message] of held) to.fromServer(message);
    expect(alex.text.toString()).toBe(sam.text.toString());
    expect(shared.text()).toMatch(/^x = (12|21);\n$/);
  });

  it('lets a viewer read live but refuses its changes', () => {
    const shared = openSharedDoc([], 'hello\n');
    const alex = connect(shared, 'alex');
    const viewer = connect(shared, 'viewer', false);
    relay(shared, [alex, viewer]);
    alex.text.insert(5, ' world');
    expect(viewer.text.toString()).toBe('hello world\n');
    const local = new Y.Doc();
    Y.applyUpdate(local, Y.encodeStateAsUpdate(viewer.doc));
    local.getText(COEDIT_TEXT_NAME).insert(0, 'sneaky ');
    expect(() =>
      shared.receive(
        viewer.peer,
        updateMessage(Y.encodeStateAsUpdate(local, Y.encodeStateVector(viewer.doc))),
      ),
    ).toThrow(/may read this file but not change it/);
    expect(shared.text()).toBe('hello world\n');
  });

  it('refuses a message it cannot read, and one too large', () => {
    const shared = openSharedDoc([], '');
    expect(() => shared.receive({ id: 'a', canWrite: true }, new Uint8Array([7]))).toThrow(
      /Unknown document message kind 7/,
    );
    expect(() => shared.receive({ id: 'a', canWrite: true }, new Uint8Array([0, 2, 200]))).toThrow(
      /could not be read/,
    );
    expect(() =>
      shared.receive({ id: 'a', canWrite: true }, new Uint8Array(64 * 1024 + 1)),
    ).toThrow(/at most 65536 bytes/);
  });

  it('reopens from its kept updates with everything typed, and follows a changed file as edits', () => {
    const kept: Uint8Array[] = [];
    const first = openSharedDoc([], 'a\nb\nc\n');
    kept.push(first.snapshot());
    first.onUpdate((update) => kept.push(update));
    const alex = connect(first, 'alex');
    alex.text.insert(2, 'typed ');
    expect(first.text()).toBe('a\ntyped b\nc\n');
    // A restart: only what was kept.
    const again = openSharedDoc(kept, 'a\ntyped b\nc\n');
    expect(again.text()).toBe('a\ntyped b\nc\n');
    // The file changed while the document was closed: it follows as edits, so alex's old
    // document merges with it instead of doubling the text.
    const changed = openSharedDoc(kept, 'the file is not read when updates are kept');
    expect(changed.text()).toBe('a\ntyped b\nc\n');
    changed.setText('a\ntyped b\nc\nd\n');
    expect(changed.text()).toBe('a\ntyped b\nc\nd\n');
    const back = connect(changed, 'alex-again');
    Y.applyUpdate(back.doc, Y.encodeStateAsUpdate(alex.doc));
    expect(back.text.toString()).toBe('a\ntyped b\nc\nd\n');
  });

  it('a change made on an earlier state merges with typing since: both stay', () => {
    const shared = openSharedDoc([], 'one\ntwo\nthree\n');
    const base = shared.snapshot();
    const alex = connect(shared, 'alex');
    relay(shared, [alex]);
    alex.text.insert(0, '// typed\n');
    shared.applyServerUpdate(changeSince(base, 'one\ntwo\n3\n'));
    expect(shared.text()).toBe('// typed\none\ntwo\n3\n');
    expect(alex.text.toString()).toBe('// typed\none\ntwo\n3\n');
  });

  it('setText changes only the lines that differ', () => {
    const shared = openSharedDoc([], 'one\ntwo\nthree');
    const alex = connect(shared, 'alex');
    relay(shared, [alex]);
    for (const next of ['one\n2\nthree', 'zero\none\n2\nthree\nfour', '', 'x']) {
      shared.setText(next);
      expect(shared.text()).toBe(next);
      expect(alex.text.toString()).toBe(next);
    }
  });
});

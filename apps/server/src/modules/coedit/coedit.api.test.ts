// Shared documents kept in the database (issue 47): every update is kept before it goes on, so a
// hub started again on the same database (a restart, nothing closed) opens the document with all
// that was typed; after the quiet time the text is written to the file and the kept updates fold
// into one. Real database (embedded, and PostgreSQL in api-pg).
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import * as syncProtocol from 'y-protocols/sync';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { COEDIT_MESSAGE, COEDIT_TEXT_NAME } from '@codewright/contract';
import { rowsOf } from '../../db/query.ts';
import { useTestApp } from '../../test/test-app.ts';
import { createProject, newUser } from '../db/db-test-helpers.ts';
import { createCoeditHub, type CoeditPeer } from './coedit.service.ts';
import { updateMessage } from './shared-doc.ts';

const t = useTestApp();
const MAIN = 'main.js';

async function mainFile(projectId: string) {
  const [row] = rowsOf<{ content: string }>(
    await t.app.db.execute(
      sql`select content from project_files where project_id = ${projectId} and path = ${MAIN}`,
    ),
  );
  return row?.content ?? null;
}

async function keptRows(projectId: string) {
  return rowsOf<{ n: number }>(
    await t.app.db.execute(
      sql`select count(*)::int as n from project_doc_updates where project_id = ${projectId}`,
    ),
  )[0]!.n;
}

/** A hub on the test app's database; its writes go to project_files as a PATCH would. */
function hub(idleWriteMs = 60_000) {
  const writes: string[] = [];
  const h = createCoeditHub({
    db: t.app.db,
    readFile: (projectId) => mainFile(projectId),
    async writeFile(_userId, projectId, path, text) {
      writes.push(text);
      await t.app.db.execute(
        sql`update project_files set content = ${text} where project_id = ${projectId} and path = ${path}`,
      );
    },
    idleWriteMs,
    log: { error: () => undefined },
  });
  return { h, writes };
}

/** A member's client document joined to `projectId`'s main file through `h`. */
async function member(
  h: ReturnType<typeof createCoeditHub>,
  projectId: string,
  id: string,
  userId: string,
) {
  const doc = new Y.Doc();
  const inbox: Uint8Array[] = [];
  const peer: CoeditPeer = { id, userId, canWrite: true, send: (m) => inbox.push(m) };
  const drain = async () => {
    while (inbox.length > 0) {
      const decoder = decoding.createDecoder(inbox.shift()!);
      if (decoding.readVarUint(decoder) !== COEDIT_MESSAGE.sync) continue;
      const reply = encoding.createEncoder();
      encoding.writeVarUint(reply, COEDIT_MESSAGE.sync);
      syncProtocol.readSyncMessage(decoder, reply, doc, 'server');
      if (encoding.length(reply) > 1)
        await h.receive(projectId, MAIN, id, encoding.toUint8Array(reply));
    }
  };
  doc.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin !== 'server') void h.receive(projectId, MAIN, id, updateMessage(update));
  });
  inbox.push(...(await h.join(projectId, MAIN, peer)));
  // As a browser's provider does: its own step 1, answered with what it lacks.
  const step1 = encoding.createEncoder();
  encoding.writeVarUint(step1, COEDIT_MESSAGE.sync);
  syncProtocol.writeSyncStep1(step1, doc);
  await h.receive(projectId, MAIN, id, encoding.toUint8Array(step1));
  await drain();
  return { doc, text: doc.getText(COEDIT_TEXT_NAME), drain };
}

describe('shared documents kept in the database', () => {
  it('a restart (nothing closed) opens the document with everything typed', async () => {
    const user = await newUser(t.app);
    const id = String((await createProject(t.app, user.token, { code: 'let a = 1;\n' })).id);
    const first = hub();
    const alex = await member(first.h, id, 'alex', user.id);
    expect(alex.text.toString()).toBe('let a = 1;\n');
    alex.text.insert(10, ' // typed');
    alex.text.insert(0, '// top\n');
    await expect.poll(() => keptRows(id)).toBeGreaterThanOrEqual(3);

    // The first hub is gone without writing anything (kill -9): a new one reads what was kept.
    const second = hub(50);
    expect(await second.h.textOf(id, MAIN)).toBeNull();
    const sam = await member(second.h, id, 'sam', user.id);
    expect(sam.text.toString()).toBe('// top\nlet a = 1; // typed\n');
    // alex's old document merges with it without doubling the text.
    Y.applyUpdate(sam.doc, Y.encodeStateAsUpdate(alex.doc));
    expect(sam.text.toString()).toBe('// top\nlet a = 1; // typed\n');
    // What was typed but never written reaches the file after the quiet time.
    await expect.poll(() => mainFile(id)).toBe('// top\nlet a = 1; // typed\n');
    await second.h.close();

    // Again a crash with typing not written, and this time the file is changed from outside
    // before the document reopens: both stay.
    const third = hub();
    const kim = await member(third.h, id, 'kim', user.id);
    const rowsBefore = await keptRows(id);
    kim.text.insert(kim.text.length, 'let b = 2;\n');
    await expect.poll(() => keptRows(id)).toBeGreaterThan(rowsBefore);
    await t.app.db.execute(
      sql`update project_files set content = ${'// TOP\nlet a = 1; // typed\n'} where project_id = ${id} and path = ${MAIN}`,
    );
    const fourth = hub();
    const lee = await member(fourth.h, id, 'lee', user.id);
    expect(lee.text.toString()).toBe('// TOP\nlet a = 1; // typed\nlet b = 2;\n');
    await fourth.h.close();
    expect(await mainFile(id)).toBe('// TOP\nlet a = 1; // typed\nlet b = 2;\n');
  });

  it('a crash after the file was written but before the kept rows were folded doubles nothing', async () => {
    const user = await newUser(t.app);
    const id = String((await createProject(t.app, user.token, { code: 'let a = 1;\n' })).id);
    const first = hub();
    const alex = await member(first.h, id, 'alex', user.id);
    alex.text.insert(0, 'o1 ');
    await expect.poll(() => keptRows(id)).toBeGreaterThanOrEqual(2);
    // The write of the text reached the file; the fold did not (the database went away).
    await t.app.db.execute(
      sql`update project_files set content = ${'o1 let a = 1;\n'} where project_id = ${id} and path = ${MAIN}`,
    );
    // More typing is kept after that write, then the crash.
    alex.text.insert(alex.text.length, 'more\n');
    await expect.poll(() => keptRows(id)).toBeGreaterThanOrEqual(3);
    const second = hub(50);
    const sam = await member(second.h, id, 'sam', user.id);
    expect(sam.text.toString()).toBe('o1 let a = 1;\nmore\n');
    Y.applyUpdate(sam.doc, Y.encodeStateAsUpdate(alex.doc));
    expect(sam.text.toString()).toBe('o1 let a = 1;\nmore\n');
    await expect.poll(() => mainFile(id)).toBe('o1 let a = 1;\nmore\n');
    // A file written with the document's own text (a member's save through it) changes nothing.
    sam.text.insert(0, '// ');
    await second.h.fileChanged(id, MAIN);
    await t.app.db.execute(
      sql`update project_files set content = ${'// o1 let a = 1;\nmore\n'} where project_id = ${id} and path = ${MAIN}`,
    );
    await second.h.fileChanged(id, MAIN);
    expect(await second.h.textOf(id, MAIN)).toBe('// o1 let a = 1;\nmore\n');
    await second.h.close();
  });

  it('after the quiet time the file has the text, and the kept updates fold into one', async () => {
    const user = await newUser(t.app);
    const id = String((await createProject(t.app, user.token, { code: 'x\n' })).id);
    const { h, writes } = hub(50);
    const alex = await member(h, id, 'alex', user.id);
    for (const ch of 'yz') alex.text.insert(alex.text.length, ch);
    await expect.poll(() => mainFile(id)).toBe('x\nyz');
    expect(writes).toEqual(['x\nyz']);
    await expect.poll(() => keptRows(id)).toBe(1);
    // Reopened from the one snapshot: the same text.
    const again = hub();
    const sam = await member(again.h, id, 'sam', user.id);
    expect(sam.text.toString()).toBe('x\nyz');
    await Promise.all([h.close(), again.h.close()]);
    // The file changed from outside while no document was open: the next one follows it.
    await t.app.db.execute(
      sql`update project_files set content = ${'x\nyz\nfrom outside'} where project_id = ${id} and path = ${MAIN}`,
    );
    const later = hub();
    const kim = await member(later.h, id, 'kim', user.id);
    expect(kim.text.toString()).toBe('x\nyz\nfrom outside');
    Y.applyUpdate(kim.doc, Y.encodeStateAsUpdate(sam.doc));
    expect(kim.text.toString()).toBe('x\nyz\nfrom outside');
    await later.h.close();
  });

  it('a file written from outside while a member types elsewhere keeps both', async () => {
    const user = await newUser(t.app);
    const id = String((await createProject(t.app, user.token, { code: 'one\ntwo\nthree\n' })).id);
    const { h } = hub(50);
    const alex = await member(h, id, 'alex', user.id);
    alex.text.insert(0, '// typed\n');
    // Meanwhile an accepted AI edit rewrites the last line of the file (the hub is not told).
    await t.app.db.execute(
      sql`update project_files set content = ${'one\ntwo\n3\n'} where project_id = ${id} and path = ${MAIN}`,
    );
    await expect.poll(() => mainFile(id)).toBe('// typed\none\ntwo\n3\n');
    await expect
      .poll(async () => (await alex.drain(), alex.text.toString()))
      .toBe('// typed\none\ntwo\n3\n');
    await h.close();
  });

  it('two writes from outside while typing is not yet written, and a crash between them: nothing lost or doubled', async () => {
    const user = await newUser(t.app);
    const id = String((await createProject(t.app, user.token, { code: 'a\nb\nc\n' })).id);
    const outside = async (text: string) =>
      t.app.db.execute(
        sql`update project_files set content = ${text} where project_id = ${id} and path = ${MAIN}`,
      );
    const first = hub();
    const alex = await member(first.h, id, 'alex', user.id);
    const rowsBefore = await keptRows(id);
    alex.text.insert(0, 'typed\n');
    await expect.poll(() => keptRows(id)).toBeGreaterThan(rowsBefore);
    await outside('a\nB\nc\n');
    await first.h.fileChanged(id, MAIN);
    expect(await first.h.textOf(id, MAIN)).toBe('typed\na\nB\nc\n');
    await outside('a\nB\nC\n');
    await first.h.fileChanged(id, MAIN);
    expect(await first.h.textOf(id, MAIN)).toBe('typed\na\nB\nC\n');
    // A crash (nothing written since), then another write from outside, then a reopen.
    await expect.poll(async () => (await first.h.textOf(id, MAIN)) !== null).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
    await outside('A\nB\nC\n');
    const second = hub();
    const sam = await member(second.h, id, 'sam', user.id);
    expect(sam.text.toString()).toBe('typed\nA\nB\nC\n');
    await second.h.close();
    expect(await mainFile(id)).toBe('typed\nA\nB\nC\n');
  });

  it('a file written from outside reaches the members as edits; the last one out writes the file', async () => {
    const user = await newUser(t.app);
    const id = String((await createProject(t.app, user.token, { code: 'a\nb\n' })).id);
    const { h } = hub();
    const alex = await member(h, id, 'alex', user.id);
    const sam = await member(h, id, 'sam', user.id);
    // An accepted AI edit writes the file; the hub hears of it.
    await t.app.db.execute(
      sql`update project_files set content = ${'a\nb\nc\n'} where project_id = ${id} and path = ${MAIN}`,
    );
    await h.fileChanged(id, MAIN);
    // Passed on once kept: each member sees it shortly.
    const seen = (m: typeof alex) => async () => (await m.drain(), m.text.toString());
    await expect.poll(seen(alex)).toBe('a\nb\nc\n');
    await expect.poll(seen(sam)).toBe('a\nb\nc\n');
    alex.text.insert(0, '0\n');
    await expect.poll(seen(sam)).toBe('0\na\nb\nc\n');
    await h.leave(id, MAIN, 'alex');
    expect(await mainFile(id)).toBe('a\nb\nc\n');
    await h.leave(id, MAIN, 'sam');
    expect(await mainFile(id)).toBe('0\na\nb\nc\n');
    expect(await h.textOf(id, MAIN)).toBeNull();
  });
});

/**
 * Drizzle's migrations folder (drizzle/: meta/_journal.json and one .sql per migration), and a
 * copy of its first migrations only: how a restore makes a database at a backup's schema
 * (modules/backup/restore.ts) and how migration tests make one "before this change".
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface JournalEntry {
  idx: number;
  /** Milliseconds since 1970: what drizzle records as the migration's created_at. */
  when: number;
  tag: string;
}

/** The journal of the migrations folder `dir`. */
export async function readJournal(dir: string): Promise<{ entries: JournalEntry[] }> {
  return JSON.parse(await fs.readFile(path.join(dir, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
}

/** A new temp folder holding the first `count` migrations of `dir`, journal and files. */
export async function firstMigrations(dir: string, count: number, prefix: string): Promise<string> {
  const journal = await readJournal(dir);
  const entries = journal.entries.slice(0, count);
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  await fs.mkdir(path.join(folder, 'meta'));
  await fs.writeFile(
    path.join(folder, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries }),
  );
  for (const { tag } of entries) {
    await fs.copyFile(path.join(dir, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  }
  return folder;
}

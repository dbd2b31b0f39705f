/**
 * Writing a project's history inside the caller's transaction, which already
 * holds the project row's lock (docs/decisions/015): appending a version,
 * rebuilding one, and placing the chat snapshots of work done before the first
 * save in front of that save.
 */
import type { VersionSource, VersionSummary } from '@codewright/contract';
import type { Executor } from '../../db/query.ts';
import { newId } from '../../lib/ids.ts';
import { codeSha256, decodeChain, encodeVersion } from './version-codec.ts';
import { type NewVersionRow, versionsRepository as repo } from './versions.repository.ts';
import { currentTree, sameFiles, treeHashesAt, writeTree } from './version-trees.repository.ts';

/** Most chat snapshots that become versions of one project (the import rewrites them all). */
export const CHAT_IMPORT_MAX = 200;

export interface AppendInput {
  authorId: string | null;
  source: VersionSource;
  prompt?: string | null;
  code: string;
  /** ISO time of the version; default now. */
  createdAt?: string | null;
}

/** The code of version `number` of a project, rebuilt from its nearest full version. */
export async function rebuildCode(
  db: Executor,
  projectId: string,
  number: number,
): Promise<string> {
  return decodeChain(await repo.chainTo(db, projectId, number));
}

/**
 * Adds the next version. `knownBase` is what the caller believes the newest version
 * holds (the project's code before this change): used when its hash matches, so the
 * common case never rebuilds anything; otherwise the newest version is rebuilt.
 */
export async function appendVersion(
  tx: Executor,
  projectId: string,
  input: AppendInput,
  knownBase?: string,
): Promise<VersionSummary> {
  const latest = await repo.latest(tx, projectId);
  let base: string | null = null;
  if (latest) {
    base =
      knownBase !== undefined && codeSha256(knownBase).equals(latest.codeSha256)
        ? knownBase
        : await rebuildCode(tx, projectId, latest.number);
  }
  const number = (latest?.number ?? 0) + 1;
  // The files as they are, the main one holding this version's code.
  const tree = await currentTree(tx, projectId, input.code);
  const [summary] = await repo.insert(tx, [
    {
      id: newId('ver'),
      projectId,
      number,
      createdAt: input.createdAt ?? null,
      authorId: input.authorId,
      source: input.source,
      prompt: input.prompt ?? null,
      label: null,
      messageId: null,
      encoded: encodeVersion(input.code, base, latest ? number - latest.lastFull : 0),
      codeSha256: codeSha256(input.code),
      mainPath: tree?.mainPath ?? null,
    },
  ]);
  if (tree) await writeTree(tx, projectId, number, tree, latest?.mainPath ?? null);
  return summary!;
}

/**
 * A change of the project's files (a file created, renamed, edited or deleted) becomes a version
 * holding the whole tree, unless the newest version already holds exactly these files.
 */
export async function appendTreeChange(
  tx: Executor,
  projectId: string,
  input: Omit<AppendInput, 'code'>,
): Promise<VersionSummary | null> {
  const tree = await currentTree(tx, projectId);
  if (!tree) return null;
  const latest = await repo.latest(tx, projectId);
  if (latest && latest.mainPath === tree.mainPath) {
    if (sameFiles(await treeHashesAt(tx, projectId, latest.number), tree.files)) return null;
  }
  const code = await repo.projectCode(tx, projectId);
  if (!latest && tree.files.size === 1 && code.trim() === '') return null;
  return appendVersion(tx, projectId, { ...input, code }, code);
}

/** The newest version's summary and whether it holds `code` (no rebuild: compares hashes). */
export async function latestHolds(tx: Executor, projectId: string, code: string) {
  const latest = await repo.latest(tx, projectId);
  return latest !== null && codeSha256(code).equals(latest.codeSha256);
}

interface Entry {
  id: string;
  createdAt: string;
  authorId: string | null;
  source: VersionSource;
  prompt: string | null;
  label: string | null;
  messageId: string | null;
  code: string;
  isNew: boolean;
}

/** The last user message at or before `at` (ISO times sort as text). */
function promptBefore(messages: readonly { createdAt: string; content: string }[], at: string) {
  let found: string | null = null;
  for (const m of messages) {
    if (m.createdAt > at) break;
    found = m.content;
  }
  return found;
}

/**
 * Work before the first save (docs/api.md § Versions): the code snapshots of the
 * assistant messages `messageIds` become versions placed before the project's first
 * save, in the order they were made, while the project's history is still that one
 * save (plus snapshots imported before). Later messages make no versions. A snapshot
 * equal to the version before it is skipped. Each becomes an `edit` when code came
 * before it and a `generation` otherwise, with the user message before it as prompt.
 */
export async function importChatSnapshots(
  tx: Executor,
  projectId: string,
  authorId: string,
  messageIds: readonly string[],
): Promise<void> {
  const snapshots = (await repo.snapshots(tx, messageIds)).filter(
    (s) => s.projectId === projectId && s.codeSnapshot.trim() !== '',
  );
  if (snapshots.length === 0) return;
  const stored = await repo.all(tx, projectId);
  const saves = stored.filter((v) => v.messageId === null);
  const imported = stored.filter((v) => v.messageId !== null);
  if (saves.length > 1) return;
  const known = new Set(imported.map((v) => v.messageId));
  const room = CHAT_IMPORT_MAX - imported.length;
  const fresh = snapshots.filter((s) => !known.has(s.id)).slice(0, Math.max(0, room));
  if (fresh.length === 0) return;

  // The codes of what is stored, rebuilt in order (a short history: the import runs right after the first save).
  const entries: Entry[] = [];
  for (const v of stored) {
    const code = await rebuildCode(tx, projectId, v.number);
    entries.push({ ...v, code, isNew: false });
  }
  const prompts = await repo.userMessages(tx, projectId);
  const newEntries: Entry[] = fresh.map((s) => ({
    id: newId('ver'),
    createdAt: s.createdAt,
    authorId,
    source: 'generation',
    prompt: promptBefore(prompts, s.createdAt),
    label: null,
    messageId: s.id,
    code: s.codeSnapshot,
    isNew: true,
  }));
  const chat = [...entries.filter((e) => e.messageId !== null), ...newEntries].sort((a, b) =>
    a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0,
  );
  const ordered: Entry[] = [];
  for (const e of [...chat, ...entries.filter((x) => x.messageId === null)]) {
    const previous = ordered[ordered.length - 1];
    if (e.isNew && previous?.code === e.code) continue;
    if (e.isNew) e.source = previous && previous.code.trim() !== '' ? 'edit' : 'generation';
    ordered.push(e);
  }
  if (!ordered.some((e) => e.isNew)) return;

  await repo.deleteAll(tx, projectId);
  const tree = await currentTree(tx, projectId);
  let lastFull = 0;
  const rows: NewVersionRow[] = ordered.map((e, i) => {
    const encoded = encodeVersion(e.code, i === 0 ? null : ordered[i - 1]!.code, i - lastFull);
    if (encoded.kind === 'full') lastFull = i;
    return {
      id: e.id,
      projectId,
      number: i + 1,
      createdAt: e.createdAt,
      authorId: e.authorId,
      source: e.source,
      prompt: e.prompt,
      label: e.label,
      messageId: e.messageId,
      encoded,
      codeSha256: codeSha256(e.code),
      mainPath: tree?.mainPath ?? null,
    };
  });
  await repo.insert(tx, rows);
  // Each version's tree is the files as they are with its code as the main file's.
  if (!tree) return;
  for (const [i, e] of ordered.entries()) {
    const files = new Map(tree.files).set(tree.mainPath, codeSha256(e.code));
    await writeTree(tx, projectId, i + 1, { mainPath: tree.mainPath, files }, null);
  }
}

/**
 * (Over 300 lines: the plan-gated routes and the db service's record and import hooks share the
 * access and baseline rules at the top, so a change made either way is recorded the same; the SQL
 * and the codec have their own files.)
 */
import {
  comparePaths,
  DB_ID_PREFIXES,
  diffTrees,
  featureNotInPlanMessage,
  lineHunks,
  PLAN_LIMITS,
  type PlanName,
  VERSION_CONTROL_FEATURE,
  VERSION_LIST_MAX,
  type Version,
  type VersionCommitBody,
  type VersionDiff,
  type VersionListQuery,
  type VersionSummary,
} from '@codewright/contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { codeSha256, decodeNext, encodeVersion } from './version-codec.ts';
import {
  type AccessibleProject,
  accessibleProjectSql,
  findAccessibleProject,
} from './project-access.repository.ts';
import {
  appendTreeChange,
  appendVersion,
  importChatSnapshots,
  latestHolds,
  rebuildCode,
} from './version-history.ts';
import { currentMainPath, replaceFiles, treeFilesAt } from './version-trees.repository.ts';
import { assertFilesWithinPlan } from '../db/file-limits.ts';
import { newRowId } from '../db/db-input.ts';
import { type Executor } from '../../db/query.ts';
import { versionsRepository as repo } from './versions.repository.ts';

/** Who calls a versions route: the user and the plan that decides the feature (SPEC §6). */
export interface VersionCaller {
  id: string;
  plan: PlanName;
}

/** A change of a saved project's code made through the db REST API (docs/api.md § Versions). */
export interface ProjectCodeChange {
  projectId: string;
  authorId: string;
  previousCode: string;
  /** ISO time of the previous code: the time of a project's first version when it has none yet. */
  previousUpdatedAt: string;
  code: string;
  /** What made it: a save (default), an upload, or an accepted AI edit or fix across files. */
  source?: FileWriteSource;
  /** The request of an AI edit. */
  prompt?: string | null;
}

/** What a write of project files records as its version's source. */
export type FileWriteSource = 'save' | 'upload' | 'generation' | 'edit' | 'fix';

function assertFeature(caller: VersionCaller): void {
  if (!PLAN_LIMITS[caller.plan].versionControl) {
    throw new AppError(
      'FEATURE_NOT_IN_PLAN',
      403,
      featureNotInPlanMessage(VERSION_CONTROL_FEATURE),
    );
  }
}

async function accessible(
  db: Executor,
  caller: VersionCaller,
  projectId: string,
  mode: 'read' | 'write',
): Promise<AccessibleProject> {
  const project = await findAccessibleProject(db, caller.id, projectId, {
    mode,
    lock: mode === 'write',
  });
  if (!project) throw new AppError('NOT_FOUND', 404, `Project ${projectId} not found.`);
  return project;
}

/**
 * A version's whole tree: its files in path order and the main one's path. A version made before
 * trees holds the main file alone, at the path the main file has now.
 */
async function treeOf(tx: Executor, projectId: string, number: number, code: string) {
  const mainPath = await repo.mainPath(tx, projectId, number);
  if (mainPath !== null) {
    const files = [
      ...(await treeFilesAt(tx, projectId, number, mainPath)),
      { path: mainPath, content: code },
    ];
    return { mainPath, files: files.sort((a, b) => comparePaths(a.path, b.path)) };
  }
  const path = (await currentMainPath(tx, projectId)) ?? 'main.txt';
  return { mainPath: path, files: [{ path, content: code }] };
}

async function versionOf(db: Executor, projectId: string, versionId: string) {
  const version = await repo.find(db, projectId, versionId);
  if (!version) throw new AppError('NOT_FOUND', 404, `Version ${versionId} not found.`);
  return version;
}

/**
 * A project saved before version control has no versions: its code so far becomes
 * version 1 before the first change is recorded, so that change can be undone.
 */
async function ensureBaseline(tx: Executor, project: AccessibleProject, next: string) {
  if (project.code.trim() === '' || project.code === next) return;
  if (await repo.latest(tx, project.id)) return;
  await appendVersion(tx, project.id, {
    authorId: project.ownerId,
    source: 'save',
    code: project.code,
    createdAt: project.updatedAt,
  });
}

/**
 * Version control (DESIGN §2c, §3.13; docs/decisions/015). Routes call the
 * plan-gated methods; the db service calls the record/import hooks inside its
 * own transactions, after locking the project rows, for every code change made
 * through the db REST API.
 */
export function createVersionService({ db }: { db: Database }) {
  const listeners = new Set<(ownerId: string, projectId: string) => void>();
  const changed = (ownerId: string, projectId: string) => {
    for (const listener of listeners) listener(ownerId, projectId);
  };
  const readOnly = <T>(run: (tx: Executor) => Promise<T>) =>
    db.transaction(run, { isolationLevel: 'repeatable read', accessMode: 'read only' });

  return {
    /** Called with the owner's id after a restore or commit changed a project's code (committed). */
    onProjectCodeChanged(listener: (ownerId: string, projectId: string) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Projects just created: each with code gets its first version (source `save`), in one insert. */
    async recordProjectsCreated(
      tx: Executor,
      created: readonly { projectId: string; authorId: string; code: string }[],
    ): Promise<void> {
      const versioned = created.filter((p) => p.code.trim() !== '');
      await repo.insert(
        tx,
        versioned.map((p) => ({
          id: newId('ver'),
          projectId: p.projectId,
          number: 1,
          createdAt: null,
          authorId: p.authorId,
          source: 'save' as const,
          prompt: null,
          label: null,
          messageId: null,
          encoded: encodeVersion(p.code, null, 0),
          codeSha256: codeSha256(p.code),
          mainPath: null,
        })),
      );
      await repo.firstTrees(
        tx,
        versioned.map((p) => p.projectId),
      );
    },

    /**
     * A db REST write changed a project's files (created, renamed, edited, deleted): one version
     * holding the whole tree (source `save`, or `upload` for a .zip); no change makes none.
     */
    async recordTreeChange(
      tx: Executor,
      change: {
        projectId: string;
        authorId: string;
        source: FileWriteSource;
        prompt?: string | null;
      },
    ): Promise<void> {
      await appendTreeChange(tx, change.projectId, {
        authorId: change.authorId,
        source: change.source,
        prompt: change.prompt ?? null,
      });
    },

    /** A db REST write changed a project's code: one version (source `save`); unchanged code makes none. */
    async recordCodeChange(tx: Executor, change: ProjectCodeChange): Promise<void> {
      if (change.previousCode === change.code) return;
      await ensureBaseline(
        tx,
        {
          id: change.projectId,
          ownerId: change.authorId,
          code: change.previousCode,
          updatedAt: change.previousUpdatedAt,
        },
        change.code,
      );
      await appendVersion(
        tx,
        change.projectId,
        {
          authorId: change.authorId,
          source: change.source ?? 'save',
          prompt: change.prompt ?? null,
          code: change.code,
        },
        change.previousCode,
      );
    },

    /** Chat messages were stored into a project: see importChatSnapshots. */
    importChatSnapshots(
      tx: Executor,
      projectId: string,
      authorId: string,
      messageIds: readonly string[],
    ): Promise<void> {
      return importChatSnapshots(tx, projectId, authorId, messageIds);
    },

    /**
     * Every version of a project with its code, oldest first, for the owner's data export
     * (docs/decisions/028). No plan check: a user's own history is theirs to take away.
     */
    async *history(projectId: string): AsyncGenerator<VersionSummary & { code: string }> {
      let code: string | null = null;
      for (const { messageId: _m, kind, body, ...summary } of await repo.all(db, projectId)) {
        code = decodeNext(code, { kind, body });
        yield { ...summary, code };
      }
    },

    /** Newest first, without code: the answer's JSON text, `{"versions":[…]}` (VersionListSchema). */
    async listJson(
      caller: VersionCaller,
      projectId: string,
      query: VersionListQuery,
    ): Promise<string> {
      assertFeature(caller);
      // One statement checks access and reads (the list's budget: p50 < 10 ms for 1,000 versions).
      const json = await repo.listJson(db, projectId, {
        limit: query.limit ?? VERSION_LIST_MAX,
        before: query.before,
        access: accessibleProjectSql(caller.id, projectId),
      });
      if (json === null) throw new AppError('NOT_FOUND', 404, `Project ${projectId} not found.`);
      return json;
    },

    /** One version with its code and its whole tree. */
    async read(caller: VersionCaller, projectId: string, versionId: string): Promise<Version> {
      assertFeature(caller);
      return readOnly(async (tx) => {
        await accessible(tx, caller, projectId, 'read');
        const version = await versionOf(tx, projectId, versionId);
        const code = await rebuildCode(tx, projectId, version.number);
        return { ...version, code, ...(await treeOf(tx, projectId, version.number, code)) };
      });
    },

    /** Two versions with their code and the hunks that turn `from` into `to`. */
    async diff(
      caller: VersionCaller,
      projectId: string,
      fromId: string,
      toId: string,
    ): Promise<VersionDiff> {
      assertFeature(caller);
      return readOnly(async (tx) => {
        await accessible(tx, caller, projectId, 'read');
        const [from, to] = [
          await versionOf(tx, projectId, fromId),
          await versionOf(tx, projectId, toId),
        ];
        const fromCode = await rebuildCode(tx, projectId, from.number);
        const toCode = from.id === to.id ? fromCode : await rebuildCode(tx, projectId, to.number);
        const hunks = lineHunks(fromCode, toCode);
        const trees = [
          await treeOf(tx, projectId, from.number, fromCode),
          await treeOf(tx, projectId, to.number, toCode),
        ].map((t) => new Map(t.files.map((f) => [f.path, f.content])));
        return {
          from: { ...from, code: fromCode },
          to: { ...to, code: toCode },
          hunks,
          added: hunks.reduce((n, h) => n + h.newLines, 0),
          removed: hunks.reduce((n, h) => n + h.oldLines, 0),
          files: diffTrees(trees[0]!, trees[1]!),
        };
      });
    },

    /**
     * Makes a version's tree the project's files again — its code the main file's — as a new
     * version (nothing is deleted from the history). A version made before trees restores the
     * code alone. The tree must fit the workspace's plan as it is now.
     */
    async restore(caller: VersionCaller, projectId: string, versionId: string): Promise<Version> {
      assertFeature(caller);
      const { version, ownerId } = await db.transaction(async (tx) => {
        const project = await accessible(tx, caller, projectId, 'write');
        const target = await versionOf(tx, projectId, versionId);
        const code = await rebuildCode(tx, projectId, target.number);
        await ensureBaseline(tx, project, code);
        const mainPath = await repo.mainPath(tx, projectId, target.number);
        if (mainPath !== null) {
          const files = await treeFilesAt(tx, projectId, target.number, mainPath);
          await replaceFiles(tx, projectId, mainPath, files, caller.id, () =>
            newRowId(DB_ID_PREFIXES.project_files),
          );
          await assertFilesWithinPlan(tx, new Map([[projectId, caller.plan]]));
        }
        await repo.setProjectCode(tx, projectId, code, caller.id);
        const added = await appendVersion(
          tx,
          projectId,
          { authorId: caller.id, source: 'restore', code },
          project.code,
        );
        return { version: { ...added, code }, ownerId: project.ownerId };
      });
      changed(ownerId, projectId);
      return version;
    },

    /**
     * New code for the project, with what made it (an accepted AI edit, a fix, an upload…).
     * `created` false: the code equals the newest version, which is answered instead.
     */
    async commit(
      caller: VersionCaller,
      projectId: string,
      body: VersionCommitBody,
    ): Promise<{ created: boolean; version: Version }> {
      assertFeature(caller);
      const result = await db.transaction(async (tx) => {
        const project = await accessible(tx, caller, projectId, 'write');
        if (project.code === body.code && (await latestHolds(tx, projectId, body.code))) {
          const [latest] = await repo.list(tx, projectId, { limit: 1 });
          return { created: false, version: { ...latest!, code: body.code }, ownerId: null };
        }
        await ensureBaseline(tx, project, body.code);
        await repo.setProjectCode(tx, projectId, body.code, caller.id);
        const added = await appendVersion(
          tx,
          projectId,
          {
            authorId: caller.id,
            source: body.source,
            prompt: body.prompt ?? null,
            code: body.code,
          },
          project.code,
        );
        return { created: true, version: { ...added, code: body.code }, ownerId: project.ownerId };
      });
      if (result.ownerId) changed(result.ownerId, projectId);
      return { created: result.created, version: result.version };
    },

    /** Names a version as a checkpoint (null clears the name). */
    async label(
      caller: VersionCaller,
      projectId: string,
      versionId: string,
      label: string | null,
    ): Promise<VersionSummary> {
      assertFeature(caller);
      return db.transaction(async (tx) => {
        await accessible(tx, caller, projectId, 'write');
        const updated = await repo.setLabel(tx, projectId, versionId, label);
        if (!updated) throw new AppError('NOT_FOUND', 404, `Version ${versionId} not found.`);
        return updated;
      });
    },
  };
}

export type VersionService = ReturnType<typeof createVersionService>;

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { comparePaths, projectFilePathProblem } from '@codewright/contract';
import { messageOf } from '../../../components/error-message.ts';
import { client } from '../../../sdk.ts';
import { type FolderFile, zipFolder } from './folder-zip.ts';

/** A file of the open project; the main file's content is the generator's code (not held here). */
export interface TreeFile {
  id: string;
  path: string;
  /** The text in the editor. */
  content: string;
  /** The text as last saved. */
  saved: string;
  isMain: boolean;
  /** A save of its content failed: what went wrong (kept until the next save works). */
  saveError?: string;
}

/** The largest .zip the server takes (its body limit); a folder's text files are zipped under it. */
const ZIP_MAX_BYTES = 25 * 1024 * 1024;

/** How long typing in a file waits before its content is saved. */
export const FILE_SAVE_DELAY_MS = 700;

/** What is wrong with `path` as a new path for a file of `files` (null: it is fine). */
export function pathProblem(
  path: string,
  files: readonly TreeFile[],
  self?: string,
): string | null {
  const problem = projectFilePathProblem(path);
  if (problem) return `The path ${problem}.`;
  if (files.some((f) => f.path === path && f.id !== self))
    return `${path} already exists: choose another name.`;
  return null;
}

/**
 * The files of a saved project in the generator (issue 45): listed from db REST, created,
 * renamed (moved) and deleted at once on the server — a deletion can be undone from its toast —
 * and each file's typed content saved shortly after typing stops. A failed save keeps the text and
 * says so; the next edit or Retry saves it again. The main file is the generator's code, saved
 * with the project as before. Without a project (not saved yet) there is only the main file.
 */
export function useProjectFiles(projectId: string | null) {
  const [loaded, setLoaded] = useState<{ key: string; files: TreeFile[] } | null>(null);
  const [loadError, setLoadError] = useState<{ key: string; message: string } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const key = projectId === null ? null : `${projectId}:${attempt}`;
  // The files of the project open now (those of another project are never shown).
  const files = useMemo(
    () => (loaded !== null && loaded.key.startsWith(`${projectId}:`) ? loaded.files : []),
    [loaded, projectId],
  );
  const setFiles = useCallback(
    (change: (list: TreeFile[]) => TreeFile[]) =>
      setLoaded((was) => (was === null ? was : { ...was, files: change(was.files) })),
    [],
  );
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const filesNow = useRef(files);
  useEffect(() => {
    filesNow.current = files;
  }, [files]);

  useEffect(() => {
    if (key === null || projectId === null) return;
    const controller = new AbortController();
    client.db
      .from('project_files')
      .select('id,path,content,isMain')
      .eq('projectId', projectId)
      .order('path')
      .abortSignal(controller.signal)
      .then(
        (rows) => {
          if (controller.signal.aborted) return;
          setLoadError(null);
          setLoaded({
            key,
            files: rows.map((r) => ({
              id: r.id,
              path: r.path,
              content: r.content,
              saved: r.content,
              isMain: r.isMain,
            })),
          });
        },
        (failure: unknown) => {
          if (!controller.signal.aborted)
            setLoadError({
              key,
              message: `The project's files could not be loaded: ${messageOf(failure)}`,
            });
        },
      );
    return () => controller.abort();
  }, [key, projectId]);

  /** Loads the files again (after a restore brought back another tree). */
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const loading = key !== null && loaded?.key !== key && loadError?.key !== key;

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const patch = useCallback(
    (id: string, change: Partial<TreeFile>) =>
      setFiles((list) => list.map((f) => (f.id === id ? { ...f, ...change } : f))),
    [setFiles],
  );

  /** Saves a file's content as it is now; a failure keeps the text and marks the file. */
  const saveContent = useCallback(
    async (id: string) => {
      timers.current.delete(id);
      const file = filesNow.current.find((f) => f.id === id);
      if (!file || file.content === file.saved) return;
      const content = file.content;
      try {
        await client.db.from('project_files').update({ content }).eq('id', id);
        setFiles((list) =>
          list.map((f) => (f.id === id ? { ...f, saved: content, saveError: undefined } : f)),
        );
      } catch (failure) {
        patch(id, { saveError: messageOf(failure) });
      }
    },
    [setFiles, patch],
  );

  /**
   * The editor's text of a file changed: it is saved when typing stops — or, `shared` with
   * teammates, it is kept by the server as typed and written from its document (decision 050).
   */
  const setContent = useCallback(
    (id: string, content: string, shared = false) => {
      filesNow.current = filesNow.current.map((f) =>
        f.id === id ? { ...f, content, ...(shared ? { saved: content } : {}) } : f,
      );
      if (shared) {
        clearTimeout(timers.current.get(id));
        timers.current.delete(id);
        patch(id, { content, saved: content, saveError: undefined });
        return;
      }
      patch(id, { content });
      clearTimeout(timers.current.get(id));
      timers.current.set(
        id,
        setTimeout(() => void saveContent(id), FILE_SAVE_DELAY_MS),
      );
    },
    [saveContent, patch],
  );

  /** A new file (empty unless `content`); resolves with it, or rejects saying what to fix. */
  const create = useCallback(
    async (path: string, content = ''): Promise<TreeFile> => {
      if (!projectId) throw new Error('Save the project first to add files to it.');
      const problem = pathProblem(path, filesNow.current);
      if (problem) throw new Error(problem);
      const [row] = await client.db.from('project_files').insert({ projectId, path, content });
      const file: TreeFile = { id: row!.id, path, content, saved: content, isMain: false };
      setFiles((list) => [...list, file].sort((a, b) => comparePaths(a.path, b.path)));
      return file;
    },
    [projectId, setFiles],
  );

  /** Renames or moves a file (a path with folders moves it); rejects saying what to fix. */
  const rename = useCallback(
    async (id: string, path: string): Promise<void> => {
      const problem = pathProblem(path, filesNow.current, id);
      if (problem) throw new Error(problem);
      await client.db.from('project_files').update({ path }).eq('id', id);
      setFiles((list) =>
        list
          .map((f) => (f.id === id ? { ...f, path } : f))
          .sort((a, b) => comparePaths(a.path, b.path)),
      );
    },
    [setFiles],
  );

  /** Deletes a file (never the main one); its toast offers Undo, which creates it again. */
  const remove = useCallback(
    async (id: string): Promise<void> => {
      const file = filesNow.current.find((f) => f.id === id);
      if (!file || file.isMain) return;
      clearTimeout(timers.current.get(id));
      timers.current.delete(id);
      await client.db.from('project_files').delete().eq('id', id);
      setFiles((list) => list.filter((f) => f.id !== id));
      toast.success(`Deleted ${file.path}`, {
        action: {
          label: 'Undo',
          onClick: () => {
            create(file.path, file.content).catch((failure: unknown) =>
              toast.error(`${file.path} could not be brought back: ${messageOf(failure)}`),
            );
          },
        },
      });
    },
    [create, setFiles],
  );

  /**
   * A .zip's files written into the project (created, or replaced by path; the server checks
   * it); resolves with the main file's content afterwards, which the zip may have replaced.
   */
  const uploadZip = useCallback(
    async (zip: Blob & { name?: string }): Promise<string | null> => {
      if (!projectId) throw new Error('Save the project first to add files to it.');
      if (zip.size > ZIP_MAX_BYTES)
        throw new Error(`A .zip may be at most ${ZIP_MAX_BYTES / 1024 / 1024} MB.`);
      const { created, replaced } = await client.db.uploadFiles(projectId, zip);
      toast.success(
        `${zip.name ?? 'The .zip'}: ${created} file${created === 1 ? '' : 's'} added, ${replaced} replaced.`,
      );
      const [main] = await client.db
        .from('project_files')
        .select('content')
        .eq('projectId', projectId)
        .eq('isMain', true);
      reload();
      return main?.content ?? null;
    },
    [projectId, reload],
  );

  /**
   * A picked folder's text files written into the project as a .zip would be (by path below the
   * folder); says which files were left out for not being text. Resolves as uploadZip.
   */
  const uploadFolder = useCallback(
    async (picked: readonly FolderFile[]): Promise<string | null> => {
      if (!projectId) throw new Error('Save the project first to add files to it.');
      const folder = await zipFolder(picked, ZIP_MAX_BYTES);
      const main = await uploadZip(Object.assign(folder.zip, { name: `${folder.name}/` }));
      if (folder.notText.length > 0) {
        const shown = folder.notText.slice(0, 3).join(', ');
        const more = folder.notText.length > 3 ? ` and ${folder.notText.length - 3} more` : '';
        toast.info(`Left out, not text: ${shown}${more}.`);
      }
      return main;
    },
    [projectId, uploadZip],
  );

  const unsaved = files.some((f) => !f.isMain && f.content !== f.saved);
  return {
    files,
    loading,
    loadError: loadError?.key === key ? loadError.message : null,
    reload,
    create,
    rename,
    remove,
    setContent,
    retrySave: saveContent,
    uploadZip,
    uploadFolder,
    unsaved,
  };
}

export type ProjectFiles = ReturnType<typeof useProjectFiles>;

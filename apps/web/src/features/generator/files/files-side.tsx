import { Dialog } from '../../../components/ui/dialog.tsx';
import { FileTree } from './file-tree.tsx';
import type { useFileTabs } from './use-file-tabs.ts';
import type { ProjectFiles, TreeFile } from './use-project-files.ts';

export interface FilesSideProps {
  files: ProjectFiles;
  tabs: ReturnType<typeof useFileTabs>;
  /** A wide screen: the tree is a column beside the editor; else a sheet (a dialog). */
  wide: boolean;
  open: boolean;
  onClose: () => void;
  /** Why the files cannot be changed (a viewer, an answer arriving); null when they can. */
  lockedReason: string | null;
  /** A .zip replaced the main file: the editor takes its content. */
  onMainReplaced: (code: string) => void;
}

/**
 * The project's files beside the editor (issue 45): the tree as a column on a wide screen, or
 * as a sheet on a phone, which closes once a file is chosen. A new file opens in its tab.
 */
export function FilesSide({
  files,
  tabs,
  wide,
  open,
  onClose,
  lockedReason,
  onMainReplaced,
}: FilesSideProps) {
  const tree = (
    <FileTree
      files={files.files}
      activePath={tabs.active?.path ?? ''}
      onOpen={(path) => {
        const file = files.files.find((f) => f.path === path);
        if (file) tabs.open(file.id);
        if (!wide) onClose();
      }}
      onCreate={async (path) => {
        const file = await files.create(path);
        tabs.open(file.id);
      }}
      onRename={(file, path) => files.rename(file.id, path)}
      onDelete={(file) => files.remove(file.id)}
      lockedReason={lockedReason}
      loading={files.loading}
      onUploadZip={async (zip) => {
        const main = await files.uploadZip(zip);
        if (main !== null) onMainReplaced(main);
      }}
      onUploadFolder={async (picked) => {
        const main = await files.uploadFolder(picked);
        if (main !== null) onMainReplaced(main);
      }}
    />
  );
  if (!wide)
    return (
      <Dialog open={open} onClose={onClose} title="Files">
        <div className="flex max-h-[60vh] min-h-[12rem] flex-col">{tree}</div>
      </Dialog>
    );
  if (!open) return null;
  return (
    <aside
      aria-label="Files"
      className="flex w-48 shrink-0 flex-col border-r border-border bg-bg/40 @max-[30rem]:w-44"
    >
      {tree}
    </aside>
  );
}

/** What went wrong with the files: they could not be loaded, or the shown one is not saved. */
export function FilesProblem({ files, shown }: { files: ProjectFiles; shown: TreeFile | null }) {
  const problem = files.loadError
    ? { text: files.loadError, action: 'Try again', run: files.reload }
    : shown?.saveError
      ? {
          text: `${shown.path} is not saved: ${shown.saveError} Your text is kept here.`,
          action: 'Retry',
          run: () => void files.retrySave(shown.id),
        }
      : null;
  if (!problem) return null;
  return (
    <p role="alert" className="shrink-0 border-b border-border px-3 py-1.5 text-xs text-red-300">
      {problem.text}{' '}
      <button type="button" className="underline" onClick={problem.run}>
        {problem.action}
      </button>
    </p>
  );
}

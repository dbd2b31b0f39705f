import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { PathForm } from './path-form.tsx';
import { FilePlus, FileText, Folder, Loader2, Pencil, Trash2 } from 'lucide-react';
import { messageOf } from '../../../components/error-message.ts';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { type Row, treeRows } from './tree-rows.ts';
import { UploadButtons } from './upload-buttons.tsx';
import type { TreeFile } from './use-project-files.ts';
import { FilePresence } from './file-presence.tsx';

export interface FileTreeProps {
  files: readonly TreeFile[];
  activePath: string;
  onOpen: (path: string) => void;
  onCreate: (path: string) => Promise<unknown>;
  onRename: (file: TreeFile, path: string) => Promise<unknown>;
  onDelete: (file: TreeFile) => Promise<unknown>;
  /** Why files cannot be changed here (a viewer, an unsaved project); null when they can. */
  lockedReason: string | null;
  loading?: boolean;
  /** Writes a .zip's files into the project (absent: no Upload button). */
  onUploadZip?: (zip: File) => Promise<unknown>;
  /** Writes a picked folder's files into the project (absent: no Upload folder button). */
  onUploadFolder?: (files: File[]) => Promise<unknown>;
}

type Editing = { kind: 'new' } | { kind: 'rename'; file: TreeFile } | null;

/**
 * The project's files (issue 45): a tree (role tree; ↑ ↓ Home End move, Enter opens, F2 renames,
 * Delete deletes) with New file, Rename and Delete for the file in focus. A path with folders
 * (`lib/util.js`) makes or moves into them. The main file — the project's code — is marked and
 * cannot be deleted.
 */
export function FileTree({
  files,
  activePath,
  onOpen,
  onCreate,
  onRename,
  onDelete,
  lockedReason,
  loading = false,
  onUploadZip,
  onUploadFolder,
}: FileTreeProps) {
  const rows = treeRows(files);
  const [focusKey, setFocusKey] = useState(activePath);
  const [editing, setEditing] = useState<Editing>(null);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const itemRefs = useRef(new Map<string, HTMLElement>());

  const focused = rows.find((r) => r.key === focusKey) ?? rows.find((r) => r.key === activePath);
  const focusedFile = focused?.kind === 'file' ? focused.file : null;

  /** A row to focus once it is rendered (a file just created or renamed, after the form). */
  const wantFocus = useRef<string | null>(null);
  useEffect(() => {
    const key = wantFocus.current;
    const row = key === null ? undefined : itemRefs.current.get(key);
    if (row) {
      wantFocus.current = null;
      row.focus();
    }
  });

  const moveTo = (key: string) => {
    setFocusKey(key);
    itemRefs.current.get(key)?.focus();
  };

  const startNew = () => {
    const folder = focusedFile?.path.includes('/')
      ? focusedFile.path.slice(0, focusedFile.path.lastIndexOf('/') + 1)
      : '';
    setEditing({ kind: 'new' });
    setDraft(folder);
    setError(null);
  };
  const startRename = (file: TreeFile) => {
    setEditing({ kind: 'rename', file });
    setDraft(file.path);
    setError(null);
  };
  const stopEditing = (focusKeyAfter?: string) => {
    const key = focusKeyAfter ?? focused?.key ?? activePath;
    setEditing(null);
    setError(null);
    setFocusKey(key);
    wantFocus.current = key;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!editing || busy) return;
    const path = draft.trim();
    setBusy(true);
    try {
      if (editing.kind === 'new') await onCreate(path);
      else if (path !== editing.file.path) await onRename(editing.file, path);
      stopEditing(path);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (file: TreeFile) => {
    if (busy) return;
    setBusy(true);
    try {
      await onDelete(file);
    } catch (failure) {
      setError(`${file.path} could not be deleted: ${messageOf(failure)}`);
    } finally {
      setBusy(false);
    }
  };

  /** An upload of a .zip (named) or a folder (its name and the files picked below it). */
  const upload = async (name: string, run: () => Promise<unknown>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await run();
    } catch (failure) {
      setError(`${name} was not added: ${messageOf(failure)}`);
    } finally {
      setBusy(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent, row: Row, index: number) => {
    const go = (i: number) => {
      const target = rows[Math.max(0, Math.min(rows.length - 1, i))];
      if (target) moveTo(target.key);
    };
    if (event.key === 'ArrowDown') go(index + 1);
    else if (event.key === 'ArrowUp') go(index - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(rows.length - 1);
    else if ((event.key === 'Enter' || event.key === ' ') && row.kind === 'file')
      onOpen(row.file.path);
    else if (event.key === 'F2' && row.kind === 'file' && !lockedReason) startRename(row.file);
    else if (event.key === 'Delete' && row.kind === 'file' && !row.file.isMain && !lockedReason)
      void remove(row.file);
    else return;
    event.preventDefault();
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col" data-testid="file-tree">
      <div className="flex shrink-0 flex-wrap items-center gap-0.5 px-2 py-1.5">
        {/* In a narrow column the buttons keep the room; the sheet and aside say "Files". */}
        <span className="mr-auto text-xs font-semibold tracking-wide text-muted uppercase @max-[30rem]:sr-only">
          Files
        </span>
        {loading ? (
          <Loader2 className="size-3.5 animate-spin text-muted" aria-label="Loading files" />
        ) : null}
        <Button
          variant="ghost"
          size="icon"
          className="size-7"
          onClick={startNew}
          disabled={lockedReason !== null || busy}
          aria-label="New file"
          title={lockedReason ?? 'New file (a path with folders makes them)'}
        >
          <FilePlus className="size-4" aria-hidden="true" />
        </Button>
        <UploadButtons
          onUploadZip={onUploadZip}
          onUploadFolder={onUploadFolder}
          disabledReason={lockedReason}
          busy={busy}
          upload={(name, run) => void upload(name, run)}
        />
        <Button
          variant="ghost"
          size="icon"
          className="size-7"
          onClick={() => focusedFile && startRename(focusedFile)}
          disabled={lockedReason !== null || busy || !focusedFile}
          aria-label={focusedFile ? `Rename ${focusedFile.path}` : 'Rename'}
          title={lockedReason ?? 'Rename or move (F2)'}
        >
          <Pencil className="size-4" aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-7"
          onClick={() => focusedFile && void remove(focusedFile)}
          disabled={lockedReason !== null || busy || !focusedFile || focusedFile.isMain}
          aria-label={focusedFile ? `Delete ${focusedFile.path}` : 'Delete'}
          title={
            lockedReason ??
            (focusedFile?.isMain
              ? 'The main file is the project’s code: it cannot be deleted'
              : 'Delete (Del); Undo brings it back')
          }
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </Button>
      </div>
      {editing ? (
        <PathForm
          label={editing.kind === 'new' ? 'New file path' : `Rename ${editing.file.path} to`}
          verb={editing.kind === 'new' ? 'create' : 'rename'}
          value={draft}
          onChange={setDraft}
          onSubmit={(e) => void submit(e)}
          onCancel={() => stopEditing()}
          error={error}
          busy={busy}
        />
      ) : null}
      {error ? (
        <p id="file-tree-error" role="alert" className="shrink-0 px-2 pb-2 text-xs text-red-300">
          {error}
        </p>
      ) : null}
      <ul role="tree" aria-label="Project files" className="min-h-0 flex-1 overflow-y-auto pb-2">
        {rows.map((row, index) => {
          const isFocusTarget = row.key === (focused?.key ?? rows[0]?.key);
          const active = row.kind === 'file' && row.file.path === activePath;
          return (
            <li
              key={row.key}
              ref={(el) => {
                if (el) itemRefs.current.set(row.key, el);
                else itemRefs.current.delete(row.key);
              }}
              role="treeitem"
              aria-level={row.depth + 1}
              aria-selected={row.kind === 'file' ? active : undefined}
              aria-expanded={row.kind === 'folder' ? true : undefined}
              tabIndex={isFocusTarget ? 0 : -1}
              className={cn(
                'flex cursor-pointer items-center gap-1.5 py-1 pr-2 text-sm outline-none select-none focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-inset',
                active ? 'bg-accent-soft text-fg' : 'text-muted hover:bg-white/5 hover:text-fg',
              )}
              style={{ paddingLeft: `${0.5 + row.depth * 0.875}rem` }}
              onClick={() => {
                setFocusKey(row.key);
                if (row.kind === 'file') onOpen(row.file.path);
              }}
              onKeyDown={(e) => onKeyDown(e, row, index)}
              data-path={row.kind === 'file' ? row.file.path : undefined}
            >
              {row.kind === 'folder' ? (
                <Folder className="size-3.5 shrink-0 text-subtle" aria-hidden="true" />
              ) : (
                <FileText className="size-3.5 shrink-0 text-subtle" aria-hidden="true" />
              )}
              <span className="truncate font-mono text-[13px]">{row.name}</span>
              {row.kind === 'file' ? <FilePresence path={row.file.path} /> : null}
              {row.kind === 'file' && row.file.isMain ? (
                <span className="ml-auto rounded bg-white/10 px-1 text-[10px] text-muted">
                  main
                </span>
              ) : null}
              {row.kind === 'file' && row.file.saveError ? (
                <span className="ml-auto text-[10px] text-red-300">not saved</span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

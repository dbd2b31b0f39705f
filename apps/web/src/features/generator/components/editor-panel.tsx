/**
 * (Over 300 lines: one panel whose header, file tree, tabs and editor share the shown file —
 * its text, language, saves and shared document; the tree, tabs and editor are components of
 * their own.)
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Code2, Download, FileArchive, FolderTree, Loader2, WandSparkles } from 'lucide-react';
import { saveBlob } from '../../../components/save-blob.ts';
import { MESSAGES, extensionFor } from '@codewright/contract';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { CopyIcon } from '../../../components/ui/copy-icon.tsx';
import { useCodeCopy } from '../../../hooks/use-clipboard-copy.ts';
import { useMediaQuery } from '../../../hooks/use-media-query.ts';
import {
  CodeEditor,
  languageOfPath,
  type EditorMarker,
  type EditorReveal,
  type SelectedLines,
  type SharedBinding,
} from '../../editor/index.ts';
import { FileTabs } from '../files/file-tabs.tsx';
import { FilesProblem, FilesSide } from '../files/files-side.tsx';
import { useFileTabs } from '../files/use-file-tabs.ts';
import type { ProjectFiles } from '../files/use-project-files.ts';
import { monacoLanguage } from './monaco-language.ts';
import { WIDE_QUERY } from './workspace-layout.tsx';

export interface EditorPanelProps {
  /** The code shown: the editor's, or the code streaming in. */
  code: string;
  language: string;
  onChange: (code: string) => void;
  /** Code is streaming in: the editor is read-only and says so. */
  streaming: boolean;
  /** Read only for good, saying why (a viewer of the project's workspace, docs/decisions/025). */
  readOnlyMessage?: string | null;
  /**
   * More tabs of the editor column, after "Code" (the History panel plugs in here). The
   * column's header is where panels about this code add their tabs; see workspace-layout.tsx.
   */
  tabs?: ReactNode;
  /** Problems marked on their lines (the live preview's errors). */
  markers?: readonly EditorMarker[];
  /** A line to select (an error chosen in the preview's Console). */
  reveal?: EditorReveal | null;
  /**
   * Shown instead of the editor (the review of an AI edit, the History panel); the editor
   * stays mounted underneath, with its undo history and selection.
   */
  overlay?: ReactNode;
  /** Edit selection (Ctrl/Cmd+K, and the header's button): absent hides the button. */
  onEditSelection?: (range: SelectedLines, path?: string) => void;
  /** The editor's selected lines (the cursor's line when nothing is selected). */
  selection?: SelectedLines | null;
  onSelectionChange?: (range: SelectedLines) => void;
  /** A saved project: downloads every file of it, as saved, in a .zip (issue 45). */
  onDownloadProject?: () => void;
  /** A saved project's files (issue 45): the tree beside the editor and a tab per open file. */
  files?: ProjectFiles | null;
  /** Why the files cannot be changed (a viewer); null when they can. */
  filesLockedReason?: string | null;
  /** A .zip upload replaced the main file with `code` (saved): the editor takes it. */
  onMainReplaced?: (code: string) => void;
  /** The file shown changed (its path; null without files): AI edits start from it. */
  onActivePathChange?: (path: string | null) => void;
  /** The shown file's text shared with teammates, once in step (docs/decisions/050). */
  shared?: SharedBinding | null;
  /** The editor waits, read-only, saying why (the shared text is being joined). */
  waitMessage?: string | null;
}

/** Monaco's "toggle Tab key moves focus" keys (editor.action.toggleTabFocusMode). */
const TAB_FOCUS_KEYS =
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent)
    ? 'Ctrl+Shift+M'
    : 'Ctrl+M';

/**
 * "Code Editor" (SPEC §2.12, §4.4, §8.2): the editor column — a header with its tabs, the
 * language, copy (a check for 2 s) and download `code.<ext>` — over Monaco, which fills the rest.
 */
export function EditorPanel({
  code,
  language,
  onChange,
  streaming,
  readOnlyMessage = null,
  tabs,
  markers,
  reveal,
  overlay,
  onEditSelection,
  selection = null,
  onSelectionChange,
  onDownloadProject,
  files = null,
  filesLockedReason = null,
  onMainReplaced,
  onActivePathChange,
  shared = null,
  waitMessage = null,
}: EditorPanelProps) {
  const lines = selection ?? { startLine: 1, endLine: 1 };
  const { copied, copyCode } = useCodeCopy();
  const [editorFocused, setEditorFocused] = useState(false);
  const fileList = useMemo(() => files?.files ?? [], [files?.files]);
  const fileTabs = useFileTabs(fileList);
  const activePath = fileTabs.active?.path ?? null;
  // Told when the shown file changes, not on every render of a caller's new callback.
  const pathListener = useRef(onActivePathChange);
  useEffect(() => {
    pathListener.current = onActivePathChange;
  });
  useEffect(() => pathListener.current?.(activePath), [activePath]);
  const wide = useMediaQuery(WIDE_QUERY);
  const [treeOpen, setTreeOpen] = useState<boolean | null>(null);
  // The tree shows by itself once there is more than one file, on a wide screen; on a phone
  // it is a sheet that opens when asked.
  const treeShown = files !== null && (treeOpen ?? (wide && fileList.length > 1));
  // Another file than the main one is shown: its text, its language, its own saves.
  const other = fileTabs.active && !fileTabs.active.isMain ? fileTabs.active : null;
  const shown = other
    ? {
        code: other.content,
        language: languageOfPath(other.path),
        onChange: (next: string) => files!.setContent(other.id, next, shared?.path === other.path),
      }
    : { code, language: monacoLanguage(language), onChange };
  const otherFiles = useMemo(
    () => fileList.map((f) => ({ path: f.path, content: f.isMain ? code : f.content })),
    [fileList, code],
  );

  const download = () => {
    saveBlob(
      new Blob([shown.code], { type: 'text/plain;charset=utf-8' }),
      other ? other.path.slice(other.path.lastIndexOf('/') + 1) : `code.${extensionFor(language)}`,
    );
    toast.success(MESSAGES.codeDownloaded);
  };

  return (
    <section
      aria-labelledby="editor-title"
      className={cn(
        '@container flex min-h-0 min-w-0 flex-1 flex-col overflow-hidden rounded-2xl border bg-surface',
        streaming ? 'border-accent/60' : 'border-border',
      )}
      data-code={code}
      data-streaming={streaming ? 'true' : undefined}
      data-testid="editor-panel"
    >
      <div
        className="flex h-11 shrink-0 items-center gap-2 border-b border-border pr-2 pl-3"
        data-toast-clearance
      >
        {files ? (
          <Button
            variant="ghost"
            size="icon"
            onClick={() => setTreeOpen(!treeShown)}
            aria-label="Files"
            aria-pressed={wide ? treeShown : undefined}
            aria-expanded={wide ? undefined : treeShown}
            title={treeShown ? 'Hide the files' : 'Show the files'}
            data-testid="files-toggle"
          >
            <FolderTree className="size-4" aria-hidden="true" />
          </Button>
        ) : null}
        <h2 id="editor-title" className="flex items-center gap-1.5 text-sm font-semibold text-fg">
          {/* With files, their button stands first and the icon goes on a narrow column. */}
          <Code2
            className={cn('size-4 text-accent-hover', files ? '@max-[34rem]:hidden' : undefined)}
            aria-hidden="true"
          />
          {/* A narrow column (beside the preview, or a phone) keeps the name for screen readers. */}
          <span className="whitespace-nowrap @max-[34rem]:sr-only">Code Editor</span>
        </h2>
        {/* On a phone the header's language selector says it; the tools keep their room. */}
        <span
          className="rounded-md bg-white/5 px-2 py-0.5 text-xs text-muted @max-[26rem]:hidden"
          data-testid="editor-language"
        >
          {other ? other.path : language}
        </span>
        {tabs}
        <div className="ml-auto flex items-center gap-1">
          {onEditSelection && !overlay ? (
            <Button
              variant="ghost"
              size="sm"
              className="@max-[40rem]:w-9 @max-[40rem]:px-0"
              onClick={() => onEditSelection(lines, other?.path)}
              disabled={!shown.code || streaming}
              aria-label="Edit selection"
              aria-keyshortcuts="Control+K Meta+K"
              title={`Edit ${lines.startLine === lines.endLine ? `line ${lines.startLine}` : `lines ${lines.startLine}–${lines.endLine}`} with AI (Ctrl/Cmd+K)`}
              data-testid="edit-selection-button"
            >
              <WandSparkles className="size-4" aria-hidden="true" />
              <span className="@max-[40rem]:sr-only">Edit selection</span>
            </Button>
          ) : null}
          <Button
            variant="ghost"
            size="icon"
            onClick={() => void copyCode(shown.code)}
            disabled={!shown.code || streaming}
            aria-label={copied ? 'Copied' : 'Copy code'}
            title="Copy code"
          >
            <CopyIcon copied={copied} copiedClassName="text-emerald-300" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            onClick={download}
            disabled={!shown.code || streaming}
            aria-label="Download code"
            title={other ? `Download ${other.path}` : `Download code.${extensionFor(language)}`}
          >
            <Download className="size-4" aria-hidden="true" />
          </Button>
          {onDownloadProject ? (
            <Button
              variant="ghost"
              size="icon"
              onClick={onDownloadProject}
              disabled={streaming}
              aria-label="Download project (.zip)"
              title="Download the saved project, every file, as a .zip"
            >
              <FileArchive className="size-4" aria-hidden="true" />
            </Button>
          ) : null}
        </div>
      </div>
      {streaming ? (
        <p
          className="flex shrink-0 items-center gap-2 border-b border-accent/30 bg-accent-soft px-3 py-1.5 text-xs text-fg"
          role="status"
          data-testid="editor-streaming"
        >
          <Loader2 className="size-3.5 animate-spin text-accent-hover" aria-hidden="true" />
          Writing code… the editor is read-only until the answer ends.
        </p>
      ) : null}
      {overlay}
      {files && !overlay ? <FilesProblem files={files} shown={other} /> : null}
      <div className={cn('flex min-h-0 flex-1', overlay ? 'hidden' : undefined)}>
        {files ? (
          <FilesSide
            files={files}
            tabs={fileTabs}
            wide={wide}
            open={treeShown}
            onClose={() => setTreeOpen(false)}
            lockedReason={filesLockedReason}
            onMainReplaced={(next) => {
              if (next !== code) onMainReplaced?.(next);
            }}
          />
        ) : null}
        {/* Monaco keeps Tab for indenting: while it has focus, a line says how to move on. */}
        <div
          className="flex min-w-0 flex-1 flex-col"
          onFocus={() => setEditorFocused(true)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null))
              setEditorFocused(false);
          }}
        >
          {files && fileTabs.tabs.length > 1 ? (
            <FileTabs
              tabs={fileTabs.tabs}
              activeId={fileTabs.active?.id ?? null}
              onSelect={fileTabs.open}
              onClose={fileTabs.close}
            />
          ) : null}
          <CodeEditor
            hidden={Boolean(overlay)}
            onEditSelection={
              onEditSelection ? (range) => onEditSelection(range, other?.path) : undefined
            }
            onSelectionChange={onSelectionChange}
            value={shown.code}
            language={shown.language}
            onChange={shown.onChange}
            path={files && fileTabs.active ? fileTabs.active.path : undefined}
            otherFiles={files ? otherFiles : undefined}
            shared={shared}
            streaming={streaming}
            readOnly={readOnlyMessage !== null || waitMessage !== null}
            readOnlyMessage={readOnlyMessage ?? waitMessage ?? undefined}
            ariaLabel={other ? `${other.path} editor` : `${language} code editor`}
            markers={other ? undefined : markers}
            reveal={other ? null : reveal}
            className="relative min-h-[16rem] flex-1 bg-[#1e1e1e]"
          />
          {editorFocused && !overlay ? (
            <p
              className="shrink-0 border-t border-border px-3 py-1 text-xs text-muted"
              data-testid="editor-tab-hint"
            >
              Tab inserts a tab · {TAB_FOCUS_KEYS} lets Tab move focus
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}

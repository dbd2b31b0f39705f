/**
 * (Over 300 lines: the version list, the pair compared, the diff prepared ahead and restore share
 * the open project's one history state; the rows and the checkpoint form are components of their
 * own.)
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { History, RefreshCw, RotateCcw, Tag } from 'lucide-react';
import { toast } from 'sonner';
import type { Version, VersionFile, VersionSummary } from '@codewright/contract';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { client } from '../../../sdk.ts';
import {
  type Comparison,
  DiffEditor,
  DiffLayoutToggle,
  languageOfPath,
} from '../../editor/index.ts';
import { useVersions, versionErrorText } from '../hooks/use-versions.ts';
import { CheckpointForm } from './checkpoint-form.tsx';
import { sameTree, TreeChanges, treeChanges } from './tree-changes.tsx';
import { timeFormat, VersionRow } from './version-row.tsx';

export interface HistoryPanelProps {
  projectId: string | null;
  userId: string;
  /** Monaco language id. */
  language: string;
  /** The editor's code now: the version equal to it is the current one (nothing to restore). */
  currentCode?: string;
  /** The project's files now, the main one with `currentCode` (issue 45): current means both. */
  currentFiles?: readonly VersionFile[];
  /** The panel is on screen (the list reloads each time it opens). */
  active: boolean;
  /** A restore made `code` the project's code (a new version): the editor takes it. */
  onRestored: (code: string) => void;
  /** Bumped when the history changed elsewhere (an accepted edit was committed, a save). */
  changeKey: number;
}

/** Performance marks of the diff view's budget (bench/history-diff-view.mjs). */
const MARK_START = 'codewright:history-diff-start';
const MARK_SHOWN = 'codewright:history-diff-shown';

/**
 * The History panel (SPEC §6 version control; DESIGN §2c; docs/decisions/022): the versions of
 * the saved project, newest first — number, time, author, source, prompt, checkpoint name —
 * any two of them in Monaco's diff editor (side by side or inline), restore (a new version)
 * and naming a checkpoint.
 */
export function HistoryPanel(props: HistoryPanelProps) {
  const { projectId, active } = props;
  const h = useVersions(projectId, active);
  const { reload, read } = h;
  const [selected, setSelected] = useState<string | null>(null);
  const [against, setAgainst] = useState<string | 'previous'>('previous');
  const [pair, setPair] = useState<{ from: Version; to: Version } | null>(null);
  /** The comparison likely shown next, prepared by the diff view (stepping back). */
  const [next, setNext] = useState<Comparison | null>(null);
  const [sideBySide, setSideBySide] = useState(true);
  const [confirm, setConfirm] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const [naming, setNaming] = useState(false);
  /** The file of the pair whose diff is shown (null: the main file, the code). */
  const [shownPath, setShownPath] = useState<string | null>(null);
  const firstChange = useRef(true);

  useEffect(() => {
    if (firstChange.current) firstChange.current = false;
    else reload();
  }, [props.changeKey, reload]);

  const list = h.versions;
  const to = useMemo(
    () => list?.find((v) => v.id === selected) ?? list?.[0] ?? null,
    [list, selected],
  );
  const from = useMemo(() => {
    if (!list || !to) return null;
    if (against !== 'previous') return list.find((v) => v.id === against) ?? to;
    return list.find((v) => v.number < to.number) ?? to;
  }, [list, to, against]);

  useEffect(() => {
    if (!from || !to) return;
    let live = true;
    performance.clearMarks(MARK_START);
    performance.mark(MARK_START);
    Promise.all([read(from.id), read(to.id)]).then(
      ([a, b]) => live && setPair({ from: a, to: b }),
      (err: unknown) => {
        if (!live) return;
        console.error('Reading versions failed', err);
        toast.error(versionErrorText(err, 'That version could not be loaded. Try again.'));
      },
    );
    return () => {
      live = false;
    };
  }, [from, to, read]);

  const restore = async () => {
    if (!projectId || !to) return;
    setRestoring(true);
    try {
      const version = await client.versions.restore(projectId, to.id);
      props.onRestored(version.code);
      toast.success(`Version ${to.number} restored as version ${version.number}.`);
      setSelected(null);
      setAgainst('previous');
      reload();
    } catch (err) {
      console.error('Restore failed', err);
      toast.error(versionErrorText(err, 'The version could not be restored. Try again.'));
    } finally {
      setRestoring(false);
      setConfirm(false);
    }
  };

  if (!projectId)
    return (
      <Empty>
        Save the project to start its history: every save, accepted AI edit, upload and restore then
        becomes a version you can compare and restore.
      </Empty>
    );
  if (h.error && !list)
    return (
      <Empty>
        {h.error}{' '}
        <Button variant="outline" size="sm" onClick={reload} className="mt-3">
          Try again
        </Button>
      </Empty>
    );
  if (!list)
    return (
      <div className="flex flex-1 flex-col gap-2 p-3" role="status" aria-label="Loading history">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-14 w-full" />
        ))}
      </div>
    );
  if (list.length === 0)
    return <Empty>No versions yet: the next save or accepted AI edit will be the first.</Empty>;

  const shown = pair && pair.to.id === to?.id && pair.from.id === from?.id ? pair : null;
  /** The version shown on the "after" side holds the editor's code: restoring it changes nothing. */
  const isCurrent = (v: Version) =>
    v.code === props.currentCode &&
    (!props.currentFiles || !v.files || sameTree(v.files, props.currentFiles));
  const toIsCurrent = shown !== null && isCurrent(shown.to);
  /** A side of the comparison, in words: its number, time, and whether it is the editor's code. */
  const sideText = (v: Version) =>
    `v${v.number} of ${timeFormat.format(new Date(v.createdAt))}${isCurrent(v) ? ' · current code' : ''}`;
  // A file other than the main one chosen in "Files changed": its two texts are compared.
  const fileOf = (v: Version, path: string) => v.files?.find((f) => f.path === path)?.content;
  const change =
    pair && shownPath && pair.from.files && pair.to.files
      ? treeChanges(pair.from.files, pair.to.files).find((c) => c.path === shownPath)
      : undefined;
  const compared =
    pair && change
      ? {
          original: fileOf(pair.from, change.oldPath ?? change.path) ?? '',
          modified: fileOf(pair.to, change.path) ?? '',
          originalKey: `${pair.from.id}:${change.oldPath ?? change.path}`,
          modifiedKey: `${pair.to.id}:${change.path}`,
          language: languageOfPath(change.path),
        }
      : {
          original: pair?.from.code ?? '',
          modified: pair?.to.code ?? '',
          originalKey: pair?.from.id,
          modifiedKey: pair?.to.id,
          language: props.language,
        };
  return (
    <div className="flex min-h-0 flex-1 flex-col @min-[48rem]:flex-row" data-testid="history-panel">
      <div className="flex max-h-[40%] min-h-0 shrink-0 flex-col border-border @max-[48rem]:border-b @min-[48rem]:max-h-none @min-[48rem]:w-64 @min-[48rem]:border-r">
        <div className="flex items-center gap-2 px-3 py-2 text-xs text-muted">
          <span className="mr-auto" data-testid="history-count">
            {list.length} version{list.length === 1 ? '' : 's'}
          </span>
          <Button
            variant="ghost"
            size="icon"
            onClick={reload}
            disabled={h.loading}
            aria-label="Reload the history"
            title="Reload"
          >
            <RefreshCw
              className={h.loading ? 'size-4 animate-spin' : 'size-4'}
              aria-hidden="true"
            />
          </Button>
        </div>
        <ol className="min-h-0 flex-1 overflow-y-auto px-2 pb-2" aria-label="Versions">
          {list.map((v) => (
            <VersionRow
              key={v.id}
              version={v}
              userId={props.userId}
              selected={v.id === to?.id}
              comparedWith={v.id === from?.id && from.id !== to?.id}
              onSelect={() => {
                setSelected(v.id);
                setAgainst('previous');
                setNaming(false);
                setShownPath(null);
              }}
            />
          ))}
        </ol>
      </div>
      <div className="flex min-h-0 min-w-0 flex-1 flex-col">
        {to ? (
          <div className="flex shrink-0 flex-wrap items-center gap-2 border-b border-border px-3 py-2 text-sm">
            <label className="flex items-center gap-2 text-muted">
              Compare v{to.number} with
              <select
                className="h-8 rounded-lg border border-border-strong bg-surface px-2 text-fg"
                value={against}
                onChange={(e) => setAgainst(e.target.value)}
              >
                <option value="previous">the version before</option>
                {list
                  .filter((v) => v.id !== to.id)
                  .map((v: VersionSummary) => (
                    <option key={v.id} value={v.id}>
                      v{v.number}
                      {v.label ? ` · ${v.label}` : ''}
                    </option>
                  ))}
              </select>
            </label>
            <DiffLayoutToggle sideBySide={sideBySide} onChange={setSideBySide} />
            {shown ? null : (
              <span role="status" className="text-xs text-muted">
                Loading…
              </span>
            )}
            <span className="ml-auto flex items-center gap-2">
              <Button
                variant="outline"
                size="sm"
                onClick={() => setNaming((n) => !n)}
                aria-expanded={naming}
              >
                <Tag className="size-4" aria-hidden="true" />
                {to.label ? 'Rename checkpoint' : 'Name checkpoint'}
              </Button>
              {toIsCurrent ? (
                <span className="px-1 text-xs text-muted" data-testid="history-current">
                  Current code
                </span>
              ) : (
                <Button size="sm" onClick={() => setConfirm(true)} disabled={restoring || !shown}>
                  <RotateCcw className="size-4" aria-hidden="true" />
                  Restore v{to.number}
                </Button>
              )}
            </span>
          </div>
        ) : null}
        {naming && to ? (
          <CheckpointForm
            projectId={projectId}
            version={to}
            onDone={(next) => {
              if (next) h.replace(next);
              setNaming(false);
            }}
          />
        ) : null}
        {pair ? (
          // Which side is which: the older text (left, or the red lines inline) and the newer.
          <div
            className="flex shrink-0 flex-wrap items-center justify-between gap-x-4 gap-y-1 border-b border-border px-3 py-1.5 text-xs text-muted"
            data-testid="history-sides"
          >
            <span className="flex items-center gap-1.5" data-testid="history-side-before">
              <span className="size-2.5 shrink-0 rounded-sm bg-red-400" aria-hidden="true" />
              Before: {sideText(pair.from)}
            </span>
            <span className="flex items-center gap-1.5" data-testid="history-side-after">
              <span className="size-2.5 shrink-0 rounded-sm bg-emerald-400" aria-hidden="true" />
              After: {sideText(pair.to)}
            </span>
          </div>
        ) : null}
        {pair?.from.files && pair.to.files ? (
          <TreeChanges
            from={pair.from.files}
            to={pair.to.files}
            shownPath={change?.path ?? pair.to.mainPath ?? ''}
            onShow={(path) => setShownPath(path === pair.to.mainPath ? null : path)}
          />
        ) : null}
        <DiffEditor
          // The pair shown stays until the next is read: a blank pair in between was a second
          // comparison for Monaco to diff and draw (docs/decisions/042).
          original={compared.original}
          modified={compared.modified}
          originalKey={compared.originalKey}
          modifiedKey={compared.modifiedKey}
          language={compared.language}
          sideBySide={sideBySide}
          ariaLabel={from && to ? `Version ${from.number} and version ${to.number}` : 'Versions'}
          className="relative min-h-[12rem] flex-1 bg-[#1e1e1e]"
          comparisons
          next={next}
          onShown={() => {
            if (!pair) return;
            // The likely next step back through the history: read the version before `from`,
            // and (comparing each version with the one before it) have its diff computed ahead.
            const before = list.find((v) => v.number < pair.from.number);
            if (before) {
              read(before.id).then(
                (version) => {
                  if (against !== 'previous') return;
                  setNext({
                    original: version.code,
                    originalKey: version.id,
                    modified: pair.from.code,
                    modifiedKey: pair.from.id,
                  });
                },
                () => {},
              );
            }
            performance.clearMarks(MARK_SHOWN);
            performance.mark(MARK_SHOWN, { detail: { from: pair.from.id, to: pair.to.id } });
          }}
        />
      </div>
      <ConfirmDialog
        open={confirm}
        title={to ? `Restore version ${to.number}?` : 'Restore?'}
        description="Its files become the project's files as a new version; no version is deleted. The editor takes the restored code (Ctrl+Z brings back what it held)."
        confirmLabel="Restore"
        busyLabel="Restoring…"
        busy={restoring}
        onConfirm={() => void restore()}
        onCancel={() => setConfirm(false)}
      />
    </div>
  );
}

function Empty({ children }: { children: React.ReactNode }) {
  return (
    <div
      className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center text-sm text-muted"
      data-testid="history-panel"
    >
      <History className="size-6 text-accent-hover" aria-hidden="true" />
      <p className="max-w-sm">{children}</p>
    </div>
  );
}

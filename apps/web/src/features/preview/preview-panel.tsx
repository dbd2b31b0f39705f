import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { ExternalLink, RotateCw, Square } from 'lucide-react';
import {
  extensionFor,
  PREVIEW_DEBOUNCE_MS,
  type PreviewProblem,
  type QuickFix,
  quickFixFor,
} from '@codewright/contract';
import { cn } from '../../components/ui/cn.ts';
import { PreviewConsole } from './preview-console.tsx';
import { type AutoFixControl, PreviewOverlay } from './preview-overlay.tsx';
import {
  type PreviewSelection,
  type QuickEdit,
  quickEditOf,
  resolveSelection,
  type SelectionFiles,
} from './preview-selection.ts';
import { canStop, type PreviewPhase, type PreviewState } from './preview-state.ts';
import { previewTargetOf } from './preview-target.ts';
import { QuickEditPanel, SelectToggle, useSelectModeKey } from './select-controls.tsx';
import { TabPanel, type PreviewView, ViewTabs } from './view-tabs.tsx';
import { type BuildFn, usePreview } from './use-preview.ts';
import type { ProjectFileText } from './sandbox/protocol.ts';

export type { PreviewView } from './view-tabs.tsx';

export interface PreviewPanelProps {
  /** The editor's code. */
  code: string;
  /** The file the code is, and the project's other files (issue 45; see usePreview). */
  path?: string;
  files?: readonly ProjectFileText[];
  /** The generator's language (a label such as "TypeScript", or an id); HTML is recognised from the code. */
  language: string;
  /** Change it to run at once (after a generation or an accepted edit). */
  runKey?: unknown;
  /** Runs this long after the last change to `code`; 0: only on runKey and Refresh. */
  debounceMs?: number;
  /** The problems of the current run, each with its line when known (for editor markers and "Fix with AI"). */
  onProblems?: (problems: PreviewProblem[]) => void;
  /** A Console line was chosen: jump to it in the editor. */
  onSelectLine?: (line: number) => void;
  /** The view shown, when the parent controls it; the panel's own state otherwise. */
  view?: PreviewView;
  onViewChange?: (view: PreviewView) => void;
  className?: string;
  /** The build call (tests); the app's client by default. */
  build?: BuildFn;
  /** "Fix with AI": sends the current run's problems and the code as an edit; hidden without it. */
  onFix?: (problems: PreviewProblem[]) => void;
  /** An answer is being written: the button waits. */
  fixBusy?: boolean;
  /** That answer is a fix this panel asked for: the button says so. */
  fixing?: boolean;
  /** A run ended: the code it ran and its problems (auto-fix decides on it). */
  onSettled?: (run: { code: string; problems: PreviewProblem[] }) => void;
  /** The auto-fix switch and its last word, shown with Fix with AI (use-auto-fix.ts). */
  autoFix?: AutoFixControl;
  /** A quick fix (no model) of a problem in `code` was chosen; none is offered without it. */
  onQuickFix?: (fix: QuickFix) => void;
  /** The element selected in the preview (issue 53); no select mode without onSelectElement. */
  selection?: PreviewSelection | null;
  onSelectElement?: (selection: PreviewSelection | null) => void;
  /** A quick edit (no model) of the selected element's text or classes, to review. */
  onQuickEdit?: (edit: QuickEdit) => void;
}

/** The first quick fix of the code for any of the problems (quickFixFor). */
function firstQuickFix(
  code: string,
  path: string,
  problems: readonly PreviewProblem[],
): QuickFix | null {
  for (const problem of problems) {
    const fix = quickFixFor({ code, path, problem });
    if (fix) return fix;
  }
  return null;
}

function statusText(state: PreviewState): React.ReactNode {
  // In a narrow panel "Ran in" is read out but not shown: "214 ms" is what fits beside Stop.
  if (state.phase === 'ready' && state.lastRunMs !== null) {
    return (
      <>
        <span className="@max-[32rem]:sr-only">Ran in </span>
        {Math.round(state.lastRunMs)} ms
      </>
    );
  }
  const labels: Record<PreviewPhase, string> = {
    empty: 'No code',
    unsupported: 'Not runnable here',
    building: 'Building…',
    'starting-python': 'Starting Python…',
    running: 'Running…',
    ready: 'Ready',
    'build-failed': 'Build failed',
    failed: 'Failed',
    stopped: 'Stopped',
  };
  return labels[state.phase];
}

/**
 * The live preview (DESIGN §3.12; docs/preview.md): the editor's code running in a sandboxed
 * frame, with a Console, Refresh and "Open in new tab". It fills the height it is given.
 */
export function PreviewPanel(props: PreviewPanelProps) {
  const { code, language, runKey, onProblems, onSelectLine, className, build } = props;
  const where = (): SelectionFiles => ({
    mainPath: props.path ?? `main.${extensionFor(language)}`,
    code,
    files: props.files ?? [],
    html: previewTargetOf(language, code).kind === 'html',
  });
  const { state, containerRef, refresh, openInNewTab, clearConsole, stop, ...run } = usePreview({
    code,
    language,
    path: props.path,
    files: props.files,
    runKey,
    debounceMs: props.debounceMs ?? PREVIEW_DEBOUNCE_MS,
    onProblems,
    onSettled: props.onSettled,
    build,
    onSelect: (reported) => {
      const selection = resolveSelection(reported, where());
      if (!selection) return;
      setSelecting(false);
      props.onSelectElement?.(selection);
    },
    onSelectExit: () => {
      setSelecting(false);
      selectRef.current?.focus();
    },
  });
  const selectable = state.target.kind === 'module' || state.target.kind === 'html';
  const [selecting, setSelecting] = useSelectModeKey(!!props.onSelectElement && selectable);
  const { setSelectMode } = run;
  useEffect(() => setSelectMode(selecting), [selecting, setSelectMode]);
  const [ownView, setOwnView] = useState<PreviewView>('preview');
  const view = props.view ?? ownView;
  const setView = (next: PreviewView) => {
    setOwnView(next);
    props.onViewChange?.(next);
  };
  const [tabNote, setTabNote] = useState<string | null>(null);
  const baseId = useId();
  const refreshRef = useRef<HTMLButtonElement>(null);
  const selectRef = useRef<HTMLButtonElement>(null);
  const errors = state.console.counts.error;
  const canOpen = state.hasOutput && state.phase !== 'stopped';
  const problems = state.console.problems;
  const { onQuickFix } = props;
  const path = props.path ?? `main.${extensionFor(language)}`;
  const quick = useMemo(() => {
    const found = onQuickFix && problems.length > 0 ? firstQuickFix(code, path, problems) : null;
    return found ? { title: found.title, run: () => onQuickFix?.(found) } : null;
  }, [onQuickFix, problems, code, path]);
  const fix =
    props.onFix && problems.length > 0
      ? {
          run: () => props.onFix?.(problems),
          busy: props.fixBusy ?? false,
          fixing: props.fixing ?? false,
          quick,
        }
      : null;

  const openTab = () => {
    setTabNote(
      openInNewTab()
        ? null
        : 'The browser blocked the new tab. Allow pop-ups for this site, then try again.',
    );
  };

  return (
    <section
      aria-label="Live preview"
      className={cn(
        '@container flex h-full min-h-0 flex-col overflow-hidden bg-surface',
        className,
      )}
      data-testid="preview-panel"
      data-preview-phase={state.phase}
      data-preview-ms={state.lastRunMs === null ? undefined : Math.round(state.lastRunMs)}
    >
      {/* A narrow panel (the right column at 1280 px, a phone) keeps room for the status: Stop
          shows its icon only there, its name still read out (the editor header's pattern). */}
      <div className="flex items-center gap-2 border-b border-border px-2 py-1.5 @max-[32rem]:gap-1">
        <ViewTabs baseId={baseId} view={view} onChange={setView} errors={errors} />
        <p
          role="status"
          aria-live="polite"
          className="min-w-0 flex-1 truncate text-xs text-subtle"
          data-testid="preview-status"
        >
          {tabNote ?? statusText(state)}
        </p>
        {canStop(state) ? (
          <button
            type="button"
            onClick={() => {
              stop();
              // Stop goes away with the run: focus stays in the toolbar, on Refresh.
              refreshRef.current?.focus();
            }}
            title="Stop the running program"
            className="inline-flex h-8 shrink-0 items-center justify-center gap-1.5 rounded-md px-2 text-sm text-red-200 hover:bg-red-500/10 hover:text-red-100 @max-[32rem]:w-8 @max-[32rem]:px-0"
          >
            <Square className="size-3.5 fill-current" aria-hidden="true" />
            <span className="@max-[32rem]:sr-only">Stop</span>
          </button>
        ) : null}
        {props.onSelectElement ? (
          <SelectToggle
            ref={selectRef}
            selecting={selecting}
            onChange={setSelecting}
            disabled={!selectable || !state.hasOutput}
          />
        ) : null}
        <button
          ref={refreshRef}
          type="button"
          onClick={refresh}
          disabled={state.phase === 'empty' || state.phase === 'unsupported'}
          aria-label="Refresh preview"
          title="Refresh (run the code again)"
          className="inline-flex size-8 items-center justify-center rounded-md text-muted hover:bg-white/5 hover:text-fg disabled:pointer-events-none disabled:opacity-40"
        >
          <RotateCw className="size-4" aria-hidden="true" />
        </button>
        <button
          type="button"
          onClick={openTab}
          disabled={!canOpen}
          aria-label="Open preview in a new tab"
          title="Open in new tab"
          className="inline-flex size-8 items-center justify-center rounded-md text-muted hover:bg-white/5 hover:text-fg disabled:pointer-events-none disabled:opacity-40"
        >
          <ExternalLink className="size-4" aria-hidden="true" />
        </button>
      </div>
      <TabPanel baseId={baseId} id="preview" shown={view} className="relative bg-white">
        <div ref={containerRef} className="absolute inset-0" data-testid="preview-frame-host" />
        <PreviewOverlay
          state={state}
          onRefresh={refresh}
          onShowConsole={() => setView('console')}
          fix={fix}
          autoFix={props.autoFix}
        />
        {props.selection && props.onQuickEdit ? (
          <QuickEditPanel
            key={`${props.selection.path}:${props.selection.line}:${props.selection.column}`}
            selection={props.selection}
            busy={props.fixBusy ?? false}
            onClose={() => props.onSelectElement?.(null)}
            onApply={(request) => {
              const edit = quickEditOf(props.selection!, request, where());
              if (typeof edit === 'string') return edit;
              props.onQuickEdit?.(edit);
              return null;
            }}
          />
        ) : null}
      </TabPanel>
      <TabPanel baseId={baseId} id="console" shown={view}>
        <PreviewConsole
          console={state.console}
          onClear={clearConsole}
          onSelectLine={onSelectLine}
          fix={fix}
        />
      </TabPanel>
    </section>
  );
}

import {
  AlertTriangle,
  Loader2,
  MonitorPlay,
  OctagonX,
  RotateCw,
  TerminalSquare,
} from 'lucide-react';
import { PREVIEW_PROBLEM_LABELS, PREVIEW_RUNS_TEXT } from '@codewright/contract';
import { Button } from '../../components/ui/button.tsx';
import { FixButton, type FixAction } from './fix-button.tsx';
import type { PreviewState } from './preview-state.ts';

interface OverlayProps {
  state: PreviewState;
  onRefresh(): void;
  onShowConsole(): void;
  /** "Fix with AI" for the current problems, when the host offers it. */
  fix?: FixAction | null;
  autoFix?: AutoFixControl;
}

/** Auto-fix (issue 52): the switch beside Fix with AI, and why it stopped, if it did. */
export interface AutoFixControl {
  on: boolean;
  toggle(): void;
  notice: string | null;
}

function Centered({ children }: { children: React.ReactNode }) {
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-surface p-6 text-center">
      {children}
    </div>
  );
}

/**
 * What covers the frame: the empty and unsupported states, the first load, a run that was
 * stopped or failed, and a banner over the last good preview when the new code has problems.
 */
export function PreviewOverlay({ state, onRefresh, onShowConsole, fix, autoFix }: OverlayProps) {
  const { phase, target } = state;
  if (phase === 'empty') {
    return (
      <Centered>
        <MonitorPlay className="size-8 text-subtle" aria-hidden="true" />
        <p className="font-medium text-fg">Nothing to preview yet</p>
        <p className="max-w-sm text-sm text-muted">
          Generate or write code and it runs here, in a sandbox on your machine. {PREVIEW_RUNS_TEXT}
        </p>
      </Centered>
    );
  }
  if (phase === 'unsupported' && target.kind === 'unsupported') {
    return (
      <Centered>
        <TerminalSquare className="size-8 text-subtle" aria-hidden="true" />
        <p className="font-medium text-fg">{target.language} runs outside the browser</p>
        <p className="max-w-sm text-sm text-muted">
          {PREVIEW_RUNS_TEXT} Copy or download this {target.language} code to run it on your
          machine.
        </p>
      </Centered>
    );
  }
  if (phase === 'stopped' || phase === 'failed') {
    return (
      <Centered>
        <OctagonX className="size-8 text-danger" aria-hidden="true" />
        <p className="font-medium text-fg">
          {phase === 'stopped' ? 'Preview stopped' : 'Preview failed'}
        </p>
        <p className="max-w-md text-sm text-muted">{state.notice}</p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button variant="outline" size="sm" onClick={onRefresh}>
            <RotateCw className="size-4" aria-hidden="true" /> Refresh
          </Button>
          {phase === 'stopped' && fix ? <FixButton fix={fix} /> : null}
        </div>
      </Centered>
    );
  }
  const busy = phase === 'building' || phase === 'running' || phase === 'starting-python';
  if (busy && !state.hasOutput) {
    return (
      <Centered>
        <Loader2 className="size-6 animate-spin text-accent-hover" aria-hidden="true" />
        <p className="text-sm text-muted">
          {phase === 'starting-python'
            ? 'Starting Python… the first run of a session loads the interpreter.'
            : 'Starting the preview…'}
        </p>
      </Centered>
    );
  }
  const first =
    state.console.problems.find((p) => p.kind !== 'console') ?? state.console.problems[0];
  if (!first || busy) return null;
  const count = state.console.problems.length;
  return (
    <div
      className="absolute inset-x-2 top-2 flex flex-wrap items-start gap-2 rounded-lg border border-red-500/40 bg-zinc-950/95 p-3 text-sm text-red-100 shadow-lg"
      role="alert"
    >
      <AlertTriangle className="mt-0.5 size-4 shrink-0 text-red-400" aria-hidden="true" />
      <p className="min-w-[12rem] flex-1 break-words">
        <span className="font-semibold">
          {PREVIEW_PROBLEM_LABELS[first.kind]}
          {first.line !== null ? ` at line ${first.line}` : ''}:
        </span>{' '}
        <span className="line-clamp-3 whitespace-pre-wrap font-mono text-xs">{first.message}</span>
        {count > 1 ? <span className="text-red-200/80"> (+{count - 1} more)</span> : null}
      </p>
      <div className="flex w-full min-w-0 flex-wrap justify-end gap-1">
        {fix ? <FixButton fix={fix} className="h-7 px-2" /> : null}
        <Button variant="ghost" size="sm" className="h-7 px-2 text-red-100" onClick={onShowConsole}>
          Console
        </Button>
      </div>
      {fix && autoFix ? (
        <label className="flex w-full items-center justify-end gap-2 text-xs text-red-100/90">
          <input
            type="checkbox"
            checked={autoFix.on}
            onChange={autoFix.toggle}
            disabled={fix.busy}
            className="size-3.5 accent-indigo-500"
          />
          Auto-fix errors of AI answers (up to 2 rounds, one edit each)
        </label>
      ) : null}
      {autoFix?.notice ? (
        <p className="w-full text-xs text-red-100" role="status">
          {autoFix.notice}
        </p>
      ) : null}
    </div>
  );
}

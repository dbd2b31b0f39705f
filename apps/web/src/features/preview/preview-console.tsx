import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { AlertTriangle, Bug, ChevronRight, Info, Trash2, XCircle } from 'lucide-react';
import { PREVIEW_PROBLEM_LABELS } from '@codewright/contract';
import { cn } from '../../components/ui/cn.ts';
import type { ConsoleLine, ConsoleState } from './console-model.ts';
import { FixButton, type FixAction } from './fix-button.tsx';
import type { ConsoleLevel } from './sandbox/protocol.ts';

type Filter = 'all' | 'error' | 'warn' | 'info' | 'log';

const FILTERS: Array<{ id: Filter; label: string; levels: ConsoleLevel[] }> = [
  { id: 'all', label: 'All', levels: ['log', 'info', 'warn', 'error', 'debug'] },
  { id: 'error', label: 'Errors', levels: ['error'] },
  { id: 'warn', label: 'Warnings', levels: ['warn'] },
  { id: 'info', label: 'Info', levels: ['info'] },
  { id: 'log', label: 'Logs', levels: ['log', 'debug'] },
];

const LEVEL_STYLE: Record<
  ConsoleLevel,
  { icon: typeof Info; row: string; tone: string; name: string }
> = {
  error: { icon: XCircle, row: 'bg-red-500/10 text-red-200', tone: 'text-red-400', name: 'Error' },
  warn: {
    icon: AlertTriangle,
    row: 'bg-amber-500/10 text-amber-100',
    tone: 'text-amber-400',
    name: 'Warning',
  },
  info: { icon: Info, row: 'text-sky-100', tone: 'text-sky-400', name: 'Info' },
  log: { icon: ChevronRight, row: 'text-fg', tone: 'text-subtle', name: 'Log' },
  debug: { icon: Bug, row: 'text-muted', tone: 'text-subtle', name: 'Debug' },
};

export interface PreviewConsoleProps {
  console: ConsoleState;
  onClear(): void;
  /** Jump to a line of the code (the editor); without it lines are plain text. */
  onSelectLine?: (line: number) => void;
  /** "Fix with AI" for the current problems, when the host offers it. */
  fix?: FixAction | null;
}

function countOf(state: ConsoleState, filter: Filter): number {
  const levels = FILTERS.find((f) => f.id === filter)!.levels;
  return levels.reduce((n, level) => n + state.counts[level], 0);
}

function Line({
  line,
  onSelectLine,
}: {
  line: ConsoleLine;
  onSelectLine?: (line: number) => void;
}) {
  const style = LEVEL_STYLE[line.level];
  const Icon = style.icon;
  return (
    <li
      className={cn('flex gap-2 border-b border-border px-3 py-1.5', style.row)}
      data-level={line.level}
      data-testid="console-line"
    >
      <Icon className={cn('mt-0.5 size-3.5 shrink-0', style.tone)} aria-label={style.name} />
      <div className="min-w-0 flex-1">
        {line.kind && line.kind !== 'console' ? (
          <span className="mr-2 font-sans text-xs font-semibold">
            {PREVIEW_PROBLEM_LABELS[line.kind]}
          </span>
        ) : null}
        <pre className="inline whitespace-pre-wrap break-words font-mono text-xs leading-5">
          {line.text}
        </pre>
      </div>
      <div className="flex shrink-0 items-start gap-1.5">
        {line.count > 1 ? (
          <span
            className="rounded-full bg-white/10 px-1.5 text-[11px] leading-5 text-fg"
            aria-label={`${line.count} times`}
          >
            {line.count}
          </span>
        ) : null}
        {line.line !== null ? (
          onSelectLine ? (
            <button
              type="button"
              className="rounded px-1 font-mono text-[11px] leading-5 text-muted underline-offset-2 hover:text-fg hover:underline"
              onClick={() => onSelectLine(line.line!)}
            >
              line {line.line}
            </button>
          ) : (
            <span className="font-mono text-[11px] leading-5 text-muted">line {line.line}</span>
          )
        ) : null}
      </div>
    </li>
  );
}

/** The Console of the current run: filters with counts, readable entries, their lines. */
export function PreviewConsole({
  console: state,
  onClear,
  onSelectLine,
  fix,
}: PreviewConsoleProps) {
  const [filter, setFilter] = useState<Filter>('all');
  const listRef = useRef<HTMLOListElement>(null);
  const stick = useRef(true);
  const levels = FILTERS.find((f) => f.id === filter)!.levels;
  const lines = state.lines.filter((l) => levels.includes(l.level));

  const last = lines.at(-1);

  /** Where following the output last put the list (a scroll above it is the user's). */
  const autoTop = useRef(0);
  const toEnd = (list: HTMLElement) => {
    list.scrollTop = list.scrollHeight;
    autoTop.current = list.scrollTop;
  };

  // Follow new output while the list is scrolled to its end: a new line, a repeat of the last
  // one (its count), and lines past the cap (counted below the list) all scroll it, before the
  // frame is painted.
  useLayoutEffect(() => {
    const list = listRef.current;
    // An empty Console (a new run, Clear) follows again from its first line.
    if (lines.length === 0) stick.current = true;
    if (list && stick.current) toEnd(list);
  }, [lines.length, last?.id, last?.count, state.dropped]);

  // Output that came while the Console was hidden (the Preview view, a phone's other tab), or
  // a resize: the list shows its end again when it is shown, unless it was scrolled up.
  const hasList = lines.length > 0;
  useEffect(() => {
    const list = listRef.current;
    if (!list || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (stick.current && list.clientHeight > 0) toEnd(list);
    });
    observer.observe(list);
    return () => observer.disconnect();
  }, [hasList]);

  return (
    <div className="flex h-full min-h-0 flex-col bg-surface">
      <div className="flex flex-wrap items-center gap-1 border-b border-border px-2 py-1.5">
        <div role="group" aria-label="Show" className="flex flex-wrap gap-1">
          {FILTERS.map((f) => {
            const count = countOf(state, f.id);
            return (
              <button
                key={f.id}
                type="button"
                aria-pressed={filter === f.id}
                onClick={() => setFilter(f.id)}
                className={cn(
                  'rounded-md px-2 py-0.5 text-xs',
                  filter === f.id
                    ? 'bg-white/10 text-fg'
                    : 'text-muted hover:bg-white/5 hover:text-fg',
                )}
              >
                {f.label} <span className="tabular-nums">{count}</span>
              </button>
            );
          })}
        </div>
        <div className="ml-auto flex items-center gap-1">
          {fix ? <FixButton fix={fix} className="h-7 px-2" /> : null}
          <button
            type="button"
            onClick={onClear}
            className="inline-flex items-center gap-1 rounded-md px-2 py-0.5 text-xs text-muted hover:bg-white/5 hover:text-fg"
          >
            <Trash2 className="size-3.5" aria-hidden="true" /> Clear
          </button>
        </div>
      </div>
      {lines.length === 0 ? (
        <p className="p-4 text-sm text-subtle">
          {state.lines.length === 0
            ? 'Nothing logged yet. console.log() output, print() output and errors of the running code show here.'
            : 'Nothing of this kind.'}
        </p>
      ) : (
        <ol
          ref={listRef}
          aria-label="Console output"
          className="min-h-0 flex-1 overflow-auto"
          onScroll={(e) => {
            const el = e.currentTarget;
            // A hidden list (no height) says nothing about where the user left it.
            if (el.clientHeight === 0) return;
            // The event of a scroll to the end may come after more lines grew the list: only a
            // scroll above where following put it (the user's) stops following.
            stick.current =
              el.scrollHeight - el.scrollTop - el.clientHeight < 24 ||
              el.scrollTop >= autoTop.current - 1;
          }}
        >
          {lines.map((line) => (
            <Line key={line.id} line={line} onSelectLine={onSelectLine} />
          ))}
        </ol>
      )}
      {state.dropped > 0 ? (
        <p className="border-t border-border px-3 py-1 text-xs text-subtle">
          {state.dropped} more {state.dropped === 1 ? 'message' : 'messages'} not shown.
        </p>
      ) : null}
    </div>
  );
}

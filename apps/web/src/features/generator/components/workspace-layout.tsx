import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Code2, MessageSquare, MonitorPlay } from 'lucide-react';
import { cn } from '../../../components/ui/cn.ts';
import { useMediaQuery } from '../../../hooks/use-media-query.ts';

export type WorkspaceTab = 'chat' | 'code' | 'preview';

/** From this width the columns stand side by side; below it, tabs switch between them. */
export const WIDE_QUERY = '(min-width: 1024px)';

export interface WorkspaceLayoutProps {
  /** The chat column: history, scrolling on its own, and the composer pinned below it. */
  chat: ReactNode;
  /** The editor column (EditorPanel, whose header takes the tabs of panels about the code). */
  code: ReactNode;
  /**
   * SLOT — the live Preview + Console panel (features/preview). At ≥ 1024 px it stands beside
   * the editor as a third column; below that it is the third tab, "Preview". Leave undefined
   * and neither shows.
   */
  preview?: ReactNode;
  /** The tab shown below 1024 px. */
  tab: WorkspaceTab;
  onTabChange: (tab: WorkspaceTab) => void;
  /** Code is streaming in: the Code tab says so. */
  codeBusy?: boolean;
  /** The preview reported errors: the Preview tab carries a red dot. */
  previewHasErrors?: boolean;
}

const TAB_INFO = {
  chat: { label: 'Chat', icon: MessageSquare },
  code: { label: 'Code', icon: Code2 },
  preview: { label: 'Preview', icon: MonitorPlay },
} as const;

/**
 * The generator's workspace (docs/decisions/013-generator-workspace.md). Wide: columns that fill
 * the height they are given and scroll on their own — chat | editor (| preview). Narrow: a tab
 * bar (Chat, Code, and Preview when there is one) over one panel at a time. Every panel stays
 * mounted either way, so the editor and a running preview keep their state across tab changes.
 */
export function WorkspaceLayout({
  chat,
  code,
  preview,
  tab,
  onTabChange,
  codeBusy = false,
  previewHasErrors = false,
}: WorkspaceLayoutProps) {
  const wide = useMediaQuery(WIDE_QUERY);
  const baseId = useId();
  const tabs: WorkspaceTab[] = preview ? ['chat', 'code', 'preview'] : ['chat', 'code'];
  const active: WorkspaceTab = tabs.includes(tab) ? tab : 'code';
  const tabRefs = useRef<Partial<Record<WorkspaceTab, HTMLButtonElement | null>>>({});

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = tabs[(tabs.indexOf(active) + step + tabs.length) % tabs.length]!;
    onTabChange(next);
    tabRefs.current[next]?.focus();
  };

  const panel = (name: WorkspaceTab, content: ReactNode, className: string) => (
    <div
      key={name}
      id={`${baseId}-${name}`}
      {...(wide
        ? {}
        : {
            role: 'tabpanel',
            'aria-labelledby': `${baseId}-${name}-tab`,
            hidden: active !== name,
          })}
      // Narrow: the `hidden` attribute (display: none in Tailwind's preflight) hides other tabs.
      className={cn('flex min-h-0 min-w-0 flex-col', className)}
      data-panel={name}
    >
      {content}
    </div>
  );

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {wide ? null : (
        <div
          role="tablist"
          aria-label="Workspace"
          onKeyDown={onKeyDown}
          className="mb-3 grid shrink-0 gap-1 rounded-xl border border-border bg-surface p-1"
          style={{ gridTemplateColumns: `repeat(${tabs.length}, minmax(0, 1fr))` }}
          data-toast-clearance
        >
          {tabs.map((name) => {
            const { label, icon: Icon } = TAB_INFO[name];
            const selected = name === active;
            return (
              <button
                key={name}
                ref={(el) => {
                  tabRefs.current[name] = el;
                }}
                id={`${baseId}-${name}-tab`}
                type="button"
                role="tab"
                aria-selected={selected}
                aria-controls={`${baseId}-${name}`}
                tabIndex={selected ? 0 : -1}
                onClick={() => onTabChange(name)}
                className={cn(
                  'inline-flex h-9 items-center justify-center gap-1.5 rounded-lg text-sm font-medium transition-colors',
                  selected ? 'bg-white/10 text-fg' : 'text-muted hover:text-fg',
                )}
              >
                <Icon className="size-4" aria-hidden="true" />
                {label}
                {name === 'code' && codeBusy ? (
                  <span className="size-1.5 animate-pulse rounded-full bg-accent-hover">
                    <span className="sr-only"> (code is being written)</span>
                  </span>
                ) : null}
                {name === 'preview' && previewHasErrors ? (
                  <span
                    className="size-2 rounded-full bg-red-400"
                    data-testid="preview-error-badge"
                  >
                    <span className="sr-only"> (has errors)</span>
                  </span>
                ) : null}
              </button>
            );
          })}
        </div>
      )}
      <div
        className={cn(
          'min-h-0 flex-1',
          !wide && 'flex flex-col',
          wide &&
            (preview
              ? 'grid grid-cols-[minmax(18rem,2fr)_minmax(0,3fr)_minmax(0,3fr)] gap-4'
              : 'grid grid-cols-[minmax(20rem,2fr)_minmax(0,3fr)] gap-4'),
        )}
      >
        {panel('chat', chat, 'flex-1 gap-3')}
        {panel('code', code, 'flex-1')}
        {preview ? panel('preview', preview, 'flex-1') : null}
      </div>
    </div>
  );
}

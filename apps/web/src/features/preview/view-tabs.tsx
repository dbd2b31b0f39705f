/**
 * The preview's two views, Preview and Console, as tabs (WAI-ARIA tabs: arrows, Home and End
 * move between them), and the panel of each.
 */
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../components/ui/cn.ts';

export type PreviewView = 'preview' | 'console';

const VIEWS: Array<{ id: PreviewView; label: string }> = [
  { id: 'preview', label: 'Preview' },
  { id: 'console', label: 'Console' },
];

/** The tabs; the Console's carries the number of errors of the run. */
export function ViewTabs({
  baseId,
  view,
  onChange,
  errors,
}: {
  baseId: string;
  view: PreviewView;
  onChange: (view: PreviewView) => void;
  errors: number;
}) {
  const tabRefs = useRef<Partial<Record<PreviewView, HTMLButtonElement | null>>>({});
  const onTabKey = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0 && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    const index = VIEWS.findIndex((v) => v.id === view);
    const next =
      event.key === 'Home'
        ? VIEWS[0]!
        : event.key === 'End'
          ? VIEWS.at(-1)!
          : VIEWS[(index + step + VIEWS.length) % VIEWS.length]!;
    onChange(next.id);
    tabRefs.current[next.id]?.focus();
  };
  return (
    <div role="tablist" aria-label="Preview views" className="flex gap-1" onKeyDown={onTabKey}>
      {VIEWS.map((v) => {
        const selected = view === v.id;
        return (
          <button
            key={v.id}
            ref={(el) => {
              tabRefs.current[v.id] = el;
            }}
            id={`${baseId}-${v.id}-tab`}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={`${baseId}-${v.id}`}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(v.id)}
            className={cn(
              'inline-flex h-8 items-center gap-1.5 rounded-md px-3 text-sm @max-[24rem]:px-2',
              selected ? 'bg-white/10 text-fg' : 'text-muted hover:bg-white/5 hover:text-fg',
            )}
          >
            {v.label}
            {v.id === 'console' && errors > 0 ? (
              <span
                className="rounded-full bg-red-500/20 px-1.5 text-[11px] leading-5 text-red-200"
                aria-label={`${errors} ${errors === 1 ? 'error' : 'errors'}`}
              >
                {errors}
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}

/** The panel of tab `id`, labelled by its tab and hidden while another is shown. */
export function TabPanel({
  baseId,
  id,
  shown,
  className,
  children,
}: {
  baseId: string;
  id: PreviewView;
  shown: PreviewView;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="tabpanel"
      id={`${baseId}-${id}`}
      aria-labelledby={`${baseId}-${id}-tab`}
      hidden={shown !== id}
      className={cn(className, 'min-h-0 flex-1')}
    >
      {children}
    </div>
  );
}

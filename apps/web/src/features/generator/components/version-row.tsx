import type { VersionSource, VersionSummary } from '@codewright/contract';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../components/ui/cn.ts';

/** What made a version, as the History list says it. */
export const SOURCE_TEXT: Record<VersionSource, string> = {
  generation: 'AI generation',
  edit: 'AI edit',
  fix: 'AI fix',
  save: 'Save',
  upload: 'Upload',
  restore: 'Restore',
};

/** How the History panel writes a version's time. */
export const timeFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** Who made a version, as the list says it. */
function authorText(authorId: string | null, userId: string): string {
  if (authorId === null) return 'a deleted account';
  return authorId === userId ? 'you' : 'a teammate';
}

export interface VersionRowProps {
  version: VersionSummary;
  userId: string;
  /** The version shown on the diff's "after" side. */
  selected: boolean;
  /** The version on the "before" side. */
  comparedWith: boolean;
  onSelect: () => void;
}

/** One version in the History list: number, checkpoint name, source, time, author, prompt. */
export function VersionRow({
  version: v,
  userId,
  selected,
  comparedWith,
  onSelect,
}: VersionRowProps) {
  return (
    <li>
      <button
        type="button"
        onClick={onSelect}
        aria-current={selected ? 'true' : undefined}
        className={cn(
          'mt-1 flex w-full flex-col gap-0.5 rounded-lg border px-2.5 py-2 text-left text-sm',
          selected
            ? 'border-accent/60 bg-accent-soft'
            : comparedWith
              ? 'border-border-strong bg-white/[0.03]'
              : 'border-transparent hover:bg-white/5',
        )}
        data-testid="version-row"
        data-number={v.number}
      >
        <span className="flex items-center gap-2">
          <span className="font-semibold text-fg">v{v.number}</span>
          <span className="text-muted">{SOURCE_TEXT[v.source]}</span>
          {v.label ? (
            <Badge
              tone={selected ? 'accent-on-tint' : 'accent'}
              className="ml-auto max-w-[9rem] truncate"
              title={v.label}
            >
              {v.label}
            </Badge>
          ) : null}
        </span>
        {/* On the selected row's accent tint, subtle grey falls under 4.5:1 (axe): muted there. */}
        <span className={cn('text-xs', selected ? 'text-muted' : 'text-subtle')}>
          <time dateTime={v.createdAt}>{timeFormat.format(new Date(v.createdAt))}</time> · by{' '}
          {authorText(v.authorId, userId)}
          {comparedWith ? ' · compared' : ''}
        </span>
        {v.prompt ? (
          <span className="truncate text-xs text-muted" title={v.prompt}>
            “{v.prompt}”
          </span>
        ) : null}
      </button>
    </li>
  );
}

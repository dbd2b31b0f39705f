import { SquareDashedMousePointer, X } from 'lucide-react';
import { type PreviewSelection, selectionLabel } from '../../preview/index.ts';

export interface SelectionChipProps {
  selection: PreviewSelection | null;
  onRemove: () => void;
  disabled: boolean;
}

/**
 * The element selected in the preview (issue 53), above the prompt: the next prompt is an edit
 * of its lines only, with the whole project as context. Removing it makes the prompt an edit of
 * the code as a whole again.
 */
export function SelectionChip({ selection, onRemove, disabled }: SelectionChipProps) {
  if (!selection) return null;
  const label = selectionLabel(selection);
  const lines =
    selection.startLine === selection.endLine
      ? `line ${selection.startLine}`
      : `lines ${selection.startLine}–${selection.endLine}`;
  return (
    <div
      className="mt-2 flex max-w-full min-w-0 items-center gap-1.5 self-start rounded-full border border-accent/60 bg-accent/10 py-0.5 pr-0.5 pl-2.5 text-xs text-fg"
      data-testid="selection-chip"
      title={`The next prompt changes ${lines} of ${selection.path} only`}
    >
      <SquareDashedMousePointer
        className="size-3.5 shrink-0 text-accent-hover"
        aria-hidden="true"
      />
      <span className="truncate font-mono">{label}</span>
      <button
        type="button"
        onClick={onRemove}
        disabled={disabled}
        aria-label={`Remove the selection ${label}`}
        className="inline-flex size-6 shrink-0 items-center justify-center rounded-full text-muted hover:bg-white/10 hover:text-fg disabled:opacity-40"
      >
        <X className="size-3.5" aria-hidden="true" />
      </button>
    </div>
  );
}

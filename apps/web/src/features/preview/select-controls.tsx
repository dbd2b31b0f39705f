/**
 * Select mode's controls (issue 53): the toolbar's toggle with its key (Alt+Shift+S), and the
 * quick panel of a selected element, which changes its text or its classes in the source
 * without the model (through the review, no edit used).
 */
import { useEffect, useId, useRef, useState, type FormEvent, type Ref } from 'react';
import { SquareDashedMousePointer, X } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import {
  type PreviewSelection,
  type QuickEditRequest,
  selectionLabel,
} from './preview-selection.ts';

/** The key that turns select mode on and off, as `aria-keyshortcuts` writes it. */
export const SELECT_MODE_KEY = 'Alt+Shift+S';

/** Select mode's state and its key, anywhere on the page while the panel is there. */
export function useSelectModeKey(enabled: boolean) {
  const [selecting, setSelecting] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey && event.shiftKey && !event.ctrlKey && event.code === 'KeyS') {
        event.preventDefault();
        setSelecting((on) => !on);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
  return [enabled && selecting, setSelecting] as const;
}

export function SelectToggle({
  selecting,
  onChange,
  disabled,
  ref,
}: {
  selecting: boolean;
  onChange: (on: boolean) => void;
  disabled: boolean;
  /** Where the focus returns when select mode ends in the frame (keys there never reach the page). */
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <button
      ref={ref}
      type="button"
      onClick={() => onChange(!selecting)}
      disabled={disabled}
      aria-pressed={selecting}
      aria-keyshortcuts={SELECT_MODE_KEY}
      aria-label="Select an element in the preview"
      title={`Select an element, then say what to change (${SELECT_MODE_KEY}; Escape leaves)`}
      data-testid="preview-select"
      className={cn(
        'inline-flex size-8 items-center justify-center rounded-md disabled:pointer-events-none disabled:opacity-40',
        selecting ? 'bg-accent/25 text-fg' : 'text-muted hover:bg-white/5 hover:text-fg',
      )}
    >
      <SquareDashedMousePointer className="size-4" aria-hidden="true" />
    </button>
  );
}

export interface QuickEditPanelProps {
  selection: PreviewSelection;
  /** Applies the change (opens its review); returns a sentence when it cannot be made. */
  onApply: (request: QuickEditRequest) => string | null;
  onClose: () => void;
  /** An answer is being written: Apply waits. */
  busy: boolean;
}

const inputClass =
  'mt-1 block w-full rounded-md border border-border-strong bg-bg/60 px-2 py-1.5 text-sm text-fg focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-accent/40';

/**
 * The selected element's text and classes, editable where they are plain text in the source.
 * A new selection puts the focus on its first field: the frame had it, and keys there (even
 * Escape, Tab) belong to the page in the frame.
 */
export function QuickEditPanel({ selection, onApply, onClose, busy }: QuickEditPanelProps) {
  const { text, classes } = selection.editable;
  const [newText, setNewText] = useState(text ?? '');
  const [newClasses, setNewClasses] = useState(classes ?? '');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const field = form.current?.querySelector('input') ?? form.current?.querySelector('button');
    field?.focus({ preventScroll: true });
  }, []);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setError(
      onApply({
        ...(text !== null ? { text: newText } : {}),
        ...(classes !== null ? { classes: newClasses } : {}),
      }),
    );
  };
  const nothing = text === null && classes === null;
  return (
    <form
      ref={form}
      onSubmit={apply}
      aria-label={`Quick edit of ${selectionLabel(selection)}`}
      data-testid="quick-edit"
      className="absolute inset-x-2 bottom-2 z-10 max-h-[70%] overflow-auto rounded-xl border border-border bg-surface/95 p-3 text-sm text-fg shadow-lg backdrop-blur"
    >
      <div className="flex items-center gap-2">
        <p className="min-w-0 flex-1 truncate font-medium">
          Quick edit · <span className="font-mono text-xs">{selectionLabel(selection)}</span>
        </p>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close quick edit"
          className="inline-flex size-7 items-center justify-center rounded-md text-muted hover:bg-white/5 hover:text-fg"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
      {text !== null ? (
        <label htmlFor={`${id}-text`} className="mt-2 block text-xs text-muted">
          Text
          <input
            id={`${id}-text`}
            value={newText}
            onChange={(e) => setNewText(e.target.value)}
            className={inputClass}
          />
        </label>
      ) : null}
      {classes !== null ? (
        <label htmlFor={`${id}-classes`} className="mt-2 block text-xs text-muted">
          Classes (Tailwind: spacing, colour, size)
          <input
            id={`${id}-classes`}
            value={newClasses}
            onChange={(e) => setNewClasses(e.target.value)}
            spellCheck={false}
            className={cn(inputClass, 'font-mono text-xs')}
          />
        </label>
      ) : null}
      {nothing ? (
        <p className="mt-2 text-xs text-muted">
          Its text and classes are built by code. Say what to change in the AI Assistant.
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-xs text-red-200">
          {error}
        </p>
      ) : null}
      {nothing ? null : (
        <div className="mt-2 flex flex-wrap items-center justify-end gap-2">
          <span className="text-xs text-subtle">No edit used: you review it first.</span>
          <Button type="submit" size="sm" disabled={busy}>
            Apply
          </Button>
        </div>
      )}
    </form>
  );
}

import { useRef, useState, type FormEvent } from 'react';
import { WandSparkles } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import type { SelectedLines } from '../../editor/index.ts';

export interface EditSelectionDialogProps {
  /** The lines to edit; null closes the dialog. */
  range: SelectedLines | null;
  onClose: () => void;
  /** Sends the request: the model rewrites these lines only (one edit, reviewed like any). */
  onSubmit: (request: string, range: SelectedLines) => void;
}

const linesText = (r: SelectedLines) =>
  r.startLine === r.endLine ? `line ${r.startLine}` : `lines ${r.startLine}–${r.endLine}`;

/**
 * "Edit selection" (Ctrl/Cmd+K; docs/decisions/016 §7, 022): what should change in the selected
 * lines. The whole file goes along as context; the answer replaces only those lines, through the
 * review. Enter sends, Shift+Enter makes a new line, Escape closes.
 */
export function EditSelectionDialog({ range, onClose, onSubmit }: EditSelectionDialogProps) {
  const [request, setRequest] = useState('');
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const send = (e?: FormEvent) => {
    e?.preventDefault();
    const text = request.trim();
    if (!text || !range) return;
    onSubmit(text, range);
    setRequest('');
  };
  return (
    <Dialog
      open={range !== null}
      onClose={onClose}
      title="Edit selection"
      description={
        range
          ? `Say what should change in ${linesText(range)}. The AI sees the whole file and rewrites only these lines; you review the change before it reaches your code. Counts as one edit.`
          : undefined
      }
      initialFocusRef={inputRef}
    >
      <form onSubmit={send} className="flex flex-col gap-3">
        <label className="sr-only" htmlFor="edit-selection-request">
          What should change
        </label>
        <textarea
          id="edit-selection-request"
          ref={inputRef}
          rows={3}
          value={request}
          onChange={(e) => setRequest(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) send(e);
          }}
          placeholder="e.g. handle the empty case"
          className="w-full resize-none rounded-xl border border-border-strong bg-surface px-3 py-2 text-sm text-fg placeholder:text-subtle focus-visible:outline-2 focus-visible:outline-accent"
        />
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!request.trim()}>
            <WandSparkles className="size-4" aria-hidden="true" />
            Edit {range ? linesText(range) : 'selection'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

import { useRef, type ReactNode } from 'react';
import { Loader2 } from 'lucide-react';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while `busy` (e.g. "Deleting…"). */
  busyLabel?: string;
  cancelLabel?: string;
  /** Destructive actions get a red confirm button. */
  tone?: 'default' | 'danger';
  /** While true every control is disabled and the dialog cannot be dismissed. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A yes/no question on top of the shared Dialog (focus trap, Escape, focus return).
 * Focus starts on Cancel so Enter never confirms a destructive action by accident.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  children,
  confirmLabel,
  busyLabel,
  cancelLabel = 'Cancel',
  tone = 'default',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const dismiss = () => {
    if (!busy) onCancel();
  };
  return (
    <Dialog
      open={open}
      onClose={dismiss}
      title={title}
      description={description}
      initialFocusRef={cancelRef}
      closeDisabled={busy}
    >
      {children}
      <div
        className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end"
        aria-busy={busy || undefined}
      >
        <Button ref={cancelRef} variant="outline" onClick={dismiss} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button
          onClick={onConfirm}
          disabled={busy}
          className={
            tone === 'danger'
              ? 'bg-red-500 text-white shadow-none hover:bg-red-400 focus-visible:outline-red-400'
              : undefined
          }
        >
          {busy ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
          {busy && busyLabel ? busyLabel : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}

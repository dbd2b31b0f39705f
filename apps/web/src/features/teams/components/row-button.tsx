import { Loader2 } from 'lucide-react';
import { Button, type ButtonVariant } from '../../../components/ui/button.tsx';

export interface RowButtonProps {
  label: string;
  variant?: ButtonVariant;
  /** Any action of the list is running: every row button waits. */
  busy: boolean;
  /** This button's own action is running: it shows a spinner. */
  spinning?: boolean;
  onClick: () => void;
}

/** A small action button of a member or invitation row. */
export function RowButton({
  label,
  variant = 'outline',
  busy,
  spinning = false,
  onClick,
}: RowButtonProps) {
  return (
    <Button variant={variant} size="sm" disabled={busy} onClick={onClick}>
      {spinning ? <Loader2 className="size-3.5 animate-spin" aria-hidden="true" /> : null}
      {label}
    </Button>
  );
}
